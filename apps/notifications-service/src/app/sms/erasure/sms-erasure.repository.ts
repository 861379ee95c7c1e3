import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { messagesOf, RECEIPT_PREFIX } from '../delivery/delivery.repository';
import { InflightDocument, OutcomeDocument } from '../delivery/delivery.schema';
import { cancelledSms, maskedNumber, type InflightSms } from '../delivery/outbound-message';
import { packMessages } from '../delivery/packed-messages';

/** One pass over the in-flight chunks for a candidate. */
export interface InflightErasurePass {
  /** Messages of the candidate cancelled by this pass. */
  cancelled: number;
  /**
   * Chunks with a message of the candidate that a live sender holds (it sends from memory, and
   * writes their dead letters and receipts, numbers included, when it is done).
   */
  held: string[];
  /** A chunk changed between its read and its rewrite (taken over, or finished): pass again. */
  changed: boolean;
}

/** What was left of the candidate's numbers and texts in the outcomes, now masked and emptied. */
export interface OutcomeErasure {
  deadLetters: number;
  receipts: number;
}

/**
 * Takes an erased candidate's phone number and SMS texts out of the delivery log, and keeps
 * everything the campaign statistics and the delivery path read (ids, statuses, counts, times).
 * What names a candidate: its messages (`candidateCode`) and message ids (`<campaign or event
 * id>:<candidate code>`, `outboundSmsId`). The claims (`sms_deliveries`: id and chunk) hold no
 * number or text; the delivery reports' and rejections' outcomes neither.
 *
 * Both reads are scans, which the delivery path never makes on these collections (docs/adr/0004:
 * FerretDB serves only `_id` equality and `$in` from an index, and the candidate is only at the
 * end of message ids): acceptable here, because this runs in the background on
 * `candidate.erased`, never on a request path, and erasures are rare. The in-flight collection
 * is small by design (the sweeper scans it too); finding the receipts reads every outcome, so the
 * time grows with the delivery log (src/testing/erasure-timing.ts; figures in
 * docs/benchmarks/2026-11-27-data-rights.md).
 */
@Injectable()
export class SmsErasureRepository {
  constructor(
    @InjectModel(InflightDocument.name) private readonly inflight: Model<InflightDocument>,
    @InjectModel(OutcomeDocument.name) private readonly outcomes: Model<OutcomeDocument>,
  ) {}

  /**
   * Cancels the candidate's messages waiting in flight (`cancelledSms`: number masked, text
   * gone, never sent, still part of the chunk's requests). A chunk is rewritten only if it is
   * still as read (holder and messages: another erasure may be rewriting it too). One no sender
   * holds must also have the same lease, whose end moves back by a millisecond: a sweeper that
   * read the chunk before the rewrite no longer matches it, so it cannot send what it read. One a
   * live sender holds is rewritten too (should that sender die, the one that takes over sends
   * none of them) and reported in `held`. Idempotent.
   */
  async cancelInflight(candidateCode: string, now = new Date()): Promise<InflightErasurePass> {
    const pass: InflightErasurePass = { cancelled: 0, held: [], changed: false };
    const entries = await this.inflight.find({}, { owner: 1, leaseUntil: 1, packed: 1, messages: 1 }).lean<InflightDocument[]>().exec();
    for (const entry of entries) {
      const messages = messagesOf(entry);
      const ofCandidate = (message: InflightSms) => message.candidateCode === candidateCode;
      if (!messages.some(ofCandidate)) continue;
      const held = entry.owner !== null && entry.leaseUntil.getTime() > now.getTime();
      if (held) pass.held.push(entry._id);
      const toCancel = messages.filter((message) => ofCandidate(message) && !message.cancelled);
      if (toCancel.length === 0) continue;
      const packed = packMessages(messages.map((message) => (ofCandidate(message) && !message.cancelled ? cancelledSms(message) : message)));
      // Only as read: the same holder and messages (another erasure may have rewritten them), and
      // the same lease unless a live holder holds it (it renews the lease meanwhile).
      const asRead = { _id: entry._id, owner: entry.owner, ...(entry.packed ? { packed: entry.packed } : { messages: entry.messages }) };
      const filter = held ? asRead : { ...asRead, leaseUntil: entry.leaseUntil };
      const set = held ? { packed } : { packed, leaseUntil: new Date(entry.leaseUntil.getTime() - 1) };
      const result = await this.inflight.collection.updateOne(filter as never, { $set: set, $unset: { messages: 1 } });
      if (result.matchedCount === 1) pass.cancelled += toCancel.length;
      else pass.changed = true;
    }
    return pass;
  }

