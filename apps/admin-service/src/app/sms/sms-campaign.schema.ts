import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ collection: 'sms_campaigns', versionKey: false })
export class SmsCampaignDocument {
  @Prop({ type: String, required: true })
  campaignId!: string;

  @Prop({ type: String, required: true })
  type!: string;

  /** The group name or the phone number of a single send. */
  @Prop({ type: String, required: true })
  recipients!: string;

  @Prop({ type: Object, required: true })
  audience!: Record<string, unknown>;

  @Prop({ type: Number, required: true })
  recipientCount!: number;

  @Prop({ type: String, required: true })
  message!: string;

  @Prop({ type: String, required: true })
  requestedBy!: string;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  /** Kept live by notifications-service through PATCH /internal/sms/campaigns/{id}/counts. */
  @Prop({ type: Number, default: 0 })
  successCount!: number;

  @Prop({ type: Number, default: 0 })
  failedCount!: number;

  @Prop({ type: Number, default: 0 })
  queuedCount!: number;
}

export const SmsCampaignSchema = SchemaFactory.createForClass(SmsCampaignDocument);
// Serves findOne({ campaignId }) (counts updates) and keeps ids unique.
SmsCampaignSchema.index({ campaignId: 1 }, { unique: true });
// Serves the history: find().sort({ createdAt: -1 }).limit(n).
SmsCampaignSchema.index({ createdAt: -1 });
