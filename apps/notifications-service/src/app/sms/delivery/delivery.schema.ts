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
 * Claims not finished yet, one entry per chunk of messages a sender took (with the messages, so
 * a sender that takes the chunk over can send them): which sender holds it and until when
 * (lease). Deleted when the chunk's outcomes are written; a chunk whose lease ran out (its
 * sender died) is taken over by another sender. `owner` null: never handed to the provider
 * (re-driven, or given back at shutdown).
 */
@Schema({ collection: 'sms_inflight', versionKey: false })
export class InflightDocument {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, default: null })
  owner!: string | null;

  @Prop({ type: Date, required: true })
  leaseUntil!: Date;

  @Prop({ type: [Object], required: true })
  messages!: Array<Omit<DeliveryDocument, 'createdAt'>>;
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
export const OutcomeSchema = SchemaFactory.createForClass(OutcomeDocument);
// Serves the campaign statistics ($match campaignId, $group status).
OutcomeSchema.index({ campaignId: 1, status: 1 });
// Serves the delivery-report webhook (findOne by the provider's message id).
OutcomeSchema.index({ providerMessageId: 1 });
