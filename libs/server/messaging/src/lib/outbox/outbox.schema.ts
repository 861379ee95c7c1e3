import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One outbox entry. Two collections share this shape: `outbox` holds only the entries still
 * waiting for the broker, `outbox_published` keeps the relayed ones for inspection until the
 * retention clean-up. The relay's query reads only the small waiting set (on the local store any
 * filter but `_id` reads a whole collection, docs/adr/0004).
 */
@Schema({ versionKey: false })
export class OutboxDocument {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  topic!: string;

  @Prop({ type: String, required: true })
  key!: string;

  @Prop({ type: String, required: true })
  value!: string;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, default: null })
  publishedAt!: Date | null;

  @Prop({ type: Number, default: 0 })
  attempts!: number;

  @Prop({ type: String, default: null })
  lastError!: string | null;

  /**
   * Written by a publisher that made the id for this write (`add` with `firstWrite`): no copy of
   * it can have been relayed before, so the relay does not look one up. Missing on entries
   * written before this field existed: those are looked up.
   */
  @Prop({ type: Boolean, default: false })
  firstWrite!: boolean;
}

export const OUTBOX_COLLECTION = 'outbox';
export const PUBLISHED_OUTBOX_COLLECTION = 'outbox_published';
/** Model name of the relayed entries (the waiting ones use `OutboxDocument.name`). */
export const PUBLISHED_OUTBOX_MODEL = 'PublishedOutboxDocument';

// Serves the relay: find({ publishedAt: null }).sort({ createdAt: 1 }) over the waiting entries.
export const OutboxSchema = SchemaFactory.createForClass(OutboxDocument).set('collection', OUTBOX_COLLECTION);
OutboxSchema.index({ publishedAt: 1, createdAt: 1 });

// Serves the clean-up: deleteMany({ publishedAt: { $lt: cutoff } }).
export const PublishedOutboxSchema = SchemaFactory.createForClass(OutboxDocument).set('collection', PUBLISHED_OUTBOX_COLLECTION);
PublishedOutboxSchema.index({ publishedAt: 1 });
