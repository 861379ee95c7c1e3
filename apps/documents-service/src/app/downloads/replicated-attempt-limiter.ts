import { Logger } from '@nestjs/common';
import type { DownloadAttemptsChangedPayload } from '@kbe/contracts';
import { errorMessage } from '@kbe/server-bootstrap';
import type { AttemptLimiter, AttemptState, AttemptStatus } from './attempt-limiter';
import type { MongoAttemptLimiter } from './mongo.attempt-limiter';

export interface ReplicatedAttemptLimiterOptions {
  /** Whether `download-attempts.changed` is being heard now; if not, every check reads MongoDB. */
  listening: () => boolean;
  /** Announces a key's stored state to every replica (through the outbox). */
  announce: (payload: DownloadAttemptsChangedPayload) => Promise<void>;
  /** How long a key with failures but no lock is remembered (the failure window). */
  windowMs: number;
}

interface KnownAttempts {
  failures: number;
  lockedUntil: number;
  heardAt: number;
}

/**
 * Failed attempts are recorded in MongoDB (the shared truth, as before); each replica also knows
 * the keys with failures or a lock from `download-attempts.changed`, announced after every failure
 * and reset and reloaded from MongoDB when the feed (re)starts. So a download checks its keys in
 * memory: no read on the way to a PDF. The window: a lock made on another replica is known here
 * once its event arrives (the outbox relay and Kafka, well under a second); until then this
 * replica still counts failures in MongoDB and answers 429 from what it stored, and a right name
 * after failures forgets them only when the stored record holds no lock (`reset`).
 */
export class ReplicatedAttemptLimiter implements AttemptLimiter {
  private readonly logger = new Logger(ReplicatedAttemptLimiter.name);
  private readonly known = new Map<string, KnownAttempts>();

  constructor(
    private readonly store: MongoAttemptLimiter,
    private readonly options: ReplicatedAttemptLimiterOptions,
  ) {}

  async status(keys: string[], now: Date): Promise<AttemptStatus> {
    if (!this.options.listening()) return this.store.status(keys, now);
    const at = now.getTime();
    const until = Math.max(0, ...keys.map((key) => this.known.get(key)?.lockedUntil ?? 0));
    return {
      lockedFor: until > at ? Math.ceil((until - at) / 1000) : 0,
      withFailures: new Set(keys.filter((key) => (this.known.get(key)?.failures ?? 0) > 0)),
    };
  }

  async recordFailure(keys: string[], now: Date): Promise<AttemptState[]> {
    const states = await this.store.recordFailure(keys, now);
    for (const state of states) {
      this.remember(state, now.getTime());
      await this.announce(state);
    }
    return states;
  }

  async reset(key: string, now: Date): Promise<number> {
    const lockedFor = await this.store.reset(key, now);
    if (lockedFor > 0) {
      // locked through another replica: known here now, before its announcement arrives
      this.remember(await this.store.state(key), now.getTime());
      return lockedFor;
    }
    this.known.delete(key);
    await this.announce({ key, failures: 0, lockedUntil: null });
    return 0;
  }

  /** Another replica (or this one) stored a key's state. */
  heard(payload: DownloadAttemptsChangedPayload, now = Date.now()): void {
    if (payload.failures === 0 && payload.lockedUntil === null) {
      this.known.delete(payload.key); // a reset
      return;
    }
    // Two replicas' announcements of one key may cross: a lock is never shortened by an older one.
    const lockedUntil = Math.max(payload.lockedUntil ? Date.parse(payload.lockedUntil) : 0, this.known.get(payload.key)?.lockedUntil ?? 0);
    this.known.set(payload.key, { failures: payload.failures, lockedUntil, heardAt: now });
    this.forgetExpired(now);
  }

  /** What MongoDB holds now replaces what was known (the feed starts, or resumes after a gap). */
  async reload(now = new Date()): Promise<void> {
    const states = await this.store.active(now);
    this.known.clear();
    for (const state of states) this.remember(state, now.getTime());
  }

  private remember(state: AttemptState, now: number): void {
    this.heard({ key: state.key, failures: state.failures, lockedUntil: state.lockedUntil?.toISOString() ?? null }, now);
  }

  private async announce(state: AttemptState | DownloadAttemptsChangedPayload): Promise<void> {
    const lockedUntil = state.lockedUntil instanceof Date ? state.lockedUntil.toISOString() : state.lockedUntil;
    try {
      await this.options.announce({ key: state.key, failures: state.failures, lockedUntil });
    } catch (error) {
      // Stored in MongoDB all the same; other replicas learn it when their feed reloads.
      this.logger.warn(`download-attempts.changed not announced: ${errorMessage(error)}`);
    }
  }

  /** Keys whose lock ended and whose failures are older than the window. */
  private forgetExpired(now: number): void {
    if (this.known.size < 1024) return;
    for (const [key, attempts] of this.known) {
      if (attempts.lockedUntil <= now && now - attempts.heardAt > this.options.windowMs) this.known.delete(key);
    }
  }
}
