import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { ExamLevel } from '@kbe/contracts';
import type { Model } from 'mongoose';
import type { NewSeat } from '../allocation/allocate-seats';
import { SeatDocument } from './seat.schema';

export type SeatRecord = Omit<SeatDocument, '_id'>;

export const seatId = (level: ExamLevel, candidateCode: string): string => `${level}:${candidateCode}`;

export interface SeatRepository {
  /** Every seat of the level (a few thousand at most: read by the allocation job, never per request). */
  ofLevel(level: ExamLevel): Promise<SeatRecord[]>;
  /** Stores new seats; a seat or roll number taken meanwhile (another job) fails the whole call. */
  insert(level: ExamLevel, seats: readonly NewSeat[], jobId: string, at: Date): Promise<void>;
  /** Removes these candidates' seats of the level (a re-seat). */
  remove(level: ExamLevel, candidateCodes: readonly string[]): Promise<void>;
}
export const SEAT_REPOSITORY = Symbol('SEAT_REPOSITORY');

const INSERT_CHUNK = 1_000;

@Injectable()
export class MongoSeatRepository implements SeatRepository {
  constructor(@InjectModel(SeatDocument.name) private readonly model: Model<SeatDocument>) {}

  ofLevel(level: ExamLevel): Promise<SeatRecord[]> {
    return this.model.find({ level }, { _id: 0 }).lean<SeatRecord[]>().exec();
  }

  async insert(level: ExamLevel, seats: readonly NewSeat[], jobId: string, at: Date): Promise<void> {
    for (let i = 0; i < seats.length; i += INSERT_CHUNK) {
      const docs = seats.slice(i, i + INSERT_CHUNK).map((seat) => ({ ...seat, _id: seatId(level, seat.candidateCode), level, jobId, allocatedAt: at }));
      await this.model.insertMany(docs, { ordered: true });
    }
  }

  async remove(level: ExamLevel, candidateCodes: readonly string[]): Promise<void> {
    for (let i = 0; i < candidateCodes.length; i += INSERT_CHUNK) {
      await this.model.deleteMany({ _id: { $in: candidateCodes.slice(i, i + INSERT_CHUNK).map((code) => seatId(level, code)) } }).exec();
    }
  }
}
