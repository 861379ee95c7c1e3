import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { PortalRole } from '@kbe/contracts';
import type { Model } from 'mongoose';

/** A school's or mentor's request for their class's hall tickets; progress lives with the bundle at documents-service. */
export interface ClassHallTicketsJobRecord {
  /** Random, unguessable (base64url of 18 bytes): the id in the portal's paths. */
  jobId: string;
  /** jobFingerprintOf(owner, bundle, skipped): the same request again is this job. */
  fingerprint: string;
  role: PortalRole;
  /** The school or mentor code that asked: only they see the job. */
  ownerCode: string;
  /** The bundle's key at documents-service. */
  bundleKey: string;
  /** The released pupils in the bundle, in its order. */
  candidateCodes: string[];
  /** Pupils in scope whose hall ticket was not released, by code. */
  skipped: string[];
  createdAt: Date;
}

export interface ClassHallTicketsJobStore {
  /** The job this request already made, if any. */
  findByFingerprint(fingerprint: string): Promise<ClassHallTicketsJobRecord | null>;
  find(jobId: string): Promise<ClassHallTicketsJobRecord | null>;
  /** Stores the job; when another request stored the same fingerprint first, answers that one. */
  create(job: ClassHallTicketsJobRecord): Promise<ClassHallTicketsJobRecord>;
}
export const CLASS_HALL_TICKETS_JOB_STORE = Symbol('CLASS_HALL_TICKETS_JOB_STORE');

@Schema({ collection: 'portal_hall_ticket_jobs', versionKey: false })
export class ClassHallTicketsJobDocument {
  /** The job id. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  fingerprint!: string;

  @Prop({ type: String, required: true })
  role!: PortalRole;

  @Prop({ type: String, required: true })
  ownerCode!: string;

  @Prop({ type: String, required: true })
  bundleKey!: string;

  @Prop({ type: [String], required: true })
  candidateCodes!: string[];

  @Prop({ type: [String], default: [] })
  skipped!: string[];

  @Prop({ type: Date, required: true })
  createdAt!: Date;
}

export const ClassHallTicketsJobSchema = SchemaFactory.createForClass(ClassHallTicketsJobDocument);
// POST /api/portal/hall-tickets: is this request's job there already? Unique, so two replicas
// answering the same request at once store one job. (GET by id is by `_id`.)
ClassHallTicketsJobSchema.index({ fingerprint: 1 }, { unique: true });

type StoredJob = Omit<ClassHallTicketsJobRecord, 'jobId'> & { _id: string };

const recordOf = ({ _id, ...job }: StoredJob): ClassHallTicketsJobRecord => ({ jobId: _id, ...job, skipped: job.skipped ?? [] });

const DUPLICATE_KEY = 11000;

@Injectable()
export class MongoClassHallTicketsJobStore implements ClassHallTicketsJobStore {
  constructor(@InjectModel(ClassHallTicketsJobDocument.name) private readonly model: Model<ClassHallTicketsJobDocument>) {}

  async findByFingerprint(fingerprint: string): Promise<ClassHallTicketsJobRecord | null> {
    const found = await this.model.findOne({ fingerprint }).lean<StoredJob>().exec();
    return found ? recordOf(found) : null;
  }

  async find(jobId: string): Promise<ClassHallTicketsJobRecord | null> {
    const found = await this.model.findOne({ _id: jobId }).lean<StoredJob>().exec();
    return found ? recordOf(found) : null;
  }

  async create(job: ClassHallTicketsJobRecord): Promise<ClassHallTicketsJobRecord> {
    const { jobId, ...fields } = job;
    try {
      await this.model.create({ _id: jobId, ...fields });
      return job;
    } catch (error) {
      if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
      const first = await this.findByFingerprint(job.fingerprint);
      if (!first) throw error;
      return first;
    }
  }
}
