import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { ReleaseJobDocument } from './release-job.schema';

export type ReleaseJobRecord = ReleaseJobDocument;

/** A job as it is created: queued, nothing counted yet, the runner picks it up. */
export function queuedReleaseJob(
  job: Pick<ReleaseJobRecord, 'jobId' | 'kind' | 'filter' | 'requestedBy' | 'createdAt'>,
): ReleaseJobRecord {
  return {
    ...job,
    status: 'queued',
    total: 0,
    processed: 0,
    released: 0,
    skipped: {},
    failedCount: 0,
    failedItems: [],
    cursor: null,
    finishedAt: null,
    error: null,
  };
}

export interface ReleaseJobRepository {
  create(job: ReleaseJobRecord): Promise<void>;
  find(jobId: string): Promise<ReleaseJobRecord | null>;
  /** Saves progress fields (counts, cursor, status). */
  update(jobId: string, fields: Partial<ReleaseJobRecord>): Promise<void>;
  unfinished(): Promise<ReleaseJobRecord[]>;
}
export const RELEASE_JOB_REPOSITORY = Symbol('RELEASE_JOB_REPOSITORY');

@Injectable()
export class MongoReleaseJobRepository implements ReleaseJobRepository {
  constructor(@InjectModel(ReleaseJobDocument.name) private readonly model: Model<ReleaseJobDocument>) {}

  async create(job: ReleaseJobRecord): Promise<void> {
    await this.model.create(job);
  }

  find(jobId: string): Promise<ReleaseJobRecord | null> {
    return this.model.findOne({ jobId }).lean<ReleaseJobRecord>().exec();
  }

  async update(jobId: string, fields: Partial<ReleaseJobRecord>): Promise<void> {
    await this.model.updateOne({ jobId }, { $set: fields }).exec();
  }

  unfinished(): Promise<ReleaseJobRecord[]> {
    return this.model.find({ status: { $in: ['queued', 'running'] } }).lean<ReleaseJobRecord[]>().exec();
  }
}
