import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { DataRequestKind, DataRequestQueue, DataRequestStatus, DataRequestView } from '@kbe/contracts';
import type { Model } from 'mongoose';

/** One guardian's request, `_id` = `DR000123` (numbered, so pages are fetched by `_id`). */
@Schema({ collection: 'data_requests', versionKey: false })
export class DataRequestDocument {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: String, required: true }) candidateCode!: string;
  @Prop({ type: String, required: true }) kind!: DataRequestKind;
  @Prop({ type: String, default: '' }) details!: string;
  @Prop({ type: String, required: true }) status!: DataRequestStatus;
  @Prop({ type: Date, required: true }) requestedAt!: Date;
  @Prop({ type: Date, required: true }) dueAt!: Date;
  @Prop({ type: String, default: null }) handledBy!: string | null;
  @Prop({ type: Date, default: null }) handledAt!: Date | null;
  @Prop({ type: String, default: null }) resolution!: string | null;
}

/** The open requests (`_id` = request id): the queue's own small index, a request leaves it when handled. */
@Schema({ collection: 'data_requests_open', versionKey: false })
export class OpenDataRequestDocument {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: Date, required: true }) dueAt!: Date;
}

/** The requests of one candidate (`_id` = candidate code). */
@Schema({ collection: 'data_request_index', versionKey: false })
export class CandidateDataRequestsDocument {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: [String], default: [] }) ids!: string[];
}

/** The last request number (`_id` = `data-requests`). */
@Schema({ collection: 'data_request_counters', versionKey: false })
export class DataRequestCounterDocument {
  @Prop({ type: String, required: true }) _id!: string;
  @Prop({ type: Number, required: true }) seq!: number;
}

export const DataRequestSchema = SchemaFactory.createForClass(DataRequestDocument);
export const OpenDataRequestSchema = SchemaFactory.createForClass(OpenDataRequestDocument);
export const CandidateDataRequestsSchema = SchemaFactory.createForClass(CandidateDataRequestsDocument);
export const DataRequestCounterSchema = SchemaFactory.createForClass(DataRequestCounterDocument);

export interface NewDataRequest {
  candidateCode: string;
  kind: DataRequestKind;
  details: string;
  requestedAt: Date;
  dueAt: Date;
  /** An access request is answered at once (the download): stored handled. */
  handled?: { by: string; resolution: string };
}

const COUNTER = 'data-requests';
export const requestId = (seq: number) => `DR${String(seq).padStart(6, '0')}`;

/**
 * Guardians' data requests. Every statement names `_id`s (FerretDB reaches nothing else by an
 * index): the queue of open requests is its own collection, all requests are numbered, a
 * candidate's are listed in an index document.
 */
@Injectable()
export class DataRequestStore {
  constructor(
    @InjectModel(DataRequestDocument.name) private readonly requests: Model<DataRequestDocument>,
    @InjectModel(OpenDataRequestDocument.name) private readonly open: Model<OpenDataRequestDocument>,
    @InjectModel(CandidateDataRequestsDocument.name) private readonly byCandidate: Model<CandidateDataRequestsDocument>,
    @InjectModel(DataRequestCounterDocument.name) private readonly counters: Model<DataRequestCounterDocument>,
  ) {}

  async create(request: NewDataRequest): Promise<DataRequestView> {
    const counter = await this.counters.findOneAndUpdate({ _id: COUNTER }, { $inc: { seq: 1 } }, { upsert: true, returnDocument: 'after' }).lean().exec();
    const id = requestId(counter.seq);
    const doc: DataRequestDocument = {
      _id: id,
      candidateCode: request.candidateCode,
      kind: request.kind,
      details: request.details,
      status: request.handled ? 'done' : 'open',
      requestedAt: request.requestedAt,
      dueAt: request.dueAt,
      handledBy: request.handled?.by ?? null,
      handledAt: request.handled ? request.requestedAt : null,
      resolution: request.handled?.resolution ?? null,
    };
    // the candidate's index and the open queue first: a request they name but that was never
    // stored is skipped when read; a stored request missing from them could not be found
    await this.byCandidate.updateOne({ _id: request.candidateCode }, { $addToSet: { ids: id } }, { upsert: true }).exec();
    if (!request.handled) await this.open.create({ _id: id, dueAt: request.dueAt });
    await this.requests.create(doc);
    return view(doc);
  }

  async find(id: string): Promise<DataRequestView | null> {
    const doc = await this.requests.findOne({ _id: id }).lean<DataRequestDocument>().exec();
    return doc && view(doc);
  }

  /** A candidate's requests, newest first. */
  async ofCandidate(candidateCode: string): Promise<DataRequestView[]> {
    const index = await this.byCandidate.findOne({ _id: candidateCode }).lean().exec();
    return (await this.fetch(index?.ids ?? [])).reverse();
  }

  /** Marks an open request handled; null when it is not open (unknown or handled already). */
  async resolve(id: string, outcome: Exclude<DataRequestStatus, 'open'>, resolution: string, by: string, at: Date): Promise<DataRequestView | null> {
    const result = await this.requests
      .updateOne({ _id: id, status: 'open' }, { $set: { status: outcome, resolution, handledBy: by, handledAt: at } })
      .exec();
    await this.open.deleteOne({ _id: id }).exec();
    return result.matchedCount === 1 ? this.find(id) : null;
  }

  /**
   * The admin queue. Open requests: the small open collection, oldest due first. Closed and all:
   * newest first by number, fetched by `_id` (`closed` skips the open ones).
   */
  async queue(status: 'open' | 'closed' | 'all', page: number, limit: number, now: Date): Promise<DataRequestQueue> {
    const openDocs = await this.open.find({}).lean().exec();
    const overdue = openDocs.filter((doc) => doc.dueAt.getTime() < now.getTime()).length;
    let ids: string[];
    let total: number;
    if (status === 'open') {
      const sorted = openDocs.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a._id.localeCompare(b._id)).map((doc) => doc._id);
      total = sorted.length;
      ids = sorted.slice((page - 1) * limit, page * limit);
    } else {
      const last = (await this.counters.findOne({ _id: COUNTER }).lean().exec())?.seq ?? 0;
      const openIds = new Set(openDocs.map((doc) => doc._id));
      const numbers: string[] = [];
      for (let seq = last; seq >= 1; seq--) {
        const id = requestId(seq);
        if (status === 'closed' && openIds.has(id)) continue;
        numbers.push(id);
      }
      total = numbers.length;
      ids = numbers.slice((page - 1) * limit, page * limit);
    }
    return { items: await this.fetch(ids), page, limit, total, open: openDocs.length, overdue };
  }

  /** The requests with these ids, in the order given (missing ones skipped). */
  private async fetch(ids: readonly string[]): Promise<DataRequestView[]> {
    if (ids.length === 0) return [];
    const docs = await this.requests.find({ _id: { $in: [...ids] } }).lean<DataRequestDocument[]>().exec();
    const byId = new Map(docs.map((doc) => [doc._id, doc]));
    return ids.flatMap((id) => (byId.has(id) ? [view(byId.get(id) as DataRequestDocument)] : []));
  }
}

function view(doc: DataRequestDocument): DataRequestView {
  return {
    id: doc._id,
    candidateCode: doc.candidateCode,
    kind: doc.kind,
    details: doc.details ?? '',
    status: doc.status,
    requestedAt: doc.requestedAt.toISOString(),
    dueAt: doc.dueAt.toISOString(),
    handledBy: doc.handledBy ?? null,
    handledAt: doc.handledAt ? doc.handledAt.toISOString() : null,
    resolution: doc.resolution ?? null,
  };
}
