import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { moveFieldToId } from '@kbe/server-database';
import type { Model } from 'mongoose';

@Schema({ collection: 'login_attempts', versionKey: false })
export class LoginAttemptDocument {
  /** The key, `user:<username>` or `ip:<address>`: every read and write of a login is an `_id` lookup. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, required: true })
  failures!: number;

  @Prop({ type: Date, required: true })
  windowStart!: Date;

  @Prop({ type: Date, required: true })
  lastFailureAt!: Date;
}
export const LoginAttemptSchema = SchemaFactory.createForClass(LoginAttemptDocument);

export interface LoginAttempts {
  failures: number;
  windowStart: Date;
  lastFailureAt: Date;
}

/** Failure counters of the brute-force protection. */
export interface LoginAttemptStore {
  get(key: string): Promise<LoginAttempts | null>;
  /** Adds a failure; a counter older than the window starts again at 1. */
  recordFailure(key: string, at: Date, windowMs: number): Promise<void>;
  clear(key: string): Promise<void>;
}
export const LOGIN_ATTEMPT_STORE = Symbol('LOGIN_ATTEMPT_STORE');

@Injectable()
export class MongoLoginAttemptStore implements LoginAttemptStore, OnModuleInit {
  private readonly logger = new Logger(MongoLoginAttemptStore.name);

  constructor(@InjectModel(LoginAttemptDocument.name) private readonly model: Model<LoginAttemptDocument>) {}

  /** Counters stored before the key became their `_id` (an ObjectId, a `key` field) are moved at start. */
  async onModuleInit(): Promise<void> {
    await moveFieldToId(this.model.collection, 'key', this.logger);
  }

  async get(key: string): Promise<LoginAttempts | null> {
    const doc = await this.model.findOne({ _id: key }).lean().exec();
    return doc ? { failures: doc.failures, windowStart: doc.windowStart, lastFailureAt: doc.lastFailureAt } : null;
  }

  async recordFailure(key: string, at: Date, windowMs: number): Promise<void> {
    const expired = await this.model
      .updateOne({ _id: key, windowStart: { $lt: new Date(at.getTime() - windowMs) } }, { $set: { failures: 1, windowStart: at, lastFailureAt: at } })
      .exec();
    if (expired.matchedCount > 0) return;
    await this.model
      .updateOne({ _id: key }, { $inc: { failures: 1 }, $set: { lastFailureAt: at }, $setOnInsert: { windowStart: at } }, { upsert: true })
      .exec();
  }

  async clear(key: string): Promise<void> {
    await this.model.deleteOne({ _id: key }).exec();
  }
}
