import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * The fan-out of one event that asked for SMS (`sms.requested`, or a single-candidate event):
 * how far the expansion of its audience got (cursor) and how many messages it queued or
 * rejected. A campaign may arrive as several events (recipient lists in chunks); its counts
 * are the sums over its fan-outs, plus the delivery log for sent / delivered / failed.
 */
@Schema({ collection: 'sms_fanouts', versionKey: false })
export class FanOutDocument {
  /** Id of the event (the same on every redelivery). */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  campaignId!: string;

  @Prop({ type: String, required: true })
  messageType!: string;

  /** `group:<name>` or `recipients`. */
  @Prop({ type: String, required: true })
  audience!: string;

  @Prop({ type: String, required: true })
  requestedBy!: string;

  /** `after` of the next page to expand; null before the first page. */
  @Prop({ type: String, default: null })
  cursor!: string | null;

  @Prop({ type: Number, default: 0 })
  queued!: number;

  /** Recipients refused before queueing (no valid Indian mobile number). */
  @Prop({ type: Number, default: 0 })
  rejected!: number;

  @Prop({ type: Date, default: null })
  expandedAt!: Date | null;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, required: true })
  updatedAt!: Date;
}

// No secondary index: FerretDB's SQLite backend would never use it (only `{ _id }` filters).
export const FanOutSchema = SchemaFactory.createForClass(FanOutDocument);
