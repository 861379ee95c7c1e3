import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { CandidateErasedPayload } from '@kbe/contracts';
import type { Model } from 'mongoose';

/** Why one candidate was erased; the edition's retention purge keeps no erasure records. */
export type ErasureReason = Exclude<CandidateErasedPayload['reason'], 'retention'>;

/**
 * One erasure of a candidate's personal data, `_id` = the candidate code: recorded before any
 * step, marked done after the last, so an erasure interrupted by a restart is taken up again.
 */
@Schema({ collection: 'candidate_erasures', versionKey: false })
export class CandidateErasureDocument {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  reason!: ErasureReason;

  /** `guardian`, or the admin who resolved an erasure request. */
  @Prop({ type: String, required: true })
  requestedBy!: string;

  @Prop({ type: Date, required: true })
  requestedAt!: Date;

  @Prop({ type: Date, default: null })
  doneAt!: Date | null;

  /** When admin-service's audit log recorded it (after `doneAt`). */
  @Prop({ type: Date, default: null })
  auditedAt!: Date | null;
}

export const CandidateErasureSchema = SchemaFactory.createForClass(CandidateErasureDocument);

export interface CandidateErasure {
  candidateCode: string;
  reason: ErasureReason;
  requestedBy: string;
  requestedAt: Date;
  doneAt: Date | null;
}

@Injectable()
export class CandidateErasureStore {
  constructor(@InjectModel(CandidateErasureDocument.name) private readonly model: Model<CandidateErasureDocument>) {}

  /** Records the erasure unless one is recorded already (the first reason and time stay). */
  async begin(erasure: Omit<CandidateErasure, 'doneAt'>): Promise<CandidateErasure> {
    await this.model
      .updateOne(
        { _id: erasure.candidateCode },
        { $setOnInsert: { reason: erasure.reason, requestedBy: erasure.requestedBy, requestedAt: erasure.requestedAt, doneAt: null, auditedAt: null } },
        { upsert: true },
      )
      .exec();
    return (await this.find(erasure.candidateCode)) as CandidateErasure;
  }

  async find(candidateCode: string): Promise<CandidateErasure | null> {
    const doc = await this.model.findOne({ _id: candidateCode }).lean().exec();
    return doc && { candidateCode: doc._id, reason: doc.reason, requestedBy: doc.requestedBy, requestedAt: doc.requestedAt, doneAt: doc.doneAt ?? null };
  }

  async markDone(candidateCode: string, at: Date): Promise<void> {
    await this.model.updateOne({ _id: candidateCode }, { $set: { doneAt: at } }).exec();
  }

  async markAudited(candidateCodes: readonly string[], at: Date): Promise<void> {
    await this.model.updateMany({ _id: { $in: [...candidateCodes] } }, { $set: { auditedAt: at } }).exec();
  }

  /** Finished erasures not yet in the audit log (a background pass over this small collection). */
  async unaudited(limit: number): Promise<CandidateErasure[]> {
    const docs = await this.model.find({ doneAt: { $ne: null }, auditedAt: null }).limit(limit).lean().exec();
    return docs.map((doc) => ({ candidateCode: doc._id, reason: doc.reason, requestedBy: doc.requestedBy, requestedAt: doc.requestedAt, doneAt: doc.doneAt ?? null }));
  }

  /**
   * Erasures not finished (a background pass, never a request): the collection holds one small
   * document per erased candidate, a handful in an edition.
   */
  async unfinished(limit: number): Promise<string[]> {
    const docs = await this.model.find({ doneAt: null }, { _id: 1 }).limit(limit).lean().exec();
    return docs.map((doc) => doc._id);
  }
}
