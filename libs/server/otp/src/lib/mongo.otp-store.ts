import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { isDuplicateKeyError } from '@kbe/server-database';
import type { Model } from 'mongoose';
import type { OtpChallenge, OtpStore } from './otp.store';

/** One code waiting: `_id` = `<purpose>:<subject>`. Only its keyed hash is stored. */
@Schema({ collection: 'otp_challenges', versionKey: false })
export class OtpChallengeDocument {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  codeHash!: string;

  @Prop({ type: Number, required: true })
  attempts!: number;

  @Prop({ type: Date, required: true })
  sentAt!: Date;

  @Prop({ type: Date, required: true })
  expiresAt!: Date;

  @Prop({ type: String, required: true })
  destinationHash!: string;
}

/** Codes sent to one destination on one day (India time): `_id` = `<destination hash>:<YYYY-MM-DD>`. */
@Schema({ collection: 'otp_sends', versionKey: false })
export class OtpSendCountDocument {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, required: true })
  count!: number;
}

// Every statement names the `_id` (the primary key): no other index is needed, on FerretDB or MongoDB.
export const OtpChallengeSchema = SchemaFactory.createForClass(OtpChallengeDocument);
export const OtpSendCountSchema = SchemaFactory.createForClass(OtpSendCountDocument);

/**
 * The codes and send counts in MongoDB. A conditional update of one document is atomic (on
 * FerretDB with our atomic-updates patch, docs/adr/0004), which is what keeps the tries and the
 * daily sends exact under concurrent requests.
 */
export class MongoOtpStore implements OtpStore {
  constructor(
    private readonly challenges: Model<OtpChallengeDocument>,
    private readonly sends: Model<OtpSendCountDocument>,
  ) {}

  async find(id: string): Promise<OtpChallenge | null> {
    const doc = await this.challenges.findOne({ _id: id }).lean<OtpChallengeDocument>().exec();
    return doc ? toChallenge(doc) : null;
  }

  async put(challenge: OtpChallenge, replacing: Date | null): Promise<boolean> {
    const { id, ...fields } = challenge;
    if (replacing === null) {
      try {
        await this.challenges.create({ _id: id, ...fields });
        return true;
      } catch (error) {
        if (isDuplicateKeyError(error)) return false;
        throw error;
      }
    }
    const result = await this.challenges.replaceOne({ _id: id, sentAt: replacing }, fields).exec();
    return result.matchedCount === 1;
  }

  async takeAttempt(id: string, sentAt: Date, maxAttempts: number): Promise<OtpChallenge | null> {
    const result = await this.challenges.updateOne({ _id: id, sentAt, attempts: { $lt: maxAttempts } }, { $inc: { attempts: 1 } }).exec();
    if (result.matchedCount === 0) return null;
    return this.find(id);
  }

  async remove(id: string, sentAt: Date): Promise<boolean> {
    const result = await this.challenges.deleteOne({ _id: id, sentAt }).exec();
    return result.deletedCount === 1;
  }

  async countSend(key: string, max: number): Promise<boolean> {
    try {
      // At the limit the filter matches nothing, and the upsert's insert meets the existing `_id`.
      await this.sends.updateOne({ _id: key, count: { $lt: max } }, { $inc: { count: 1 } }, { upsert: true }).exec();
      return true;
    } catch (error) {
      if (isDuplicateKeyError(error)) return false;
      throw error;
    }
  }

  async uncountSend(key: string): Promise<void> {
    await this.sends.updateOne({ _id: key, count: { $gt: 0 } }, { $inc: { count: -1 } }).exec();
  }
}

function toChallenge(doc: OtpChallengeDocument): OtpChallenge {
  return {
    id: doc._id,
    codeHash: doc.codeHash,
    attempts: doc.attempts,
    sentAt: new Date(doc.sentAt),
    expiresAt: new Date(doc.expiresAt),
    destinationHash: doc.destinationHash,
  };
}
