import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

/** Who changed what in exams-service, when, from which address (`audit_entries`, shaped like admin-service's audit entries, and copied there). */
@Schema({ collection: 'audit_entries', versionKey: false })
export class AuditEntryDocument {
  /** A UUID. */
  @Prop({ type: String, required: true })
  _id!: string;

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

  /** When admin-service's audit log took it (AuditForwarder); null until then. */
  @Prop({ type: Date, default: null })
  forwardedAt!: Date | null;
}

export const AuditEntrySchema = SchemaFactory.createForClass(AuditEntryDocument);
// A target's history, newest first (an operator's question: who imported and published Mains, when).
AuditEntrySchema.index({ targetType: 1, targetId: 1, at: -1 });
// Serves AuditForwarder's find({ forwardedAt: null }): the entries admin-service has not taken yet.
AuditEntrySchema.index({ forwardedAt: 1 });
