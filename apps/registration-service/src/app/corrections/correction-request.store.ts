import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { isDuplicateKeyError } from '@kbe/server-database';
import type { CorrectionChange, CorrectionStatus, PortalRole } from '@kbe/contracts';
import type { Model } from 'mongoose';

/** One correction request, `_id` = `CR000123` (numbered, so pages are fetched by `_id`). */
@Schema({ collection: 'correction_requests', versionKey: false })
export class CorrectionRequestDocument {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) candidateCode!: string;
  @Prop({ type: String, required: true }) candidateName!: string;
  @Prop({ type: String, required: true }) schoolCode!: string;
  @Prop({ type: String, required: true }) mentorCode!: string;
  @Prop({ type: Object, required: true }) requestedBy!: { role: PortalRole; code: string };
  @Prop({ type: [Object], required: true }) changes!: CorrectionChange[];
  @Prop({ type: String, default: '' }) note!: string;
  @Prop({ type: String, required: true }) status!: CorrectionStatus;
  @Prop({ type: Date, required: true }) requestedAt!: Date;
  @Prop({ type: Date, default: null }) decidedAt!: Date | null;
  @Prop({ type: String, default: null }) decidedBy!: string | null;
  @Prop({ type: String, default: null }) reason!: string | null;
}

/**
 * The open request of a candidate (`_id` = candidate code): its unique `_id` refuses a second
 * open request of the same pupil, and the admin queue of open requests is this small collection.
 */
@Schema({ collection: 'correction_requests_open', versionKey: false })
export class OpenCorrectionDocument {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) requestId!: string;
  @Prop({ type: Date, required: true }) requestedAt!: Date;
}

/** The requests about the pupils of one school (`_id` = `school:<code>`) or one mentor (`mentor:<code>`). */
@Schema({ collection: 'correction_request_index', versionKey: false })
export class CorrectionScopeIndexDocument {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: [String], default: [] }) ids!: string[];
}

/** The last request number (`_id` = `correction-requests`). */
@Schema({ collection: 'correction_request_counters', versionKey: false })
export class CorrectionCounterDocument {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: Number, required: true }) seq!: number;
}

export const CorrectionRequestSchema = SchemaFactory.createForClass(CorrectionRequestDocument);
export const OpenCorrectionSchema = SchemaFactory.createForClass(OpenCorrectionDocument);
export const CorrectionScopeIndexSchema = SchemaFactory.createForClass(CorrectionScopeIndexDocument);
export const CorrectionCounterSchema = SchemaFactory.createForClass(CorrectionCounterDocument);

export type CorrectionRecord = Omit<CorrectionRequestDocument, '_id'> & { id: string };
export type NewCorrection = Omit<CorrectionRecord, 'id' | 'status' | 'decidedAt' | 'decidedBy' | 'reason'>;
export interface CorrectionDecision {
  status: Exclude<CorrectionStatus, 'open'>;
  decidedBy: string;
  decidedAt: Date;
  reason: string | null;
}

export interface CorrectionPage {
  items: CorrectionRecord[];
  total: number;
}

/** Where correction requests are kept; every statement names `_id`s. */
export interface CorrectionRequestStore {
  /** Stores an open request; 'open-request' when the candidate has one open already. */
  create(request: NewCorrection): Promise<CorrectionRecord | 'open-request'>;
  find(id: string): Promise<CorrectionRecord | null>;
  /** Closes an open request; null when it is not open (unknown, or decided meanwhile). */
  decide(id: string, decision: CorrectionDecision): Promise<CorrectionRecord | null>;
  /** Opens a request again that was closed a moment ago but could not be carried out; false when it is not closed. */
  reopen(id: string): Promise<boolean>;
  /** The requests about a school's (or a mentor's) pupils, newest first. */
  ofScope(scope: { schoolCode: string; mentorCode?: string }, page: number, limit: number): Promise<CorrectionPage>;
  /** The admin queue: open ones oldest first, then (`all`) the closed ones newest first. */
  queue(status: 'open' | 'closed' | 'all', page: number, limit: number): Promise<CorrectionPage & { open: number }>;
}

export const CORRECTION_REQUEST_STORE = Symbol('CORRECTION_REQUEST_STORE');

const COUNTER = 'correction-requests';
/** An open marker without its request for this long was left by a failed store. */
const ABANDONED_MARKER_MS = 60_000;
/** The `requestId` of an open marker whose request has no number yet. */
const UNNUMBERED = 'unnumbered';
export const correctionId = (seq: number) => `CR${String(seq).padStart(6, '0')}`;
const scopeKey = (scope: { schoolCode: string; mentorCode?: string }) => (scope.mentorCode ? `mentor:${scope.mentorCode}` : `school:${scope.schoolCode}`);

/**
 * Correction requests in MongoDB. Every statement names `_id`s (FerretDB reaches nothing else by
 * an index; MongoDB the same): requests are numbered, the open ones are a collection of their own
 * keyed by candidate, and the requests of a school and of a mentor are listed in index documents.
 */
@Injectable()
export class MongoCorrectionRequestStore implements CorrectionRequestStore {
  constructor(
    @InjectModel(CorrectionRequestDocument.name) private readonly requests: Model<CorrectionRequestDocument>,
    @InjectModel(OpenCorrectionDocument.name) private readonly open: Model<OpenCorrectionDocument>,
    @InjectModel(CorrectionScopeIndexDocument.name) private readonly scopes: Model<CorrectionScopeIndexDocument>,
    @InjectModel(CorrectionCounterDocument.name) private readonly counters: Model<CorrectionCounterDocument>,
  ) {}

