import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { DeliveryDocument, InflightDocument, OutcomeDocument, ProviderReceiptDocument, type OutcomeStatus } from './delivery.schema';
import type { OutboundSms } from './outbound-message';

/**
 * A message this process holds the claim of. `inDoubt`: taken over from a sender that died
 * holding it, so the provider may or may not have accepted it already.
 */
export interface ClaimedSms extends OutboundSms {
  inDoubt: boolean;
}

export type DeliveryOutcome =
  | { id: string; campaignId: string; status: 'sent'; attempts: number; providerMessageId: string | null }
  | { id: string; campaignId: string; status: 'dead'; attempts: number; reason: string };

export interface CampaignCounts {
  sent: number;
  delivered: number;
  failed: number;
  failures: Array<{ reason: string; count: number }>;
}

export interface RejectedRecipient {
  id: string;
  campaignId: string;
  messageType: string;
  to: string;
  candidateCode?: string;
  reason: string;
}

const DUPLICATE_KEY = 11000;

/**
 * The delivery log. Claiming a message inserts its in-flight entry and its claim, whose unique
 * `_id` is the idempotency key: a redelivered Kafka record, a restarted sender or a second
 * sender process finds the key taken and does not send. Outcomes are inserted, and the
 * in-flight entry deleted, once the provider answered.
 */
