import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { TokenRevocationList } from '@kbe/server-auth';
import type { Model } from 'mongoose';

@Schema({ collection: 'revoked_tokens', versionKey: false })
export class RevokedTokenDocument {
  @Prop({ type: String, required: true })
  jti!: string;

  /** When the token expires anyway; after that the entry may go. */
  @Prop({ type: Date, required: true })
  expiresAt!: Date;
}
export const RevokedTokenSchema = SchemaFactory.createForClass(RevokedTokenDocument);
// Serves findOne({ jti }) on every guarded request.
RevokedTokenSchema.index({ jti: 1 }, { unique: true });
// Serves the clean-up deleteMany({ expiresAt: { $lt: now } }) (FerretDB has no TTL index).
RevokedTokenSchema.index({ expiresAt: 1 });

/** Logged-out tokens, refused until they expire. */
@Injectable()
export class MongoRevokedTokenStore implements TokenRevocationList {
  constructor(@InjectModel(RevokedTokenDocument.name) private readonly model: Model<RevokedTokenDocument>) {}

  async revoke(jti: string, expiresAt: Date): Promise<void> {
    await this.model.updateOne({ jti }, { $set: { expiresAt } }, { upsert: true }).exec();
    await this.model.deleteMany({ expiresAt: { $lt: new Date() } }).exec();
  }

  async isRevoked(jti: string): Promise<boolean> {
    return (await this.model.exists({ jti }).exec()) !== null;
  }
}
