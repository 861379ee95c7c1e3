import { Injectable } from '@nestjs/common';
import { InjectModel, Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { insertBatcher, type WriteBatcher, isDuplicateKeyError } from '@kbe/server-database';
import type { Model } from 'mongoose';

export type RegistrationKind = 'school' | 'mentor' | 'candidate';

/** Remembers which code a client's `Idempotency-Key` produced, so a retried submit gets the first code. */
export interface IdempotencyStore {
  find(kind: RegistrationKind, key: string): Promise<string | null>;
  /** Stores the code for the key; when the key is already taken, returns the code stored first. */
  remember(kind: RegistrationKind, key: string, code: string): Promise<string>;
}

export const IDEMPOTENCY_STORE = Symbol('IDEMPOTENCY_STORE');

@Schema({ collection: 'idempotency_keys', versionKey: false })
export class IdempotencyKeyDocument {
  /** `<kind>:<key>`: the primary key serves find({ _id }) and makes keys unique. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  code!: string;

  @Prop({ type: Date, required: true })
  createdAt!: Date;
}

export const IdempotencyKeySchema = SchemaFactory.createForClass(IdempotencyKeyDocument);

/**
 * Every registration reads and writes here once, so both go through the driver's collection
 * directly: the documents are built here from typed values (three fields, nothing to cast or
 * validate), and mongoose's query and document machinery was a measurable share of a
 * registration's CPU under load (docs/registration-performance.md).
 */
@Injectable()
export class MongoIdempotencyStore implements IdempotencyStore {
  /** Concurrent registrations' keys go to the database together (one insert per batch). */
  private readonly inserts: WriteBatcher<Record<string, unknown>>;

  constructor(@InjectModel(IdempotencyKeyDocument.name) private readonly model: Model<IdempotencyKeyDocument>) {
    this.inserts = insertBatcher<Record<string, unknown>>(model.collection);
  }

  async find(kind: RegistrationKind, key: string): Promise<string | null> {
    const doc = await this.model.collection.findOne<IdempotencyKeyDocument>({ _id: `${kind}:${key}` } as object, { projection: { code: 1 } });
    return typeof doc?.code === 'string' ? doc.code : null;
  }

  async remember(kind: RegistrationKind, key: string, code: string): Promise<string> {
    try {
      await this.inserts.submit({ _id: `${kind}:${key}`, code, createdAt: new Date() });
      return code;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
      return (await this.find(kind, key)) ?? code;
    }
  }
}
