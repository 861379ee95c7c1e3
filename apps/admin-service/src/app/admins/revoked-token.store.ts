import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { TokenRevocationList } from '@kbe/server-auth';
import { moveFieldToId } from '@kbe/server-database';
import type { Model } from 'mongoose';

@Schema({ collection: 'revoked_tokens', versionKey: false })
export class RevokedTokenDocument {
  /** The token's `jti`: `isRevoked`, on every guarded request, is an `_id` lookup. */
  @Prop({ type: String, required: true })
  _id!: string;

  /** When the token expires anyway; after that the entry may go. */
  @Prop({ type: Date, required: true })
  expiresAt!: Date;
}
export const RevokedTokenSchema = SchemaFactory.createForClass(RevokedTokenDocument);
// Serves the clean-up at logout, deleteMany({ expiresAt: { $lt: now } }) (FerretDB has no TTL index).
RevokedTokenSchema.index({ expiresAt: 1 });

/** Logged-out tokens, refused until they expire. */
@Injectable()
export class MongoRevokedTokenStore implements TokenRevocationList, OnModuleInit {
  private readonly logger = new Logger(MongoRevokedTokenStore.name);

  constructor(@InjectModel(RevokedTokenDocument.name) private readonly model: Model<RevokedTokenDocument>) {}

  /** Entries stored before the jti became their `_id` (an ObjectId, a `jti` field) are moved at start. */
  async onModuleInit(): Promise<void> {
    await moveFieldToId(this.model.collection, 'jti', this.logger);
  }

  /** At logout: also forgets the tokens expired meanwhile (the one read by filter, never on a guarded request). */
  async revoke(jti: string, expiresAt: Date): Promise<void> {
    await this.model.updateOne({ _id: jti }, { $set: { expiresAt } }, { upsert: true }).exec();
    await this.model.deleteMany({ expiresAt: { $lt: new Date() } }).exec();
  }

  async isRevoked(jti: string): Promise<boolean> {
    return (await this.model.exists({ _id: jti }).exec()) !== null;
  }
}