  /**
   * Masks the candidate's number and empties its texts in the outcomes: the dead letters' messages
   * (which then can no longer be re-driven) and the provider receipts' numbers. Idempotent.
   */
  async scrubOutcomes(candidateCode: string): Promise<OutcomeErasure> {
    const ownId = new RegExp(`:${escapeRegExp(candidateCode)}$`);
    // Two queries, not an `$or`: FerretDB hands `status: 'dead'` to PostgreSQL (only the dead
    // letters are read), while `$or` and `$regex` are applied to every document in Go.
    const deadLetters = await this.outcomes.collection
      .find<ErasableOutcome>({ status: 'dead', _id: { $regex: ownId } } as never, { projection: { message: 1 } })
      .toArray();
    // Only receipts have `ids`; their `_id` is `${RECEIPT_PREFIX}<provider request id>`.
    const receipts = await this.outcomes.collection.find<ErasableOutcome>({ ids: { $regex: ownId } } as never, { projection: { numbers: 1, ids: 1 } }).toArray();
    const found = [...deadLetters, ...receipts.filter((doc) => doc._id.startsWith(RECEIPT_PREFIX))];
    const erased: OutcomeErasure = { deadLetters: 0, receipts: 0 };
    for (const doc of found) {
      const update = erasedOutcomeFields(doc, candidateCode);
      if (!update) continue;
      await this.outcomes.collection.updateOne({ _id: doc._id as never }, { $set: update });
      if ('message' in update) erased.deadLetters += 1;
      else erased.receipts += 1;
    }
    return erased;
  }
}

/** A dead letter (`message`) or a provider receipt (`numbers`, `ids`), as read for an erasure. */
export interface ErasableOutcome {
  _id: string;
  message?: string;
  numbers?: string[];
  ids?: string[];
}

/**
 * The fields to set on an outcome so that it keeps nothing of the candidate's number or texts:
 * a dead letter's message with the number masked and no text; a receipt's numbers with the
 * candidate's masked. Undefined when there is nothing (left) to change, or it is not the candidate's.
 */
export function erasedOutcomeFields(doc: ErasableOutcome, candidateCode: string): { message: string } | { numbers: string[] } | undefined {
  const isOwn = (id: string) => id.endsWith(`:${candidateCode}`);
  if (typeof doc.message === 'string') {
    if (!isOwn(doc._id)) return undefined;
    const message = parsedObject(doc.message);
    // Not a message as written (corrupt): nothing of it is kept.
    if (!message) return doc.message === '' ? undefined : { message: '' };
    if (typeof message['candidateCode'] === 'string' && message['candidateCode'] !== candidateCode) return undefined;
    const to = typeof message['to'] === 'string' ? maskedNumber(message['to']) : '';
    if (message['to'] === to && message['text'] === '') return undefined;
    return { message: JSON.stringify({ ...message, to, text: '' }) };
  }
  if (Array.isArray(doc.numbers) && Array.isArray(doc.ids)) {
    const ids = doc.ids;
    const numbers = doc.numbers.map((number, index) => (isOwn(ids[index] ?? '') ? maskedNumber(number) : number));
    return numbers.some((number, index) => number !== doc.numbers?.[index]) ? { numbers } : undefined;
  }
  return undefined;
}

function parsedObject(json: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
