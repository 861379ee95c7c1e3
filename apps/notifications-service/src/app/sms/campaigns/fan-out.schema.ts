import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * One event that asked for SMS (`sms.requested`, or a single-candidate event), written once by
 * an insert whose duplicate key says the event was seen before, and never updated. A campaign may
 * arrive as several events (recipient lists in chunks). How far its expansion got and what it
 * queued are its steps (`FanOutStepDocument`).
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

  @Prop({ type: Date, required: true })
  createdAt!: Date;
}

// No secondary index: every read is by `_id` or of one campaign's few documents.
export const FanOutSchema = SchemaFactory.createForClass(FanOutDocument);

/**
 * One page of an event's expansion, counted: inserted once its messages are on the outbound
 * topic, under `_id` = `<event id>#<cursor the page started from>` (empty for the first page).
 * The insert is the only write FerretDB makes atomic against a concurrent one, so when two
 * processes expand the same event at once exactly one of them counts each page (the other gets
 * a duplicate key). The steps of an event form a chain from the first page (`to` of one is the
 * start of the next); the last one has `to` null. A campaign's counts are the sums of its steps.
 */
@Schema({ collection: 'sms_fanout_steps', versionKey: false })
export class FanOutStepDocument {
  /** `<event id>#<cursor the page started from>`, see `fanOutStepId`. */
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  eventId!: string;

  @Prop({ type: String, required: true })
  campaignId!: string;

  /** `after` of the next page; null: this was the last page. */
  @Prop({ type: String, default: null })
  to!: string | null;

  @Prop({ type: Number, required: true })
  queued!: number;

  /** Recipients refused before queueing (no valid Indian mobile number). */
  @Prop({ type: Number, required: true })
  rejected!: number;

  @Prop({ type: Date, required: true })
  at!: Date;

  /**
   * The event's own fields, on the step of an event of one page (a recipient list), which is
   * not recorded in `sms_fanouts` (its step records it): absent on every other step.
   */
  @Prop({ type: String })
  messageType?: string;

  @Prop({ type: String })
  audience?: string;

  @Prop({ type: String })
  requestedBy?: string;
}

// No secondary index either: resuming reads by `_id` only; the statistics scan this collection.
export const FanOutStepSchema = SchemaFactory.createForClass(FanOutStepDocument);

/** `_id` of the step that expands an event's page starting after `from` (null: the first page). */
export function fanOutStepId(eventId: string, from: string | null): string {
  return `${eventId}#${from ?? ''}`;
}
