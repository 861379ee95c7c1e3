import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { duplicateInsertIndexes } from '@kbe/server-database';
import { randomUUID } from 'node:crypto';
import { DeliveryDocument, InflightDocument, OutcomeDocument, type OutcomeStatus } from './delivery.schema';
import type { InflightSms, OutboundSms } from './outbound-message';
import { messageJson, packMessages, parseMessageJson, unpackMessages } from './packed-messages';

/**
 * A message this process holds the claim of. `inDoubt`: taken over from a sender that died
 * holding it, so the provider may or may not have accepted it already. `cancelled`: its
 * candidate's data was erased while it waited (`cancelledSms`): never sent.
 */
export interface ClaimedSms extends OutboundSms {
  inDoubt: boolean;
  cancelled?: true;
}

/** An outcome already written for a message of a chunk taken over (its request was answered). */
export type RecordedOutcome = { status: 'sent' } | { status: 'dead'; reason: string; attempts: number };

/**
 * Claimed messages and the in-flight entry that holds them until their outcomes are written.
 * `holder` names this one holding of the entry (a new one at every claim and take-over, even
 * within one process): renewals, the release and the final delete apply only while the entry
 * is still held by it, so a holder whose lease ran out cannot touch its successor's.
 */
export interface ClaimedChunk {
  inflightId: string;
  holder: string;
  /** Until when the lease written with the claim (or take-over) runs. */
  leaseUntil: Date;
  messages: ClaimedSms[];
  /**
   * Take-over only: outcomes already written for some of `messages` (their request was
   * answered). The chunk keeps those messages so that it splits into the same provider requests
   * (the same idempotency keys) as when it was first sent.
   */
  recorded?: ReadonlyMap<string, RecordedOutcome>;
}

/**
 * How a message ended. `sent` names its provider request (`requestKey`, the request's
 * idempotency key): the `sent` outcomes of one request are written as one document.
 */
export type DeliveryOutcome =
  | { id: string; campaignId: string; status: 'sent'; requestKey: string; attempts: number; providerMessageId: string | null }
  | { id: string; campaignId: string; status: 'dead'; attempts: number; reason: string; message: OutboundSms };

/** A request the provider accepted: its id, its campaign and which message went to which number. */
export interface ProviderReceipt {
  providerMessageId: string;
  campaignId: string;
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

interface CoalescedInsert {
  docs: readonly object[];
  resolve: (refused: Set<number>) => void;
  reject: (error: unknown) => void;
}

/** Outcome documents of provider receipts share the outcomes collection (one insert per chunk): `_id` prefix. */
export const RECEIPT_PREFIX = 'receipt:';
/** The `sent` outcome of one provider request (all its messages): `_id` prefix before the request's idempotency key. */
const SENT_REQUEST_PREFIX = 'sent:';

/**
 * The delivery log. Claiming a chunk inserts its in-flight entry (one document with the
 * messages) and one claim per message, whose unique `_id` is the idempotency key: a redelivered
 * Kafka record, a restarted sender or a second sender process finds the key taken and does not
 * send. Outcomes (and the provider's receipts) are inserted in one write once the provider
 * answered, and the in-flight entry deleted: five writes per chunk whatever its size. The claim
 * is the only document written per message, with as few fields as possible (FerretDB's cost per
 * document grows with its fields: an `_id`-only claim costs a quarter of a full one); a provider
 * request's `sent` outcome is one document for all its messages, under its idempotency key.
 */
@Injectable()
export class DeliveryRepository {
  /** Tail of the chain of writes: this process writes the delivery log one operation at a time. */
  private writes: Promise<unknown> = Promise.resolve();
  private readonly forgetting = new Set<Promise<void>>();
  /** Per collection, the inserts waiting for the queued command that will write them together. */
  private readonly coalescing = new Map<string, CoalescedInsert[]>();
  /** Finished chunks waiting for the queued command that deletes them together. */
  private finishing?: { chunks: Array<Pick<ClaimedChunk, 'inflightId' | 'holder'>>; done: Promise<unknown> };

  constructor(
    @InjectModel(DeliveryDocument.name) private readonly claims: Model<DeliveryDocument>,
    @InjectModel(InflightDocument.name) private readonly inflight: Model<InflightDocument>,
    @InjectModel(OutcomeDocument.name) private readonly outcomes: Model<OutcomeDocument>,
  ) {}

