import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { DeliveryDocument, ProviderReceiptDocument, type DeliveryStatus } from './delivery.schema';
import type { OutboundSms } from './outbound-message';

/**
 * A message this process holds the claim of. `inDoubt`: taken over from a sender that died
 * holding it, so the provider may or may not have accepted it already.
 */
export interface ClaimedSms extends OutboundSms {
  inDoubt: boolean;
}

export type DeliveryOutcome =
  | { id: string; status: 'sent'; attempts: number; providerMessageId: string | null }
  | { id: string; status: 'dead'; attempts: number; reason: string };

export interface CampaignCounts {
  sent: number;
  delivered: number;
  failed: number;
  /** Claimed and not finished yet. */
  sending: number;
  failures: Array<{ reason: string; count: number }>;
}

const DUPLICATE_KEY = 11000;

/**
 * The delivery log: one document per (campaign or event, recipient), whose unique `_id` is the
 * record that a message was claimed for the provider. Inserting the claim is the only way to
 * send, so a redelivered Kafka record, a restarted sender or a second sender finds the key taken.
 */
@Injectable()
export class DeliveryRepository {
  /** Tail of the chain of writes: this process writes the delivery log one operation at a time. */
  private writes: Promise<unknown> = Promise.resolve();

  constructor(
    @InjectModel(DeliveryDocument.name) private readonly model: Model<DeliveryDocument>,
    @InjectModel(ProviderReceiptDocument.name) private readonly receipts: Model<ProviderReceiptDocument>,
  ) {}

  /**
   * FerretDB's SQLite backend has one writer per database: concurrent multi-document writes
   * from several partitions only contend (and were seen to stall), so writes are queued here
   * and made in batches instead.
   */
  private serial<T>(write: () => Promise<T>): Promise<T> {
    const next = this.writes.then(write, write);
    this.writes = next.catch(() => undefined);
    return next;
  }

  /** Inserts claims for `messages`; returns those this call claimed (the others were claimed before). */
  async claim(messages: readonly OutboundSms[], owner: string, leaseMs: number, now = new Date()): Promise<ClaimedSms[]> {
    if (messages.length === 0) return [];
    const unique = [...new Map(messages.map((message) => [message.id, message])).values()];
    const leaseUntil = new Date(now.getTime() + leaseMs);
    const docs = unique.map((message) => ({
      _id: message.id,
      campaignId: message.campaignId,
      messageType: message.messageType,
      to: message.to,
      text: message.text,
      encoding: message.encoding,
      segments: message.segments,
      candidateCode: message.candidateCode ?? null,
      status: 'sending' as DeliveryStatus,
      attempts: 0,
      reason: null,
      owner,
      leaseUntil,
      createdAt: now,
      updatedAt: now,
    }));
    const refused = await this.serial(() => insertIgnoringDuplicates(this.model, docs));
    return unique.filter((_message, index) => !refused.has(index)).map((message) => ({ ...message, inDoubt: false }));
  }

  /** Records recipients rejected before queueing (no valid number) as failed; idempotent. */
  async recordRejected(rejected: ReadonlyArray<{ id: string; campaignId: string; messageType: string; to: string; candidateCode?: string; reason: string }>, now = new Date()): Promise<void> {
    if (rejected.length === 0) return;
    const docs = rejected.map((entry) => ({
        _id: entry.id,
        campaignId: entry.campaignId,
        messageType: entry.messageType,
        to: entry.to || '(none)',
        text: '-',
        encoding: 'GSM-7',
        segments: 1,
        candidateCode: entry.candidateCode ?? null,
        status: 'failed' as DeliveryStatus,
        attempts: 0,
        reason: entry.reason,
        owner: null,
        leaseUntil: null,
        createdAt: now,
        updatedAt: now,
      }));
    await this.serial(() => insertIgnoringDuplicates(this.model, docs));
  }

  /**
   * Writes the outcome of messages this process sent (only while the claim is still `sending`):
   * the sent ones in one update, the provider's message ids in one insert (for its delivery
   * reports), the given-up ones one by one (rare).
   */
  async recordOutcomes(outcomes: readonly DeliveryOutcome[], now = new Date()): Promise<void> {
    const sent = outcomes.filter((outcome) => outcome.status === 'sent');
    if (sent.length > 0) {
      await this.serial(() =>
        this.model
          .updateMany({ _id: { $in: sent.map((outcome) => outcome.id) }, status: 'sending' }, { $set: { status: 'sent', reason: null, owner: null, leaseUntil: null, updatedAt: now } })
          .exec(),
      );
      const receipts = sent.flatMap((outcome) => (outcome.providerMessageId ? [{ _id: outcome.providerMessageId, deliveryId: outcome.id }] : []));
      if (receipts.length > 0) await this.serial(() => insertIgnoringDuplicates(this.receipts, receipts));
    }
    for (const outcome of outcomes) {
      if (outcome.status !== 'dead') continue;
      await this.serial(() =>
        this.model
          .updateOne({ _id: outcome.id, status: 'sending' }, { $set: { status: 'dead', attempts: outcome.attempts, reason: outcome.reason, owner: null, leaseUntil: null, updatedAt: now } })
          .exec(),
      );
    }
  }

