import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ collection: 'audit_log', versionKey: false })
export class AuditEntryDocument {
  @Prop({ type: String, required: true })
  entryId!: string;

  @Prop({ type: String, required: true })
  actor!: string;

  @Prop({ type: String, required: true })
  role!: string;

  @Prop({ type: String, required: true })
  action!: string;

  @Prop({ type: String, required: true })
  targetType!: string;

  @Prop({ type: String, required: true })
  targetId!: string;

  @Prop({ type: Object, default: {} })
  details!: Record<string, unknown>;

  @Prop({ type: String, required: true })
  ip!: string;

  @Prop({ type: Date, required: true })
  at!: Date;
}

export const AuditEntrySchema = SchemaFactory.createForClass(AuditEntryDocument);
// Serves the audit page: find(filter).sort({ at: -1 }).
AuditEntrySchema.index({ at: -1 });
// Serve the audit filters by actor and by target, newest first.
AuditEntrySchema.index({ actor: 1, at: -1 });
AuditEntrySchema.index({ targetId: 1, at: -1 });
