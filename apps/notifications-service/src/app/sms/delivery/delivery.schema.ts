import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * The delivery log, in insert-mostly collections: the hot path inserts (many at once, a
 * duplicate `_id` being the idempotency signal), reads and updates by `_id`, and scans only the
 * small in-flight set (what the local store serves from an index: docs/adr/0004).
 */

/**
 * One claim per (campaign or event, recipient): the unique record that the message was taken
 * for the provider, and by which in-flight chunk (a chunk taken over after a crash resends only
 * its own claims). Two fields only: it is written for every message.
 */
@Schema({ collection: 'sms_deliveries', versionKey: false })
export class DeliveryDocument {
  /** `<campaign or event id>:<recipient>`: the idempotency key. */
  @Prop({ type: String, required: true })
  _id!: string;

  /** The in-flight chunk that claimed it. */
  @Prop({ type: String, required: true })
  chunk!: string;
}
export const DeliverySchema = SchemaFactory.createForClass(DeliveryDocument);

/**
 * Claims not finished yet, one entry per chunk of messages a sender took (the messages as one
 * deflated JSON array, `packMessages`: far cheaper for FerretDB than as many sub-documents or
 * JSON strings): which sender holds it and until when (lease).
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

  /** The chunk's messages (`packMessages`); those of an erased candidate cancelled (`cancelledSms`). */
  @Prop({ type: Buffer })
  packed?: Buffer;

  /** The chunk's messages, each as JSON: entries written before `packed` (read, never written). */
  @Prop({ type: [String], default: undefined })
  messages?: string[];
}
export const InflightSchema = SchemaFactory.createForClass(InflightDocument);

export const OUTCOME_STATUSES = ['sent', 'delivered', 'failed', 'dead'] as const;
export type OutcomeStatus = (typeof OUTCOME_STATUSES)[number];

/**
 * How a claimed message ended: `sent` (the provider accepted it), then `delivered` / `failed`
 * from its delivery report; `failed` also for recipients rejected before queueing; `dead` when
 * given up (last attempt or permanent error; with its message, for a re-drive), until an admin
 * re-drives it. The same collection holds the provider's receipts (`_id` `receipt:<request
 * id>`, `numbers` and message `ids` of the request; no `campaignId`), written in the same insert
 * as the outcomes of their chunk. An erased candidate's number is masked in the receipts (a later
 * delivery report for it matches no number and is ignored).
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
  reason?: string | null;

  /** Provider calls it took (dead letters and rejections; not written for `sent`). */
  @Prop({ type: Number })
  attempts?: number;

  /**
   * A dead letter's message (OutboundSms as JSON), sent again on re-drive. Once its candidate's
   * data is erased, its number is masked and its text empty: it no longer parses, so it is not re-driven.
   */
  @Prop({ type: String })
  message?: string;

  /** Set on dead letters, rejections and delivery reports (not on `sent`: fewer fields per message). */
  @Prop({ type: Date })
  updatedAt?: Date;
}
// No secondary indexes: every read is by `_id`; they would only make every insert dearer.
export const OutcomeSchema = SchemaFactory.createForClass(OutcomeDocument);