@Injectable()
export class DeliveryRepository {
  /** Tail of the chain of writes: this process writes the delivery log one operation at a time. */
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    @InjectModel(DeliveryDocument.name) private readonly claims: Model<DeliveryDocument>,
    @InjectModel(InflightDocument.name) private readonly inflight: Model<InflightDocument>,
    @InjectModel(OutcomeDocument.name) private readonly outcomes: Model<OutcomeDocument>,
    @InjectModel(ProviderReceiptDocument.name) private readonly receipts: Model<ProviderReceiptDocument>,
  ) {}

  /**
   * Claims `messages` for `owner`; returns those this call claimed. The in-flight entry goes
   * first, so a crash between the two inserts leaves a claim that the sweeper still finds.
   */
  async claim(messages: readonly OutboundSms[], owner: string, leaseMs: number, now = new Date()): Promise<ClaimedSms[]> {
    const unique = [...new Map(messages.map((message) => [message.id, message])).values()];
    if (unique.length === 0) return [];
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const busy = await this.serial(() =>
      insertIgnoringDuplicates(this.inflight, unique.map((message) => ({ ...toClaim(message, now), owner, leaseUntil }))),
    );
    const ours = unique.filter((_message, index) => !busy.has(index));
    if (ours.length === 0) return [];
    const done = await this.serial(() => insertIgnoringDuplicates(this.claims, ours.map((message) => toClaim(message, now))));
    const alreadyClaimed = ours.filter((_message, index) => done.has(index)).map((message) => message.id);
    if (alreadyClaimed.length > 0) await this.serial(() => this.inflight.deleteMany({ _id: { $in: alreadyClaimed }, owner }).exec());
    return ours.filter((_message, index) => !done.has(index)).map((message) => ({ ...message, inDoubt: false }));
  }

  /** Records recipients rejected before queueing (no valid number) as failed; idempotent. */
  async recordRejected(rejected: readonly RejectedRecipient[], now = new Date()): Promise<void> {
    if (rejected.length === 0) return;
    await this.serial(() =>
      insertIgnoringDuplicates(
        this.claims,
        rejected.map((entry) => toClaim({ ...entry, to: entry.to || '(none)', text: '-', encoding: 'GSM-7', segments: 1 }, now)),
      ),
    );
    await this.serial(() =>
      insertIgnoringDuplicates(
        this.outcomes,
        rejected.map((entry) => ({ _id: entry.id, campaignId: entry.campaignId, status: 'failed', reason: entry.reason, attempts: 0, updatedAt: now })),
      ),
    );
  }

  /** Writes the outcomes of messages this process sent, then forgets them as in flight. */
  async recordOutcomes(outcomes: readonly DeliveryOutcome[], now = new Date()): Promise<void> {
    if (outcomes.length === 0) return;
    await this.serial(() =>
      insertIgnoringDuplicates(
        this.outcomes,
        outcomes.map((outcome) => ({
          _id: outcome.id,
          campaignId: outcome.campaignId,
          status: outcome.status,
          reason: outcome.status === 'dead' ? outcome.reason : null,
          attempts: outcome.attempts,
          updatedAt: now,
        })),
      ),
    );
    const receipts = outcomes.flatMap((outcome) =>
      outcome.status === 'sent' && outcome.providerMessageId ? [{ _id: outcome.providerMessageId, deliveryId: outcome.id }] : [],
    );
    if (receipts.length > 0) await this.serial(() => insertIgnoringDuplicates(this.receipts, receipts));
    await this.serial(() => this.inflight.deleteMany({ _id: { $in: outcomes.map((outcome) => outcome.id) } }).exec());
  }

  /** Claims this process will not hand to the provider (shutdown): free for any sender at once (never sent). */
  async release(ids: readonly string[], owner: string): Promise<void> {
    if (ids.length === 0) return;
    await this.serial(() => this.inflight.updateMany({ _id: { $in: [...ids] }, owner }, { $set: { owner: null, leaseUntil: new Date(0) } }).exec());
  }

  /**
   * Takes over in-flight claims whose lease ran out (their sender died, or an admin re-drove
   * them): each is taken by one process only (update conditional on the old lease).
   */
  async takeExpired(owner: string, leaseMs: number, limit: number, now = new Date()): Promise<ClaimedSms[]> {
    const expired = await this.inflight.find({ leaseUntil: { $lt: now } }).limit(limit).lean<InflightDocument[]>().exec();
    const taken: ClaimedSms[] = [];
    for (const entry of expired) {
      const result = await this.serial(() =>
        this.inflight.updateOne({ _id: entry._id, leaseUntil: entry.leaseUntil }, { $set: { owner, leaseUntil: new Date(now.getTime() + leaseMs) } }).exec(),
      );
      if (result.modifiedCount !== 1) continue;
      if (await this.outcomes.exists({ _id: entry._id }).exec()) {
        // Its outcome was written just before its sender died: nothing to send.
        await this.serial(() => this.inflight.deleteOne({ _id: entry._id }).exec());
        continue;
      }
      // No claim yet: its sender died between the two inserts, before any provider call.
      const claimed = await this.serial(() => insertIgnoringDuplicates(this.claims, [toClaim(toOutbound(entry), now)]));
      const neverSent = entry.owner === null || !claimed.has(0);
      taken.push({ ...toOutbound(entry), inDoubt: !neverSent });
    }
    return taken;
  }

  /** Dead letters (of one campaign, or all) back in flight with no owner and an expired lease: the sweeper sends them. */
  async redriveDead(campaignId: string | undefined): Promise<string[]> {
    const filter: Record<string, unknown> = { status: 'dead' };
    if (campaignId) filter['campaignId'] = campaignId;
    const dead = await this.outcomes.find(filter, { _id: 1, campaignId: 1 }).lean<Array<Pick<OutcomeDocument, '_id' | 'campaignId'>>>().exec();
    if (dead.length === 0) return [];
    const ids = dead.map((doc) => doc._id);
    const claims = await this.claims.find({ _id: { $in: ids } }).lean<DeliveryDocument[]>().exec();
    await this.serial(() => insertIgnoringDuplicates(this.inflight, claims.map((claim) => ({ ...claim, owner: null, leaseUntil: new Date(0) }))));
    await this.serial(() => this.outcomes.deleteMany({ _id: { $in: ids }, status: 'dead' }).exec());
    return [...new Set(dead.map((doc) => doc.campaignId))];
  }

  /** Applies a provider delivery report to a message it accepted; returns its campaign, or null when none matched. */
  async recordDeliveryReport(providerMessageId: string, status: 'delivered' | 'failed', reason: string | null, now = new Date()): Promise<string | null> {
    const receipt = await this.receipts.findById(providerMessageId).lean<ProviderReceiptDocument>().exec();
    if (!receipt) return null;
    const doc = await this.serial(() =>
      this.outcomes
        .findOneAndUpdate({ _id: receipt.deliveryId, status: 'sent' }, { $set: { status, reason: status === 'failed' ? reason : null, updatedAt: now } }, { new: true })
        .lean<OutcomeDocument>()
        .exec(),
    );
    return doc?.campaignId ?? null;
  }

  async countsOf(campaignId: string): Promise<CampaignCounts> {
    const groups = await this.outcomes
      .aggregate<{ _id: { status: OutcomeStatus; reason: string | null }; count: number }>([
        { $match: { campaignId } },
        { $group: { _id: { status: '$status', reason: '$reason' }, count: { $sum: 1 } } },
      ])
      .exec();
    const counts: CampaignCounts = { sent: 0, delivered: 0, failed: 0, failures: [] };
    const reasons = new Map<string, number>();
    for (const { _id, count } of groups) {
      if (_id.status === 'sent' || _id.status === 'delivered') counts.sent += count;
      if (_id.status === 'delivered') counts.delivered += count;
      if (_id.status === 'failed' || _id.status === 'dead') {
        counts.failed += count;
        const reason = _id.reason ?? 'unknown';
        reasons.set(reason, (reasons.get(reason) ?? 0) + count);
      }
    }
    counts.failures = [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
    return counts;
  }

  /**
   * FerretDB's SQLite backend has one writer per database: concurrent multi-document writes
   * from several partitions only contend (and were seen to stall), so this process queues them.
   */
  private serial<T>(write: () => Promise<T>): Promise<T> {
    const next = this.writes.then(write, write);
    this.writes = next.catch(() => undefined);
    return next;
  }
}

