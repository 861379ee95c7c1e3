import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { CategoryResults, ExamLevel, KbeCategory, Medal, ResultStatus } from '@kbe/contracts';

/** A candidate's result of a level, as stored in `results` (`_id`: `<level>:<candidate code>`), ranked at import. */
@Schema({ collection: 'results', versionKey: false })
export class ResultDocument {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  level!: ExamLevel;

  @Prop({ type: String, required: true })
  candidateCode!: string;

  @Prop({ type: String, default: null })
  rollNumber!: string | null;

  @Prop({ type: String, required: true })
  category!: KbeCategory;

  @Prop({ type: String, required: true })
  schoolCode!: string;

  @Prop({ type: Number, default: null })
  score!: number | null;

  @Prop({ type: Boolean, required: true })
  absent!: boolean;

  @Prop({ type: Number, default: null })
  rank!: number | null;

  @Prop({ type: String, default: null })
  medal!: Medal | null;

  @Prop({ type: Boolean, required: true })
  qualified!: boolean;

  /** The rank, absentees after every rank (ABSENT_ORDER): the lists' order, which a null rank would put first. */
  @Prop({ type: Number, required: true })
  order!: number;
}

export const ResultSchema = SchemaFactory.createForClass(ResultDocument);
// The ranked list of a level's category (admin list, paged) and the merit list (the qualified are its first rows).
ResultSchema.index({ level: 1, category: 1, order: 1, rollNumber: 1 });
// A school's report of a level.
ResultSchema.index({ level: 1, schoolCode: 1, category: 1, order: 1 });
// An erased candidate's rows of every level (candidate.erased: deleteMany({ candidateCode })).
ResultSchema.index({ candidateCode: 1 });

/** Where absentees stand in the lists: after every rank. */
export const ABSENT_ORDER = 1_000_000;

/** A level's results as a whole, as stored in `result_levels` (`_id`: the level). */
@Schema({ collection: 'result_levels', versionKey: false })
export class ResultLevelDocument {
  @Prop({ type: String, required: true })
  _id!: ExamLevel;

  @Prop({ type: String, required: true })
  status!: ResultStatus;

  /** SHA-256 of the imported file (hex): the same file again changes nothing. */
  @Prop({ type: String, required: true })
  fileHash!: string;

  @Prop({ type: Date, required: true })
  importedAt!: Date;

  @Prop({ type: String, required: true })
  importedBy!: string;

  @Prop({ type: Date, default: null })
  publishedAt!: Date | null;

  @Prop({ type: Date, default: null })
  withdrawnAt!: Date | null;

  /** Lines of the file, the header not counted. */
  @Prop({ type: Number, required: true })
  lines!: number;

  @Prop({ type: Number, required: true })
  sat!: number;

  @Prop({ type: Number, required: true })
  absent!: number;

  /** The ranking's summary per category, computed at import (the summary page reads this one document). */
  @Prop({ type: [Object], required: true })
  categories!: CategoryResults[];

  /** The latest publication: its progress, and its hold on the level while it runs (`heartbeatAt` renewed at every batch). */
  @Prop({ type: Object, default: null })
  publication!: PublicationRecord | null;
}

export interface PublicationRecord {
  startedAt: Date;
  startedBy: string;
  heartbeatAt: Date;
  total: number;
  processed: number;
  finishedAt: Date | null;
  error: string | null;
}

export const ResultLevelSchema = SchemaFactory.createForClass(ResultLevelDocument);
