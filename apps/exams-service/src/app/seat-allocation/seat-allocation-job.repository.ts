import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { ExamLevel, SeatAllocationJob } from '@kbe/contracts';
import { isDuplicateKeyError } from '@kbe/server-database';
import type { Model } from 'mongoose';
import { SeatAllocationJobDocument, SeatAllocationLockDocument } from './seat-allocation-job.schema';

export type SeatAllocationJobRecord = SeatAllocationJobDocument;

/** Unseated candidates listed in a job (the count is always whole). */
export const UNSEATED_ITEMS_KEPT = 1_000;

export function toSeatAllocationJob(record: SeatAllocationJobRecord): SeatAllocationJob {
  return {
    id: record._id,
    level: record.level,
    dryRun: record.dryRun,
    status: record.status,
    total: record.total,
    processed: record.processed,
    percent: record.total === 0 ? (record.status === 'completed' ? 100 : 0) : Math.min(100, Math.floor((record.processed / record.total) * 100)),
    seated: record.seated,
    kept: record.kept,
    unseated: { count: record.unseatedCount, items: record.unseatedItems },
    rooms: record.rooms,
    requestedBy: record.requestedBy,
    createdAt: record.createdAt.toISOString(),
    finishedAt: record.finishedAt ? record.finishedAt.toISOString() : null,
    error: record.error,
  };
}

export interface SeatAllocationJobRepository {
  create(job: SeatAllocationJobRecord): Promise<void>;
  find(id: string): Promise<SeatAllocationJobRecord | null>;
  update(id: string, fields: Partial<SeatAllocationJobRecord>): Promise<void>;
  /** Jobs a stopped process left queued or running. */
  unfinished(): Promise<SeatAllocationJobRecord[]>;
  /** Takes (or renews) the level's lock for this job until `until`; false while another job holds it. */
  lock(level: ExamLevel, jobId: string, now: Date, until: Date): Promise<boolean>;
  unlock(level: ExamLevel, jobId: string): Promise<void>;
}
export const SEAT_ALLOCATION_JOB_REPOSITORY = Symbol('SEAT_ALLOCATION_JOB_REPOSITORY');

@Injectable()
export class MongoSeatAllocationJobRepository implements SeatAllocationJobRepository {
  constructor(
    @InjectModel(SeatAllocationJobDocument.name) private readonly model: Model<SeatAllocationJobDocument>,
    @InjectModel(SeatAllocationLockDocument.name) private readonly locks: Model<SeatAllocationLockDocument>,
  ) {}

  async create(job: SeatAllocationJobRecord): Promise<void> {
    await this.model.create(job);
  }

  find(id: string): Promise<SeatAllocationJobRecord | null> {
    return this.model.findById(id).lean<SeatAllocationJobRecord>().exec();
  }

  async update(id: string, fields: Partial<SeatAllocationJobRecord>): Promise<void> {
    await this.model.updateOne({ _id: id }, { $set: fields }).exec();
  }

  unfinished(): Promise<SeatAllocationJobRecord[]> {
    // at most a few: the status is not indexed, this runs once at start, never per request
    return this.model.find({ status: { $in: ['queued', 'running'] } }).lean<SeatAllocationJobRecord[]>().exec();
  }

  async lock(level: ExamLevel, jobId: string, now: Date, until: Date): Promise<boolean> {
    try {
      // matches a lock this job holds or one that expired; otherwise the upsert's insert meets the taken `_id`
      await this.locks.updateOne({ _id: level, $or: [{ jobId }, { until: { $lte: now } }] }, { $set: { jobId, until } }, { upsert: true }).exec();
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async unlock(level: ExamLevel, jobId: string): Promise<void> {
    await this.locks.deleteOne({ _id: level, jobId }).exec();
  }
}