  async create(request: NewCorrection): Promise<CorrectionRecord | 'open-request'> {
    // the candidate's open marker first: its unique `_id` is the one-open-request rule, and a
    // refused request takes no number; a marker whose request was never stored (a crash between
    // the statements) is taken over once it is older than any store takes
    if (!(await this.claimOpenMarker(request))) return 'open-request';
    const counter = await this.counters.findOneAndUpdate({ _id: COUNTER }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' }).lean().exec();
    const id = correctionId(counter.seq);
    await this.open.updateOne({ _id: request.candidateCode }, { $set: { requestId: id } }).exec();
    const doc: CorrectionRequestDocument = { _id: id, ...request, status: 'open', decidedAt: null, decidedBy: null, reason: null };
    for (const key of [scopeKey({ schoolCode: request.schoolCode }), scopeKey({ schoolCode: request.schoolCode, mentorCode: request.mentorCode })]) {
      await this.scopes.updateOne({ _id: key }, { $addToSet: { ids: id } }, { upsert: true }).exec();
    }
    await this.requests.create(doc);
    return recordOf(doc);
  }

  /** Takes the candidate's open marker for a new request; false when another request holds it. */
  private async claimOpenMarker(request: NewCorrection): Promise<boolean> {
    try {
      await this.open.create({ _id: request.candidateCode, requestId: UNNUMBERED, requestedAt: request.requestedAt });
      return true;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    const held = await this.open.findOne({ _id: request.candidateCode }).lean().exec();
    if (!held) return false;
    if (held.requestId !== UNNUMBERED && (await this.requests.exists({ _id: held.requestId }))) return false;
    if (request.requestedAt.getTime() - held.requestedAt.getTime() < ABANDONED_MARKER_MS) return false;
    const taken = await this.open
      .updateOne({ _id: request.candidateCode, requestId: held.requestId, requestedAt: held.requestedAt }, { $set: { requestId: UNNUMBERED, requestedAt: request.requestedAt } })
      .exec();
    return taken.matchedCount === 1;
  }

  async find(id: string): Promise<CorrectionRecord | null> {
    const doc = await this.requests.findOne({ _id: id }).lean<CorrectionRequestDocument>().exec();
    return doc && recordOf(doc);
  }

  async decide(id: string, decision: CorrectionDecision): Promise<CorrectionRecord | null> {
    const result = await this.requests.updateOne({ _id: id, status: 'open' }, { $set: decision }).exec();
    const decided = await this.find(id);
    if (decided) await this.open.deleteOne({ _id: decided.candidateCode, requestId: id }).exec();
    return result.matchedCount === 1 ? decided : null;
  }

  async reopen(id: string): Promise<boolean> {
    const result = await this.requests
      .updateOne({ _id: id, status: { $ne: 'open' } }, { $set: { status: 'open', decidedAt: null, decidedBy: null, reason: null } })
      .exec();
    const request = await this.find(id);
    if (request) await this.open.updateOne({ _id: request.candidateCode }, { $set: { requestId: id, requestedAt: request.requestedAt } }, { upsert: true }).exec();
    return result.matchedCount === 1;
  }

  async ofScope(scope: { schoolCode: string; mentorCode?: string }, page: number, limit: number): Promise<CorrectionPage> {
    const index = await this.scopes.findOne({ _id: scopeKey(scope) }).lean().exec();
    const ids = [...(index?.ids ?? [])].sort().reverse();
    return { items: await this.fetch(ids.slice((page - 1) * limit, page * limit)), total: ids.length };
  }

  async queue(status: 'open' | 'closed' | 'all', page: number, limit: number): Promise<CorrectionPage & { open: number }> {
    const openDocs = (await this.open.find({}).lean().exec()).filter((doc) => doc.requestId !== UNNUMBERED);
    const openIds = openDocs.sort((a, b) => a.requestedAt.getTime() - b.requestedAt.getTime() || a.requestId.localeCompare(b.requestId)).map((doc) => doc.requestId);
    let ids: string[] = status === 'closed' ? [] : openIds;
    if (status !== 'open') {
      const last = (await this.counters.findOne({ _id: COUNTER }).lean().exec())?.seq ?? 0;
      const open = new Set(openIds);
      const closed: string[] = [];
      for (let seq = last; seq >= 1; seq--) if (!open.has(correctionId(seq))) closed.push(correctionId(seq));
      ids = [...ids, ...closed];
    }
    const items = await this.fetch(ids.slice((page - 1) * limit, page * limit));
    return { items, total: ids.length, open: openIds.length };
  }

  /** The requests with these ids, in the order given (missing ones skipped). */
  private async fetch(ids: readonly string[]): Promise<CorrectionRecord[]> {
    if (ids.length === 0) return [];
    const docs = await this.requests.find({ _id: { $in: [...ids] } }).lean<CorrectionRequestDocument[]>().exec();
    const byId = new Map(docs.map((doc) => [doc._id, doc]));
    return ids.flatMap((id) => {
      const doc = byId.get(id);
      return doc ? [recordOf(doc)] : [];
    });
  }
}

function recordOf(doc: CorrectionRequestDocument): CorrectionRecord {
  const { _id, ...rest } = doc;
  return { id: _id, ...rest, note: rest.note ?? '', decidedAt: rest.decidedAt ?? null, decidedBy: rest.decidedBy ?? null, reason: rest.reason ?? null };
}
