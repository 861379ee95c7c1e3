import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { Model } from 'mongoose';

/** An edition's retention: its results date and the purge's progress, `_id` = the edition year. */
@Schema({ collection: 'retention_runs', versionKey: false })
export class RetentionRunDocument {
  @Prop({ type: Number, required: true }) _id!: number;
  @Prop({ type: String, default: null }) resultsPublishedOn!: string | null;
  @Prop({ type: Date, default: null }) startedAt!: Date | null;
  /** Which list the purge is in (live, then deleted candidates) and the last code done in it. */
  @Prop({ type: String, default: 'live' }) phase!: 'live' | 'deleted';
  @Prop({ type: String, default: null }) after!: string | null;
  @Prop({ type: Number, default: 0 }) purged!: number;
  @Prop({ type: Date, default: null }) finishedAt!: Date | null;
  /** One process purges at a time: it holds the lease while it works. */
  @Prop({ type: Date, default: null }) leaseUntil!: Date | null;
}

export const RetentionRunSchema = SchemaFactory.createForClass(RetentionRunDocument);
export type RetentionRun = Omit<RetentionRunDocument, '_id'> & { editionYear: number };

const EMPTY = { resultsPublishedOn: null, startedAt: null, phase: 'live' as const, after: null, purged: 0, finishedAt: null, leaseUntil: null };

@Injectable()
export class RetentionStore {
  constructor(@InjectModel(RetentionRunDocument.name) private readonly model: Model<RetentionRunDocument>) {}

  async find(editionYear: number): Promise<RetentionRun> {
    const doc = await this.model.findOne({ _id: editionYear }).lean<RetentionRunDocument>().exec();
    const { _id, ...run } = doc ?? { _id: editionYear, ...EMPTY };
    return { ...EMPTY, ...run, editionYear: _id };
  }

  async setResultsDate(editionYear: number, resultsPublishedOn: string): Promise<void> {
    await this.model.updateOne({ _id: editionYear }, { $set: { resultsPublishedOn } }, { upsert: true }).exec();
  }

  /** Takes (or renews) the purge lease unless another process holds it; true when held. */
  async lease(editionYear: number, now: Date, untilMs: number): Promise<boolean> {
    const result = await this.model
      .updateOne(
        { _id: editionYear, finishedAt: null, $or: [{ leaseUntil: null }, { leaseUntil: { $lt: now } }] },
        { $set: { leaseUntil: new Date(now.getTime() + untilMs) } },
      )
      .exec();
    if (result.matchedCount !== 1) return false;
    await this.model.updateOne({ _id: editionYear, startedAt: null }, { $set: { startedAt: now } }).exec();
    return true;
  }

  async progress(editionYear: number, phase: 'live' | 'deleted', after: string | null, purgedMore: number, leaseUntil: Date): Promise<void> {
    await this.model.updateOne({ _id: editionYear }, { $set: { phase, after, leaseUntil }, $inc: { purged: purgedMore } }).exec();
  }

  async finish(editionYear: number, at: Date): Promise<void> {
    await this.model.updateOne({ _id: editionYear }, { $set: { finishedAt: at, leaseUntil: null } }).exec();
  }
}
