import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { randomUUID } from 'node:crypto';
import { DeliveryDocument, InflightDocument, OutcomeDocument, ReceiptDocument, type OutcomeStatus } from './delivery.schema';
import type { OutboundSms } from './outbound-message';

/**
 * A message this process holds the claim of. `inDoubt`: taken over from a sender that died
 * holding it, so the provider may or may not have accepted it already.
 */
export interface ClaimedSms extends OutboundSms {
  inDoubt: boolean;
}

/** Claimed messages and the in-flight entry that holds them until their outcomes are written. */
export interface ClaimedChunk {
  inflightId: string;
  messages: ClaimedSms[];
}

export type DeliveryOutcome =
  | { id: string; campaignId: string; status: 'sent'; attempts: number; providerMessageId: string | null }
  | { id: string; campaignId: string; status: 'dead'; attempts: number; reason: string };

/** A request the provider accepted: its id and which message went to which number. */
export interface ProviderReceipt {
  providerMessageId: string;
  recipients: Array<{ to: string; id: string }>;
}

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
    @InjectModel(ReceiptDocument.name) private readonly receipts: Model<ReceiptDocument>,
  ) {}

  /**
   * Claims `messages` for `owner`. The chunk's in-flight entry (its message ids, owner and lease:
   * one small document) is written first, so a sender that dies after claiming leaves something
   * the sweeper finds; then one claim per message in one insert, whose unique key refuses those
   * claimed before (they are dropped from the entry).
   */
  async claim(messages: readonly OutboundSms[], owner: string, leaseMs: number, now = new Date()): Promise<ClaimedChunk> {
    const unique = [...new Map(messages.map((message) => [message.id, message])).values()];
    const inflightId = randomUUID();
    if (unique.length === 0) return { inflightId, messages: [] };
    const leaseUntil = new Date(now.getTime() + leaseMs);
    await this.serial(() => this.inflight.collection.insertOne({ _id: inflightId as never, owner, leaseUntil, ids: unique.map((message) => message.id) }));
    const refused = await this.serial(() => insertIgnoringDuplicates(this.claims, unique.map((message) => toClaim(message, now))));
    const ours = unique.filter((_message, index) => !refused.has(index));
    if (refused.size > 0) {
      await this.serial(async () => {
        if (ours.length > 0) await this.inflight.updateOne({ _id: inflightId }, { $set: { ids: ours.map((message) => message.id) } }).exec();
        else await this.inflight.deleteOne({ _id: inflightId }).exec();
      });
    }
    return { inflightId, messages: ours.map((message) => ({ ...message, inDoubt: false })) };
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

  /** Writes the outcomes of a chunk this process sent, then forgets the chunk as in flight. */
  async recordOutcomes(inflightId: string, outcomes: readonly DeliveryOutcome[], receipts: readonly ProviderReceipt[] = [], now = new Date()): Promise<void> {
    await this.recordOutcomesKeepingChunk(outcomes, receipts, now);
    await this.serial(() => this.inflight.deleteOne({ _id: inflightId }).exec());
  }

  /**
   * Writes outcomes only (the chunk stays in flight: whoever takes it over skips these), and the
   * provider's receipts (one document per accepted request, found by its id when a report comes).
   */
  async recordOutcomesKeepingChunk(outcomes: readonly DeliveryOutcome[], receipts: readonly ProviderReceipt[] = [], now = new Date()): Promise<void> {
    if (receipts.length > 0) {
      await this.serial(() =>
        insertIgnoringDuplicates(
          this.receipts,
          receipts.map((receipt) => ({ _id: receipt.providerMessageId, recipients: receipt.recipients, createdAt: now })),
        ),
      );
    }
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
          providerMessageId: outcome.status === 'sent' ? outcome.providerMessageId : null,
          updatedAt: now,
        })),
      ),
    );
  }

  /** A chunk this process will not hand to the provider (shutdown): free for any sender at once (never sent). */
  async release(inflightId: string, owner: string): Promise<void> {
    await this.serial(() => this.inflight.updateOne({ _id: inflightId, owner }, { $set: { owner: null, leaseUntil: new Date(0) } }).exec());
  }

  /**
   * Takes over an in-flight chunk whose lease ran out (its sender died, or an admin re-drove
   * it): taken by one process only (update conditional on the old lease, on the small in-flight
   * set). Messages that already have an outcome are left out; the others are read back from
   * their claims by `_id`. A message without a claim was never sent and its Kafka record never
   * committed (offsets move on only after the outcomes are written): redelivery brings it back.
   */
  async takeExpired(owner: string, leaseMs: number, now = new Date()): Promise<ClaimedChunk | null> {
    for (const entry of await this.inflight.find({ leaseUntil: { $lt: now } }).limit(10).lean<InflightDocument[]>().exec()) {
      const result = await this.serial(() =>
        this.inflight.updateOne({ _id: entry._id, leaseUntil: entry.leaseUntil }, { $set: { owner, leaseUntil: new Date(now.getTime() + leaseMs) } }).exec(),
      );
      if (result.modifiedCount !== 1) continue;
      const found = await mapInPool(entry.ids, 16, async (id) => {
        if (await this.outcomes.exists({ _id: id }).exec()) return undefined;
        return (await this.claims.findById(id, { createdAt: 0 }).lean<DeliveryDocument>().exec()) ?? undefined;
      });
      // owner null: given back at shutdown or re-driven, never handed over since; otherwise the sender may have sent it.
      const messages = found.filter((doc) => doc !== undefined).map((doc) => ({ ...toOutbound(doc), inDoubt: entry.owner !== null }));
      return { inflightId: entry._id, messages };
    }
    return null;
  }

  /** Dead letters (of one campaign, or all) back in flight with no owner and an expired lease: the sweeper sends them. */
  async redriveDead(campaignId: string | undefined): Promise<string[]> {
    const filter: Record<string, unknown> = { status: 'dead' };
    if (campaignId) filter['campaignId'] = campaignId;
    const dead = await this.outcomes.find(filter, { _id: 1, campaignId: 1 }).lean<Array<Pick<OutcomeDocument, '_id' | 'campaignId'>>>().exec();
    if (dead.length === 0) return [];
    const ids = dead.map((doc) => doc._id);
    await this.serial(() => this.inflight.collection.insertOne({ _id: randomUUID() as never, owner: null, leaseUntil: new Date(0), ids }));
    await this.serial(() => mapInPool(ids, 1, (id) => this.outcomes.deleteOne({ _id: id }).exec()));
    return [...new Set(dead.map((doc) => doc.campaignId))];
  }

  /**
   * Applies a provider delivery report to the message it accepted under `providerMessageId` for
   * `number` (any form with the same digits; without a number, only a one-recipient request
   * matches). Reads the receipt and the outcome by `_id` only. Returns the campaign, or null
   * when no message that is still `sent` matched.
   */
  async recordDeliveryReport(
    providerMessageId: string,
    number: string | undefined,
    status: 'delivered' | 'failed',
    reason: string | null,
    now = new Date(),
  ): Promise<string | null> {
    const receipt = await this.receipts.findById(providerMessageId).lean<ReceiptDocument>().exec();
    if (!receipt) return null;
    const digits = number?.replace(/\D/g, '');
    const recipient =
      digits === undefined
        ? receipt.recipients.length === 1
          ? receipt.recipients[0]
          : undefined
        : receipt.recipients.find((entry) => entry.to.replace(/\D/g, '') === digits);
    if (!recipient) return null;
    const outcome = await this.outcomes.findById(recipient.id).lean<OutcomeDocument>().exec();
    if (outcome?.status !== 'sent') return null;
    await this.serial(() =>
      this.outcomes.updateOne({ _id: recipient.id }, { $set: { status, reason: status === 'failed' ? reason : null, updatedAt: now } }).exec(),
    );
    return outcome.campaignId;
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

/** `work` over `items`, at most `size` at once, results in order. */
async function mapInPool<T, R>(items: readonly T[], size: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(size, items.length) }, worker));
  return results;
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

function toOutbound(doc: Omit<DeliveryDocument, 'createdAt'>): OutboundSms {
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