/** Inserts, skipping documents whose `_id` exists; returns the indexes refused as duplicates. */
async function insertIgnoringDuplicates<T>(model: Model<T>, docs: readonly object[]): Promise<Set<number>> {
  if (docs.length === 0) return new Set();
  try {
    await model.collection.insertMany(docs as never[], { ordered: false });
    return new Set();
  } catch (error) {
    const writeErrors = writeErrorsOf(error);
    if (writeErrors.length === 0 || writeErrors.some((entry) => entry.code !== DUPLICATE_KEY)) throw error;
    return new Set(writeErrors.map((entry) => entry.index));
  }
}

function writeErrorsOf(error: unknown): Array<{ index: number; code: number }> {
  const raw = (error as { writeErrors?: unknown } | null)?.writeErrors;
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((entry: { index?: number; code?: number; err?: { index?: number; code?: number } }) => ({
    index: entry.index ?? entry.err?.index ?? -1,
    code: entry.code ?? entry.err?.code ?? -1,
  }));
}

function toClaim(message: Omit<OutboundSms, 'encoding'> & { encoding: string }, now: Date) {
  return {
    _id: message.id,
    campaignId: message.campaignId,
    messageType: message.messageType,
    to: message.to,
    text: message.text,
    encoding: message.encoding,
    segments: message.segments,
    candidateCode: message.candidateCode ?? null,
    createdAt: now,
  };
}

function toOutbound(doc: DeliveryDocument): OutboundSms {
  return {
    id: doc._id,
    campaignId: doc.campaignId,
    messageType: doc.messageType,
    to: doc.to,
    text: doc.text,
    encoding: doc.encoding === 'UCS-2' ? 'UCS-2' : 'GSM-7',
    segments: doc.segments,
    ...(doc.candidateCode ? { candidateCode: doc.candidateCode } : {}),
  };
}
