import type { Collection, Connection } from 'mongoose';
import type { AttemptLimiter, AttemptLimits, AttemptState, AttemptStatus } from './attempt-limiter';

interface AttemptRecord {
  _id: string;
  windowStart: Date;
  failures: number;
  lockedUntil: Date | null;
}

/**
 * Attempt counters in the service's database (collection `download_attempts`), so every
 * replica sees the same locks. A fixed window per key: the first failure opens it. Every read
 * and write of a download is by `_id` (the key; `active`, at a feed's (re)start, reads by filter).
 * `limits` applies to every key, or is chosen per key (`limitsOfKey`).
 */
export class MongoAttemptLimiter implements AttemptLimiter {
  private readonly records: Collection<AttemptRecord>;
  private readonly limitsOf: (key: string) => AttemptLimits;

  constructor(connection: Connection, limits: AttemptLimits | ((key: string) => AttemptLimits)) {
    this.records = connection.collection<AttemptRecord>('download_attempts');
    this.limitsOf = typeof limits === 'function' ? limits : () => limits;
  }

  async status(keys: string[], now: Date): Promise<AttemptStatus> {
    const records = await Promise.all(keys.map((key) => this.records.findOne({ _id: key })));
    const until = Math.max(0, ...records.map((record) => record?.lockedUntil?.getTime() ?? 0));
    return {
      lockedFor: until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0,
      withFailures: new Set(keys.filter((_, i) => (records[i]?.failures ?? 0) > 0)),
    };
  }

  async recordFailure(keys: string[], now: Date): Promise<AttemptState[]> {
    await Promise.all(keys.map((key) => this.failOne(key, now)));
    return Promise.all(keys.map((key) => this.state(key)));
  }

  /** The keys locked now or with failures on record (a few: only failures leave records). */
  async active(now: Date): Promise<AttemptState[]> {
    const records = await this.records.find({ $or: [{ failures: { $gt: 0 } }, { lockedUntil: { $gt: now } }] }).toArray();
    return records.map((record) => ({ key: record._id, failures: record.failures, lockedUntil: record.lockedUntil }));
  }

  async state(key: string): Promise<AttemptState> {
    const record = await this.records.findOne({ _id: key });
    return { key, failures: record?.failures ?? 0, lockedUntil: record?.lockedUntil ?? null };
  }

  async reset(key: string, now: Date): Promise<number> {
    const { deletedCount } = await this.records.deleteOne({ _id: key, $or: [{ lockedUntil: null }, { lockedUntil: { $lte: now } }] });
    if (deletedCount > 0) return 0;
    const until = (await this.records.findOne({ _id: key }))?.lockedUntil?.getTime() ?? 0;
    return until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
  }

  private async failOne(key: string, now: Date): Promise<void> {
    const limits = this.limitsOf(key);
    const windowOpenedAfter = new Date(now.getTime() - limits.windowSeconds * 1000);
    const current = await this.records.findOne({ _id: key });
    if (!current || current.windowStart <= windowOpenedAfter) {
      await this.records.updateOne(
        { _id: key },
        { $set: { windowStart: now, failures: 1, lockedUntil: current?.lockedUntil ?? null } },
        { upsert: true },
      );
      if (limits.limit <= 1) await this.lock(key, now);
      return;
    }
    await this.records.updateOne({ _id: key }, { $inc: { failures: 1 } });
    const updated = await this.records.findOne({ _id: key });
    if (updated && updated.failures >= limits.limit) await this.lock(key, now);
  }

  private async lock(key: string, now: Date): Promise<void> {
    const lockedUntil = new Date(now.getTime() + this.limitsOf(key).lockoutSeconds * 1000);
    // A lock starts a fresh window: the failures that caused it are spent.
    await this.records.updateOne({ _id: key }, { $set: { lockedUntil, failures: 0, windowStart: now } });
  }
}