  /**
   * Claims `messages` for `owner`. The chunk's in-flight entry (owner, lease and the messages,
   * packed: `packMessages`) is written first, so a sender that dies after claiming leaves something the
   * sweeper finds; then one claim per message (`_id` and the chunk) in one insert, whose unique
   * key refuses those claimed before (they are dropped from the entry).
   */
  async claim(messages: readonly OutboundSms[], owner: string, leaseMs: number, now = new Date()): Promise<ClaimedChunk> {
    const unique = [...new Map(messages.map((message) => [message.id, message])).values()];
    const inflightId = randomUUID();
    const holder = holderOf(owner);
    const leaseUntil = new Date(now.getTime() + leaseMs);
    if (unique.length === 0) return { inflightId, holder, leaseUntil, messages: [] };
    await this.insertCoalesced(this.inflight, [{ _id: inflightId, owner: holder, leaseUntil, packed: packMessages(unique) }]);
    const refused = await this.insertCoalesced(this.claims, unique.map((message) => ({ _id: message.id, chunk: inflightId })));
    const ours = unique.filter((_message, index) => !refused.has(index));
    if (refused.size > 0) {
      await this.serial(async () => {
        if (ours.length > 0) await this.inflight.updateOne({ _id: inflightId }, { $set: { packed: packMessages(ours) } }).exec();
        else await this.inflight.deleteOne({ _id: inflightId }).exec();
      });
    }
    return { inflightId, holder, leaseUntil, messages: ours.map((message) => ({ ...message, inDoubt: false })) };
  }

  /**
   * Extends the lease of a chunk its holder is still sending, if it still holds it; false when
   * it does not (taken over, released or finished). One document by `_id` and holder, outside
   * the queue of multi-document writes, so a long queue cannot let a live sender's lease run out.
   */
  async renew(chunk: Pick<ClaimedChunk, 'inflightId' | 'holder'>, leaseUntil: Date): Promise<boolean> {
    const result = await this.inflight.updateOne({ _id: chunk.inflightId, owner: chunk.holder }, { $set: { leaseUntil } }).exec();
    return result.matchedCount === 1;
  }

  /** Records recipients rejected before queueing (no valid number) as failed; idempotent (the outcome's `_id`). */
  async recordRejected(rejected: readonly RejectedRecipient[], now = new Date()): Promise<void> {
    if (rejected.length === 0) return;
    await this.serial(() =>
      insertIgnoringDuplicates(
        this.outcomes,
        rejected.map((entry) => ({ _id: entry.id, campaignId: entry.campaignId, status: 'failed', reason: entry.reason, attempts: 0, updatedAt: now })),
      ),
    );
  }

  /**
   * Writes the outcomes of a chunk this process sent, then forgets the chunk as in flight. The
   * delete is not waited for (the caller commits its offsets meanwhile): if it never happens, the
   * chunk is taken over when its lease ends and, every message having its outcome, just deleted.
   */
  async recordOutcomes(
    chunk: Pick<ClaimedChunk, 'inflightId' | 'holder'>,
    outcomes: readonly DeliveryOutcome[],
    receipts: readonly ProviderReceipt[] = [],
    now = new Date(),
  ): Promise<void> {
    await this.recordOutcomesKeepingChunk(outcomes, receipts, now);
    // Only while this holder holds it: a successor that took it over deletes it when it is done.
    const forget = this.forgetCoalesced(chunk).then(
      () => undefined,
      () => undefined,
    );
    this.forgetting.add(forget);
    void forget.finally(() => this.forgetting.delete(forget));
  }

  /** Waits for the in-flight entries being deleted (shutdown). */
  async drain(): Promise<void> {
    await Promise.all([...this.forgetting]);
  }

