import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { EXAM_LEVELS, type ExamLevel } from '@kbe/contracts';
import type { Model } from 'mongoose';
import type { NewSeat } from '../allocation/allocate-seats';
import { SeatDocument } from './seat.schema';

export type SeatRecord = Omit<SeatDocument, '_id'>;
/** What a results import reads of a seat. */
export type SeatName = Pick<SeatRecord, 'candidateCode' | 'rollNumber' | 'level' | 'centreCode' | 'room' | 'absent'>;

export const seatId = (level: ExamLevel, candidateCode: string): string => `${level}:${candidateCode}`;

export interface SeatRepository {
  /** Every seat of the level (a few thousand at most: read by the allocation job, never per request). */
  ofLevel(level: ExamLevel): Promise<SeatRecord[]>;
  /** Stores new seats; a seat or roll number taken meanwhile (another job) fails the whole call. */
  insert(level: ExamLevel, seats: readonly NewSeat[], jobId: string, at: Date): Promise<void>;
  /** Removes these candidates' seats of the level (a re-seat). */
  remove(level: ExamLevel, candidateCodes: readonly string[]): Promise<void>;
  /** A centre's seats of the level (the unique seat index's prefix), by date, time, room and seat. */
  ofCentre(level: ExamLevel, centreCode: string): Promise<SeatRecord[]>;
  /** Whether any seat of any level is at the centre. */
  anyAtCentre(centreCode: string): Promise<boolean>;
  /** Every seat of the level, names and attendance only (a results import: one read per import). */
  namesOfLevel(level: ExamLevel): Promise<SeatName[]>;
  /** Seats of other levels than `level` holding one of these roll numbers or candidate codes. */
  elsewhere(level: ExamLevel, rollNumbers: readonly string[], candidateCodes: readonly string[]): Promise<SeatName[]>;
  /** Records each candidate's attendance of the level's paper. */
  recordAttendance(level: ExamLevel, marks: readonly { candidateCode: string; absent: boolean }[], at: Date): Promise<void>;
}
export const SEAT_REPOSITORY = Symbol('SEAT_REPOSITORY');

const INSERT_CHUNK = 1_000;
const SEAT_NAME = { _id: 0, candidateCode: 1, rollNumber: 1, level: 1, centreCode: 1, room: 1, absent: 1 } as const;

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

  ofCentre(level: ExamLevel, centreCode: string): Promise<SeatRecord[]> {
    return this.model.find({ level, centreCode }, { _id: 0 }).sort({ date: 1, startTime: 1, room: 1, seatInRoom: 1 }).lean<SeatRecord[]>().exec();
  }

  async anyAtCentre(centreCode: string): Promise<boolean> {
    // one indexed probe per level: the unique seat index starts with level, centreCode
    const found = await Promise.all(EXAM_LEVELS.map((level) => this.model.exists({ level, centreCode }).exec()));
    return found.some(Boolean);
  }

  namesOfLevel(level: ExamLevel): Promise<SeatName[]> {
    // the unique seat index starts with level
    return this.model.find({ level }, SEAT_NAME).lean<SeatName[]>().exec();
  }

  async elsewhere(level: ExamLevel, rollNumbers: readonly string[], candidateCodes: readonly string[]): Promise<SeatName[]> {
    const others = EXAM_LEVELS.filter((other) => other !== level);
    const found: SeatName[] = [];
    for (let i = 0; i < Math.max(rollNumbers.length, candidateCodes.length); i += INSERT_CHUNK) {
      // the unique roll number index, and `_id` (<level>:<candidate code>) for each other level
      const ids = candidateCodes.slice(i, i + INSERT_CHUNK).flatMap((code) => others.map((other) => seatId(other, code)));
      const [byRoll, byId] = await Promise.all([
        this.model.find({ rollNumber: { $in: rollNumbers.slice(i, i + INSERT_CHUNK) } }, SEAT_NAME).lean<SeatName[]>().exec(),
        this.model.find({ _id: { $in: ids } }, SEAT_NAME).lean<SeatName[]>().exec(),
      ]);
      found.push(...byRoll.filter((seat) => seat.level !== level), ...byId);
    }
    return found;
  }

  async recordAttendance(level: ExamLevel, marks: readonly { candidateCode: string; absent: boolean }[], at: Date): Promise<void> {
    if (marks.length === 0) return;
    await this.model.bulkWrite(
      marks.map((mark) => ({ updateOne: { filter: { _id: seatId(level, mark.candidateCode) }, update: { $set: { absent: mark.absent, attendanceRecordedAt: at } } } })),
      { ordered: false },
    );
  }

  async remove(level: ExamLevel, candidateCodes: readonly string[]): Promise<void> {
    for (let i = 0; i < candidateCodes.length; i += INSERT_CHUNK) {
      await this.model.deleteMany({ _id: { $in: candidateCodes.slice(i, i + INSERT_CHUNK).map((code) => seatId(level, code)) } }).exec();
    }
  }
}
