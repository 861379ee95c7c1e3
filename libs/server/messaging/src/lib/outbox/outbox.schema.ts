import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ collection: 'outbox', versionKey: false })
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
}

export const OutboxSchema = SchemaFactory.createForClass(OutboxDocument);
// Serves the relay: find({ publishedAt: null }).sort({ createdAt: 1 }), and the clean-up
// deleteMany({ publishedAt: { $lt: cutoff } }).
OutboxSchema.index({ publishedAt: 1, createdAt: 1 });
