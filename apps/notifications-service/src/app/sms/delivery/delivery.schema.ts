import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * The delivery log, in insert-mostly collections: FerretDB's SQLite backend hands SQLite a
 * filter only when it is exactly `{ _id: <value> }`; any other find/update/delete (`$in`, ranges,
 * other fields, even `_id` plus another field) decodes every document of the collection. So the
 * hot path inserts (many at once, a duplicate `_id` being the idempotency signal), reads and
 * updates by `_id` alone, and scans only the small in-flight set.
 */

/** One claim per (campaign or event, recipient): the unique record that the message was taken for the provider. */
@Schema({ collection: 'sms_deliveries', versionKey: false })
export class DeliveryDocument {
  /** `<campaign or event id>:<recipient>`: the idempotency key. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  campaignId!: string;

  @Prop({ type: String, required: true })
  messageType!: string;

  /** E.164, or what was given when it is not a valid number. */
  @Prop({ type: String, required: true })
  to!: string;

  @Prop({ type: String, required: true })
  text!: string;

  @Prop({ type: String, required: true })
  encoding!: string;

  @Prop({ type: Number, required: true })
  segments!: number;

  @Prop({ type: String, default: null })
  candidateCode!: string | null;

  @Prop({ type: Date, required: true })
  createdAt!: Date;
}
export const DeliverySchema = SchemaFactory.createForClass(DeliveryDocument);

/**
 * Claims not finished yet, one small entry per chunk of messages a sender took (their ids; the
 * messages themselves are in their claims): which sender holds it and until when (lease).
 * Deleted when the chunk's outcomes are written; a chunk whose lease ran out (its sender died)
 * is taken over by another sender. `owner` null: never handed to the provider (re-driven, or
 * given back at shutdown). The only collection scanned on the delivery path (by the sweeper),
 * so it stays small.
 */
@Schema({ collection: 'sms_inflight', versionKey: false })
export class InflightDocument {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, default: null })
  owner!: string | null;

  @Prop({ type: Date, required: true })
  leaseUntil!: Date;

  /** Ids (idempotency keys) of the chunk's messages. */
  @Prop({ type: [String], required: true })
  ids!: string[];
}
export const InflightSchema = SchemaFactory.createForClass(InflightDocument);

export const OUTCOME_STATUSES = ['sent', 'delivered', 'failed', 'dead'] as const;
export type OutcomeStatus = (typeof OUTCOME_STATUSES)[number];

/**
 * How a claimed message ended: `sent` (the provider accepted it), then `delivered` / `failed`
 * from its delivery report; `failed` also for recipients rejected before queueing; `dead` when
 * given up (last attempt or permanent error), until an admin re-drives it.
 */
@Schema({ collection: 'sms_outcomes', versionKey: false })
export class OutcomeDocument {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  campaignId!: string;

  @Prop({ type: String, required: true, enum: OUTCOME_STATUSES })
  status!: OutcomeStatus;

  @Prop({ type: String, default: null })
  reason!: string | null;

  @Prop({ type: Number, default: 0 })
  attempts!: number;

  /** The provider's id of the accepted message (its delivery reports refer to it). */
  @Prop({ type: String, default: null })
  providerMessageId!: string | null;

  @Prop({ type: Date, required: true })
  updatedAt!: Date;
}
// No secondary indexes: FerretDB's SQLite backend never uses them for a query (only `_id`), they
// would only make every insert dearer.
export const OutcomeSchema = SchemaFactory.createForClass(OutcomeDocument);

/**
 * One request the provider accepted (`_id` = the provider's request id): which message went to
 * which number, so a delivery report (request id + number) finds its message by `_id` alone.
 */
@Schema({ collection: 'sms_provider_receipts', versionKey: false })
export class ReceiptDocument {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: [Object], required: true })
  recipients!: Array<{ to: string; id: string }>;

  @Prop({ type: Date, required: true })
  createdAt!: Date;
}
export const ReceiptSchema = SchemaFactory.createForClass(ReceiptDocument);
