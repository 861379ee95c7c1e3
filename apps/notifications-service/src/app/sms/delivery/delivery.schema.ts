import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/**
 * `sending`: claimed by a sender (owner, lease) and being handed to the provider; `sent`: the
 * provider accepted it; `delivered` / `failed`: final, from the provider's delivery report or
 * before queueing (invalid number); `dead`: given up after the last attempt or a permanent
 * error, also on the dead-letter topic, until an admin re-drives it.
 */
export const DELIVERY_STATUSES = ['sending', 'sent', 'delivered', 'failed', 'dead'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

@Schema({ collection: 'sms_deliveries', versionKey: false })
export class DeliveryDocument {
  /** `<campaign or event id>:<recipient>`: the unique record of what was handed to the provider. */
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

  @Prop({ type: String, required: true, enum: DELIVERY_STATUSES })
  status!: DeliveryStatus;

  @Prop({ type: Number, default: 0 })
  attempts!: number;

  @Prop({ type: String, default: null })
  reason!: string | null;

  /** Sender process holding the claim and until when; another sender may take it over after. */
  @Prop({ type: String, default: null })
  owner!: string | null;

  @Prop({ type: Date, default: null })
  leaseUntil!: Date | null;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, required: true })
  updatedAt!: Date;
}

export const DeliverySchema = SchemaFactory.createForClass(DeliveryDocument);
// Serves the campaign statistics ($match campaignId, $group status).
DeliverySchema.index({ campaignId: 1, status: 1 });
// Serves the sweeper (status sending, lease expired) and the dead-letter re-drive (status dead).
DeliverySchema.index({ status: 1, leaseUntil: 1 });

/** The provider's id of an accepted message -> our delivery id, for its delivery reports (insert-only). */
@Schema({ collection: 'sms_provider_receipts', versionKey: false })
export class ProviderReceiptDocument {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  deliveryId!: string;
}

export const ProviderReceiptSchema = SchemaFactory.createForClass(ProviderReceiptDocument);