  /**
   * Writes outcomes only (the chunk stays in flight: whoever takes it over skips these), with
   * the provider's receipts (one document per accepted request: its numbers and messages, found
   * by the request id when a delivery report comes), in one insert.
   */
  async recordOutcomesKeepingChunk(outcomes: readonly DeliveryOutcome[], receipts: readonly ProviderReceipt[] = [], now = new Date()): Promise<void> {
    const docs: object[] = [];
    const requests = new Map<string, { _id: string; campaignId: string; status: 'sent'; count: number }>();
    for (const outcome of outcomes) {
      if (outcome.status === 'sent') {
        // One document per request and campaign (a request holds one campaign's messages): its message count.
        const _id = `${SENT_REQUEST_PREFIX}${outcome.requestKey}`;
        const request = requests.get(_id);
        if (request) request.count += 1;
        else requests.set(_id, { _id, campaignId: outcome.campaignId, status: 'sent', count: 1 });
      } else {
        // A dead letter keeps its message: an admin's re-drive sends it again from here.
        docs.push({ _id: outcome.id, campaignId: outcome.campaignId, status: 'dead', attempts: outcome.attempts, reason: outcome.reason, message: messageJson(outcome.message), updatedAt: now });
      }
    }
    docs.push(...requests.values());
    // Receipts after the outcomes: a receipt (and so a delivery report) never without its request's outcome.
    for (const receipt of receipts) {
      docs.push({
        _id: `${RECEIPT_PREFIX}${receipt.providerMessageId}`,
        campaign: receipt.campaignId,
        numbers: receipt.recipients.map((recipient) => recipient.to),
        ids: receipt.recipients.map((recipient) => recipient.id),
      });
    }
    if (docs.length === 0) return;
    await this.insertCoalesced(this.outcomes, docs);
  }

  /**
   * Of these provider requests (idempotency keys), those whose `sent` outcome is written: they
   * were answered, and a chunk taken over does not send them again. Reads by `_id` only.
   */
  async sentRequests(requestKeys: readonly string[]): Promise<Set<string>> {
    const found = await mapInPool(requestKeys, 16, async (key) =>
      (await this.outcomes.collection.findOne({ _id: `${SENT_REQUEST_PREFIX}${key}` as never }, { projection: { _id: 1 } })) ? key : undefined,
    );
    return new Set(found.filter((key): key is string => key !== undefined));
  }

  /** A chunk this process will not hand to the provider (shutdown): free for any sender at once (never sent). */
  async release(chunk: Pick<ClaimedChunk, 'inflightId' | 'holder'>): Promise<void> {
    await this.serial(() => this.inflight.updateOne({ _id: chunk.inflightId, owner: chunk.holder }, { $set: { owner: null, leaseUntil: new Date(0) } }).exec());
  }

  /**
   * Takes over an in-flight chunk whose lease ran out (its sender died or stopped renewing it,
   * or an admin re-drove it): taken by one holder only (update conditional on the old holder and
   * lease, on the small in-flight set). Messages claimed by another chunk are left out (that
   * chunk's sender sends them). A message of this chunk whose claim is missing was never sent:
   * it is claimed now. One whose claim is this chunk's may have been sent by the sender that
   * died (in doubt) unless the chunk was given back or re-driven (owner null). Messages that
   * already have an outcome of their own (dead, or a delivery report) stay in the chunk with it
   * (`recorded`): the chunk must split into the same provider requests as before, or a resend
   * would carry other idempotency keys (the dispatcher also skips the requests whose `sent`
   * outcome is written, `sentRequests`). Reads and writes by `_id` only.
   */
  async takeExpired(owner: string, leaseMs: number, now = new Date()): Promise<ClaimedChunk | null> {
    for (const entry of await this.inflight.find({ leaseUntil: { $lt: now } }).limit(10).lean<InflightDocument[]>().exec()) {
      const holder = holderOf(owner);
      const leaseUntil = new Date(now.getTime() + leaseMs);
      const result = await this.serial(() =>
        this.inflight.updateOne({ _id: entry._id, owner: entry.owner, leaseUntil: entry.leaseUntil }, { $set: { owner: holder, leaseUntil } }).exec(),
      );
      if (result.modifiedCount !== 1) continue;
      const recorded = new Map<string, RecordedOutcome>();
      const taken = await mapInPool(messagesOf(entry), 16, async (message): Promise<ClaimedSms | undefined> => {
        let claim = await this.claims.findById(message.id).lean<DeliveryDocument>().exec();
        if (!claim) {
          const refused = await this.serial(() => insertIgnoringDuplicates(this.claims, [{ _id: message.id, chunk: entry._id }]));
          if (!refused.has(0)) return { ...message, inDoubt: false };
          claim = await this.claims.findById(message.id).lean<DeliveryDocument>().exec();
        }
        if (claim?.chunk !== entry._id) return undefined;
        const outcome = await this.outcomes.findById(message.id, { status: 1, reason: 1, attempts: 1 }).lean<OutcomeDocument>().exec();
        if (outcome) {
          recorded.set(
            message.id,
            outcome.status === 'dead' ? { status: 'dead', reason: outcome.reason ?? 'unknown', attempts: outcome.attempts ?? 0 } : { status: 'sent' },
          );
        }
        return { ...message, inDoubt: entry.owner !== null };
      });
      return { inflightId: entry._id, holder, leaseUntil, messages: taken.filter((message) => message !== undefined), recorded };
    }
    return null;
  }

