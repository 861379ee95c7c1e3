import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { PortalImportRow, PortalImportStatus, PortalRole } from '@kbe/contracts';
import type { Model } from 'mongoose';
import type { Page, PageRequest } from '../../common/pagination';

/** A bulk registration (or its dry run) as it is stored, with the lease of the replica running it. */
export interface PortalImportRecord {
  id: string;
  /** The school or mentor code that uploaded it: the only one who may read it. */
  ownerCode: string;
  role: PortalRole;
  schoolCode: string;
  dryRun: boolean;
  status: PortalImportStatus;
  fileName: string;
  /** Whether a ZIP of photos came with the sheet. */
  hasPhotos: boolean;
  total: number;
  processed: number;
  registered: number;
  alreadyRegistered: number;
  failed: number;
  rows: PortalImportRow[];
  createdAt: Date;
  finishedAt: Date | null;
  /** The replica running the job, until `leaseUntil`; past it, any replica takes the job over. */
  leaseOwner: string | null;
  leaseUntil: Date;
  error: string | null;
}

export type PortalImportProgress = Partial<Pick<PortalImportRecord, 'status' | 'total' | 'processed' | 'registered' | 'alreadyRegistered' | 'failed' | 'rows' | 'finishedAt' | 'error'>>;

export interface PortalImportStore {
  create(job: PortalImportRecord): Promise<void>;
  find(id: string): Promise<PortalImportRecord | null>;
  /** The job if `ownerCode` uploaded it; null for an unknown id and for another's job alike. */
  findOwned(id: string, ownerCode: string): Promise<PortalImportRecord | null>;
  /** The owner's jobs, newest first, without their rows. */
  listOwned(ownerCode: string, page: PageRequest): Promise<Page<PortalImportRecord>>;
  /** Unfinished jobs whose lease ran out (their replica died or stopped): candidates for a takeover. */
  abandoned(now: Date, limit: number): Promise<string[]>;
  /**
   * Takes the job for `owner` until `until` if it is unfinished and its lease ran out (or is
   * `owner`'s already); the job as it was saved, or null when another replica holds it.
   */
  claim(id: string, owner: string, until: Date, now: Date): Promise<PortalImportRecord | null>;
  /** Saves progress (and renews the lease to `until`) while `owner` holds the job; false once it does not. */
  save(id: string, owner: string, until: Date, progress: PortalImportProgress): Promise<boolean>;
}
export const PORTAL_IMPORT_STORE = Symbol('PORTAL_IMPORT_STORE');

@Schema({ collection: 'portal_imports', versionKey: false })
export class PortalImportDocument {
  /** The job's id (a UUID): GET /api/portal/imports/{id} is one lookup by `_id` (and owner). */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  ownerCode!: string;

  @Prop({ type: String, required: true })
  role!: PortalRole;

  @Prop({ type: String, required: true })
  schoolCode!: string;

  @Prop({ type: Boolean, required: true })
  dryRun!: boolean;

  @Prop({ type: String, required: true })
  status!: PortalImportStatus;

  @Prop({ type: String, required: true })
  fileName!: string;

  @Prop({ type: Boolean, required: true })
  hasPhotos!: boolean;

  @Prop({ type: Number, required: true })
  total!: number;

  @Prop({ type: Number, required: true })
  processed!: number;

  @Prop({ type: Number, required: true })
  registered!: number;

  @Prop({ type: Number, required: true })
  alreadyRegistered!: number;

  @Prop({ type: Number, required: true })
  failed!: number;

  @Prop({ type: [Object], default: [] })
  rows!: PortalImportRow[];

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, default: null })
  finishedAt!: Date | null;

  @Prop({ type: String, default: null })
  leaseOwner!: string | null;

  @Prop({ type: Date, required: true })
  leaseUntil!: Date;

  @Prop({ type: String, default: null })
  error!: string | null;
}

export const PortalImportSchema = SchemaFactory.createForClass(PortalImportDocument);
// Serves GET /api/portal/imports: find({ ownerCode }).sort({ createdAt: -1 }) (and its count).
PortalImportSchema.index({ ownerCode: 1, createdAt: -1 });
// Serves the takeover sweep: find({ status: { $in: ['queued', 'running'] }, leaseUntil: { $lte: now } }).
PortalImportSchema.index({ status: 1, leaseUntil: 1 });

const UNFINISHED: PortalImportStatus[] = ['queued', 'running'];

function toRecord(doc: PortalImportDocument): PortalImportRecord {
  const { _id, ...fields } = doc;
  return { id: _id, ...fields, rows: fields.rows ?? [] };
}

@Injectable()
export class MongoPortalImportStore implements PortalImportStore {
  constructor(@InjectModel(PortalImportDocument.name) private readonly model: Model<PortalImportDocument>) {}

  async create(job: PortalImportRecord): Promise<void> {
    const { id, ...fields } = job;
    await this.model.create({ _id: id, ...fields });
  }

  async find(id: string): Promise<PortalImportRecord | null> {
    const doc = await this.model.findOne({ _id: id }).lean<PortalImportDocument>().exec();
    return doc && toRecord(doc);
  }

  async findOwned(id: string, ownerCode: string): Promise<PortalImportRecord | null> {
    const doc = await this.model.findOne({ _id: id, ownerCode }).lean<PortalImportDocument>().exec();
    return doc && toRecord(doc);
  }

  async listOwned(ownerCode: string, page: PageRequest): Promise<Page<PortalImportRecord>> {
    const [docs, total] = await Promise.all([
      this.model
        .find({ ownerCode }, { rows: 0 })
        .sort({ createdAt: -1 })
        .skip((page.page - 1) * page.limit)
        .limit(page.limit)
        .lean<PortalImportDocument[]>()
        .exec(),
      this.model.countDocuments({ ownerCode }).exec(),
    ]);
    return { items: docs.map(toRecord), total };
  }

  async abandoned(now: Date, limit: number): Promise<string[]> {
    const docs = await this.model
      .find({ status: { $in: UNFINISHED }, leaseUntil: { $lte: now } }, { _id: 1 })
      .limit(limit)
      .lean<Array<{ _id: string }>>()
      .exec();
    return docs.map((doc) => doc._id);
  }

  async claim(id: string, owner: string, until: Date, now: Date): Promise<PortalImportRecord | null> {
    const doc = await this.model
      .findOneAndUpdate(
        { _id: id, status: { $in: UNFINISHED }, $or: [{ leaseUntil: { $lte: now } }, { leaseOwner: owner }] },
        { $set: { leaseOwner: owner, leaseUntil: until } },
        { returnDocument: 'after' },
      )
      .lean<PortalImportDocument>()
      .exec();
    return doc && toRecord(doc);
  }

  async save(id: string, owner: string, until: Date, progress: PortalImportProgress): Promise<boolean> {
    const result = await this.model.updateOne({ _id: id, leaseOwner: owner }, { $set: { ...progress, leaseUntil: until } }).exec();
    return result.matchedCount === 1;
  }
}
