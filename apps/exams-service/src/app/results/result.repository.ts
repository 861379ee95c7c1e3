import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { ExamLevel, KbeCategory, RankedResult } from '@kbe/contracts';
import type { Model } from 'mongoose';
import type { Page, PageRequest } from '../pagination';
import { ABSENT_ORDER, ResultDocument, ResultLevelDocument, type PublicationRecord } from './result.schema';

export type ResultLevelRecord = ResultLevelDocument;

export const resultId = (level: ExamLevel, candidateCode: string): string => `${level}:${candidateCode}`;

export interface ResultRepository {
  /** The level's results as a whole (null: none imported). */
  level(level: ExamLevel): Promise<ResultLevelRecord | null>;
  /** Stores a level's ranked results in place of any before, then the level's record (last; a stop midway leaves no file's hash, so the file is taken again). */
  replace(level: ResultLevelRecord, results: readonly RankedResult[]): Promise<void>;
  /** Changes the level's status (publication, withdrawal). */
  updateLevel(level: ExamLevel, patch: Partial<Omit<ResultLevelRecord, '_id'>>): Promise<void>;
  /** Starts a publication of an imported or withdrawn level unless one is running (its heartbeat after `lapsedBefore`); false when one is. */
  claimPublication(level: ExamLevel, publication: PublicationRecord, lapsedBefore: Date): Promise<boolean>;
  /** A running publication's progress (and its heartbeat). */
  updatePublication(level: ExamLevel, patch: Partial<PublicationRecord>): Promise<void>;
  /** Levels whose publication has not finished (a process stopped midway, or running elsewhere). */
  unfinishedPublications(): Promise<ResultLevelRecord[]>;
  /** A page of the level's ranked rows, by category, rank and roll number, absentees after the ranked. */
  page(level: ExamLevel, category: KbeCategory | undefined, page: PageRequest): Promise<Page<RankedResult>>;
  /** A school's rows of the level, in the same order. */
  ofSchool(level: ExamLevel, schoolCode: string): Promise<RankedResult[]>;
  /** The qualified of the level, by category, rank and roll number. */
  qualified(level: ExamLevel): Promise<RankedResult[]>;
  /** Every row of the level (publication: about 20,000 at most). */
  all(level: ExamLevel): Promise<RankedResult[]>;
  /** Deletes an erased candidate's rows of every level; answers how many (0 once they are gone). */
  removeCandidate(candidateCode: string): Promise<number>;
}
export const RESULT_REPOSITORY = Symbol('RESULT_REPOSITORY');

const WRITE_CHUNK = 1_000;
const ROW = { _id: 0, candidateCode: 1, rollNumber: 1, category: 1, schoolCode: 1, score: 1, absent: 1, rank: 1, medal: 1, qualified: 1 } as const;
const LIST_ORDER = { category: 1, order: 1, rollNumber: 1 } as const;

@Injectable()
export class MongoResultRepository implements ResultRepository {
  constructor(
    @InjectModel(ResultDocument.name) private readonly results: Model<ResultDocument>,
    @InjectModel(ResultLevelDocument.name) private readonly levels: Model<ResultLevelDocument>,
  ) {}

  level(level: ExamLevel): Promise<ResultLevelRecord | null> {
    return this.levels.findById(level).lean<ResultLevelRecord>().exec();
  }

  async replace(record: ResultLevelRecord, results: readonly RankedResult[]): Promise<void> {
    const level = record._id;
    // a replacement stopped midway must not pass for the stored file: no file's hash until the rows are in
    await this.levels.updateOne({ _id: level }, { $set: { fileHash: '' } }).exec();
    await this.results.deleteMany({ level }).exec();
    for (let i = 0; i < results.length; i += WRITE_CHUNK) {
      const docs = results.slice(i, i + WRITE_CHUNK).map((result) => ({ ...result, _id: resultId(level, result.candidateCode), level, order: result.rank ?? ABSENT_ORDER }));
      await this.results.insertMany(docs, { ordered: false });
    }
    await this.levels.replaceOne({ _id: level }, record, { upsert: true }).exec();
  }

  async updateLevel(level: ExamLevel, patch: Partial<Omit<ResultLevelRecord, '_id'>>): Promise<void> {
    await this.levels.updateOne({ _id: level }, { $set: patch }).exec();
  }

  async claimPublication(level: ExamLevel, publication: PublicationRecord, lapsedBefore: Date): Promise<boolean> {
    const free = [{ publication: null }, { 'publication.finishedAt': { $ne: null } }, { 'publication.heartbeatAt': { $lt: lapsedBefore } }];
    const claimed = await this.levels.updateOne({ _id: level, status: { $in: ['imported', 'withdrawn'] }, $or: free }, { $set: { publication } }).exec();
    return claimed.modifiedCount === 1;
  }

  async updatePublication(level: ExamLevel, patch: Partial<PublicationRecord>): Promise<void> {
    const set = Object.fromEntries(Object.entries(patch).map(([key, value]) => [`publication.${key}`, value]));
    await this.levels.updateOne({ _id: level }, { $set: set }).exec();
  }

  unfinishedPublications(): Promise<ResultLevelRecord[]> {
    // three documents at most (one per level): no index needed
    return this.levels.find({ 'publication.finishedAt': null, publication: { $ne: null } }).lean<ResultLevelRecord[]>().exec();
  }

  async page(level: ExamLevel, category: KbeCategory | undefined, page: PageRequest): Promise<Page<RankedResult>> {
    const filter = category ? { level, category } : { level };
    const [items, total] = await Promise.all([
      this.results.find(filter, ROW).sort(LIST_ORDER).skip((page.page - 1) * page.limit).limit(page.limit).lean<RankedResult[]>().exec(),
      this.results.countDocuments(filter).exec(),
    ]);
    return { items, total };
  }

  ofSchool(level: ExamLevel, schoolCode: string): Promise<RankedResult[]> {
    return this.results.find({ level, schoolCode }, ROW).sort(LIST_ORDER).lean<RankedResult[]>().exec();
  }

  qualified(level: ExamLevel): Promise<RankedResult[]> {
    return this.results.find({ level, qualified: true }, ROW).sort(LIST_ORDER).lean<RankedResult[]>().exec();
  }

  all(level: ExamLevel): Promise<RankedResult[]> {
    return this.results.find({ level }, ROW).lean<RankedResult[]>().exec();
  }

  async removeCandidate(candidateCode: string): Promise<number> {
    const { deletedCount } = await this.results.deleteMany({ candidateCode }).exec();
    return deletedCount;
  }
}