  /**
   * Dead letters (of one campaign, or all) back in flight with no owner and an expired lease:
   * the sweeper sends them. Their claims move to the new chunk and their dead outcomes go.
   * Admin action, not the delivery path: the one scan of the outcomes it needs is acceptable.
   */
  async redriveDead(campaignId: string | undefined): Promise<string[]> {
    const filter: Record<string, unknown> = { status: 'dead' };
    if (campaignId) filter['campaignId'] = campaignId;
    const dead = await this.outcomes.find(filter, { _id: 1, campaignId: 1, message: 1 }).lean<Array<Pick<OutcomeDocument, '_id' | 'campaignId' | 'message'>>>().exec();
    const resendable = dead.flatMap((doc) => {
      const message = typeof doc.message === 'string' ? parseMessageJson(doc.message) : undefined;
      return message ? [{ ...doc, message }] : [];
    });
    if (resendable.length === 0) return [];
    const chunk = randomUUID();
    await this.serial(() =>
      this.inflight.collection.insertOne({
        _id: chunk as never,
        owner: null,
        leaseUntil: new Date(0),
        packed: packMessages(resendable.map((doc) => doc.message)),
      }),
    );
    await this.serial(() =>
      mapInPool(resendable, 1, async (doc) => {
        await this.claims.updateOne({ _id: doc._id }, { $set: { chunk } }, { upsert: true }).exec();
        await this.outcomes.deleteOne({ _id: doc._id }).exec();
      }),
    );
    return [...new Set(resendable.map((doc) => doc.campaignId))];
  }

  /**
   * Applies a provider delivery report to the message it accepted under `providerMessageId` for
   * `number` (any form with the same digits; without a number, only a one-recipient request
   * matches): the message's own outcome (`delivered`, or `failed` marked `reported`), inserted
   * under its id, so the first report of a message counts and a later one is refused. Reads the
   * receipt by `_id` only. Returns the campaign, or null when no message that is still only
   * `sent` matched.
   */
  async recordDeliveryReport(
    providerMessageId: string,
    number: string | undefined,
    status: 'delivered' | 'failed',
    reason: string | null,
    now = new Date(),
  ): Promise<string | null> {
    const receipt = await this.outcomes.collection.findOne<{ campaign: string; numbers: string[]; ids: string[] }>({ _id: `${RECEIPT_PREFIX}${providerMessageId}` as never });
    if (!receipt) return null;
    const digits = number?.replace(/\D/g, '');
    const index = digits === undefined ? (receipt.ids.length === 1 ? 0 : -1) : receipt.numbers.findIndex((to) => to.replace(/\D/g, '') === digits);
    const id = receipt.ids[index];
    if (id === undefined) return null;
    const refused = await this.serial(() =>
      insertIgnoringDuplicates(this.outcomes, [
        { _id: id, campaignId: receipt.campaign, status, reason: status === 'failed' ? reason : null, ...(status === 'failed' ? { reported: true } : {}), updatedAt: now },
      ]),
    );
    return refused.has(0) ? null : receipt.campaign;
  }

