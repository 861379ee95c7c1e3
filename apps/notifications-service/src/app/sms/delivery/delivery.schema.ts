import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * The delivery log, in insert-mostly collections: FerretDB's SQLite backend pushes down only
 * `_id`/equality filters, so multi-document updates (`$in`, ranges) scan whole collections.
 * Each write here is an insert, a delete on the small in-flight set, or an update by `_id`.
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
 * Claims not finished yet (with the message, so a sender that takes one over can send it): which
 * sender holds each and until when (lease). Deleted when the outcome is written; a claim whose
 * lease ran out (its sender died) is taken over by another.
 * `owner` null: never handed to the provider (re-driven, or given back at shutdown).
 */
@Schema({ collection: 'sms_inflight', versionKey: false })
export class InflightDocument extends DeliveryDocument {
  @Prop({ type: String, default: null })
  owner!: string | null;

  @Prop({ type: Date, required: true })
  leaseUntil!: Date;
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

  @Prop({ type: Date, required: true })
  updatedAt!: Date;
}
export const OutcomeSchema = SchemaFactory.createForClass(OutcomeDocument);
// Serves the campaign statistics ($match campaignId, $group status).
OutcomeSchema.index({ campaignId: 1, status: 1 });

/** The provider's id of an accepted message -> our delivery id, for its delivery reports. */
@Schema({ collection: 'sms_provider_receipts', versionKey: false })
export class ProviderReceiptDocument {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  deliveryId!: string;
}
export const ProviderReceiptSchema = SchemaFactory.createForClass(ProviderReceiptDocument);