  /** Gives claims back (shutdown before they were handed to the provider): deleted, so Kafka redelivers them. */
  async release(ids: readonly string[], owner: string): Promise<void> {
    if (ids.length === 0) return;
    await this.serial(() => this.model.deleteMany({ _id: { $in: [...ids] }, owner, status: 'sending' }).exec());
  }

  /** Claims this process took over but could not hand over before stopping: free for any sender now (never sent). */
  async expire(ids: readonly string[], owner: string, now = new Date()): Promise<void> {
    if (ids.length === 0) return;
    await this.serial(() =>
      this.model.updateMany({ _id: { $in: [...ids] }, owner, status: 'sending' }, { $set: { owner: null, leaseUntil: new Date(0), updatedAt: now } }).exec(),
    );
  }

  /**
   * Takes over claims whose lease ran out (their sender died): each is taken by one process only
   * (conditional update on the old lease). Dead letters re-driven by an admin come back this way too.
   */
  async takeExpired(owner: string, leaseMs: number, limit: number, now = new Date()): Promise<ClaimedSms[]> {
    const expired = await this.model
      .find({ status: 'sending', leaseUntil: { $lt: now } })
      .limit(limit)
      .lean<DeliveryDocument[]>()
      .exec();
    const taken: ClaimedSms[] = [];
    for (const doc of expired) {
      const result = await this.serial(() =>
        this.model
          .updateOne({ _id: doc._id, status: 'sending', leaseUntil: doc.leaseUntil }, { $set: { owner, leaseUntil: new Date(now.getTime() + leaseMs), updatedAt: now } })
          .exec(),
      );
      if (result.modifiedCount === 1) taken.push({ ...toOutbound(doc), inDoubt: doc.owner !== null });
    }
    return taken;
  }

  /** Dead letters back to `sending` with an expired lease and no owner (never accepted by the provider: safe to resend). */
  async redriveDead(campaignId: string | undefined, now = new Date()): Promise<number> {
    const filter: Record<string, unknown> = { status: 'dead' };
    if (campaignId) filter['campaignId'] = campaignId;
    const result = await this.model
      .updateMany(filter, { $set: { status: 'sending', owner: null, leaseUntil: new Date(0), attempts: 0, reason: null, updatedAt: now } })
      .exec();
    return result.modifiedCount;
  }

  /** Applies a provider delivery report to a message it accepted; returns its campaign, or null when none matched. */
  async recordDeliveryReport(providerMessageId: string, status: 'delivered' | 'failed', reason: string | null, now = new Date()): Promise<string | null> {
    const receipt = await this.receipts.findById(providerMessageId).lean<ProviderReceiptDocument>().exec();
    if (!receipt) return null;
    const doc = await this.serial(() =>
      this.model
        .findOneAndUpdate({ _id: receipt.deliveryId, status: 'sent' }, { $set: { status, reason: status === 'failed' ? reason : null, updatedAt: now } }, { new: true })
        .lean<DeliveryDocument>()
        .exec(),
    );
    return doc?.campaignId ?? null;
  }

  async countsOf(campaignId: string): Promise<CampaignCounts> {
    const groups = await this.model
      .aggregate<{ _id: { status: DeliveryStatus; reason: string | null }; count: number }>([
        { $match: { campaignId } },
        { $group: { _id: { status: '$status', reason: '$reason' }, count: { $sum: 1 } } },
      ])
      .exec();
    const counts: CampaignCounts = { sent: 0, delivered: 0, failed: 0, sending: 0, failures: [] };
    const reasons = new Map<string, number>();
    for (const { _id, count } of groups) {
      if (_id.status === 'sent') counts.sent += count;
      if (_id.status === 'delivered') {
        counts.sent += count;
        counts.delivered += count;
      }
      if (_id.status === 'sending') counts.sending += count;
      if (_id.status === 'failed' || _id.status === 'dead') {
        counts.failed += count;
        const reason = _id.reason ?? 'unknown';
        reasons.set(reason, (reasons.get(reason) ?? 0) + count);
      }
    }
    counts.failures = [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
    return counts;
  }

}

/** Inserts, skipping documents whose `_id` exists; returns the indexes that were refused as duplicates. */
async function insertIgnoringDuplicates(model: Model<never> | Model<DeliveryDocument> | Model<ProviderReceiptDocument>, docs: readonly object[]): Promise<Set<number>> {
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