  /**
   * Statistics (not the delivery path): one pass over the campaign's outcomes. `sent` is what the
   * provider accepted (the requests' counts) less what its reports say was not delivered.
   */
  async countsOf(campaignId: string): Promise<CampaignCounts> {
    // Grouped by `count` too (a request's message count): FerretDB sums a field as 0 (`$sum: '$count'`).
    const groups = await this.outcomes
      .aggregate<{ _id: { status: OutcomeStatus; reason?: string | null; reported?: boolean; count?: number }; documents: number }>([
        { $match: { campaignId } },
        { $group: { _id: { status: '$status', reason: '$reason', reported: '$reported', count: '$count' }, documents: { $sum: 1 } } },
      ])
      .exec();
    const counts: CampaignCounts = { sent: 0, delivered: 0, failed: 0, failures: [] };
    const reasons = new Map<string, number>();
    for (const { _id, documents } of groups) {
      // A request's `sent` document counts its messages; every other outcome is one message.
      if (_id.status === 'sent') counts.sent += documents * (_id.count ?? 1);
      if (_id.status === 'delivered') counts.delivered += documents;
      if (_id.status === 'failed' && _id.reported === true) counts.sent -= documents;
      if (_id.status === 'failed' || _id.status === 'dead') {
        counts.failed += documents;
        const reason = _id.reason ?? 'unknown';
        reasons.set(reason, (reasons.get(reason) ?? 0) + documents);
      }
    }
    counts.failures = [...reasons].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count);
    return counts;
  }

  /**
   * Inserts `docs` (duplicates refused, their indexes returned) in the next queued insert into
   * that collection: the chunks of every partition that reach the same step while the queue is
   * busy are written by one command instead of one each.
   */
  private insertCoalesced<T>(model: Model<T>, docs: readonly object[]): Promise<Set<number>> {
    if (docs.length === 0) return Promise.resolve(new Set());
    const collection = model.collection.collectionName;
    return new Promise((resolve, reject) => {
      const waiting = this.coalescing.get(collection);
      if (waiting) {
        waiting.push({ docs, resolve, reject });
        return;
      }
      const entries: CoalescedInsert[] = [{ docs, resolve, reject }];
      this.coalescing.set(collection, entries);
      void this.serial(async () => {
        this.coalescing.delete(collection); // later inserts start the next command
        try {
          const refused = await insertIgnoringDuplicates(model, entries.flatMap((entry) => entry.docs));
          let offset = 0;
          for (const entry of entries) {
            const own = new Set<number>();
            for (let index = 0; index < entry.docs.length; index += 1) if (refused.has(offset + index)) own.add(index);
            offset += entry.docs.length;
            entry.resolve(own);
          }
        } catch (error) {
          for (const entry of entries) entry.reject(error);
        }
      });
    });
  }

  /**
   * Deletes the in-flight entry of a finished chunk (only while `holder` holds it) in the next
   * queued delete: the chunks of every partition that finish while the queue is busy take one
   * place in the queue, and each is deleted by `_id` and holder (served by the `_id` index; an
   * `$or` of them would read the whole in-flight collection, docs/adr/0004).
   */
  private forgetCoalesced(chunk: Pick<ClaimedChunk, 'inflightId' | 'holder'>): Promise<unknown> {
    if (this.finishing) {
      this.finishing.chunks.push(chunk);
      return this.finishing.done;
    }
    const chunks = [chunk];
    const done = this.serial(() => {
      this.finishing = undefined; // later ones start the next command
      return mapInPool(chunks, 1, ({ inflightId, holder }) => this.inflight.deleteOne({ _id: inflightId, owner: holder }).exec());
    });
    this.finishing = { chunks, done };
    return done;
  }

  /**
   * Concurrent multi-document writes from several partitions only contend for the store's
   * update lock (docs/adr/0004), so this process queues them.
   */
  private serial<T>(write: () => Promise<T>): Promise<T> {
    const next = this.writes.then(write, write);
    this.writes = next.catch(() => undefined);
    return next;
  }
}

/** A holder name: the process's owner name and a part of its own for this one holding. */
function holderOf(owner: string): string {
  return `${owner}/${randomUUID().slice(0, 8)}`;
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
    const refused = duplicateInsertIndexes(error);
    if (!refused) throw error;
    return refused;
  }
}

/** The messages of an in-flight entry: packed, or (written before entries were packed) one JSON string each. */
export function messagesOf(entry: Pick<InflightDocument, 'packed' | 'messages'>): InflightSms[] {
  if (entry.packed) return unpackMessages(entry.packed as Uint8Array | { value(): Uint8Array });
  return (entry.messages ?? []).flatMap((json) => parseMessageJson(json) ?? []);
}
