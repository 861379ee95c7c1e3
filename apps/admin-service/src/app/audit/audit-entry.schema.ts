import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { AuditFilter } from './audit-streams';

/** One audit entry. Every read is by `_id`: its position in the log (`positionKey`, audit-streams.ts). */
@Schema({ collection: 'audit_entries', versionKey: false })
export class AuditEntryDocument {
  @Prop({ type: String, required: true })
  _id!: string;

  /** The id the API shows. */
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

  /** Its position in the stream of each of its filter values, written before the posting that takes it. */
  @Prop({ type: Object, required: true })
  positions!: Record<AuditFilter, number>;

  /** Present (true) until its postings and its streams' counts are written; a writer that stopped leaves it for the next start. */
  @Prop({ type: Boolean })
  pending?: true;
}
export const AuditEntrySchema = SchemaFactory.createForClass(AuditEntryDocument);
// Serves the start's find({ pending: true }); sparse, it holds only the entries not finished.
AuditEntrySchema.index({ pending: 1 }, { sparse: true });

/**
 * The n-th entry of a filter value's stream: `_id` `<stream>:<n>` (`actor:chief:0000000005`),
 * `entry` the entry's `_id`. Also the receipt of an entry another service may post again:
 * `_id` `entry:<entryId>`, `entry` its position or where it starts looking (AuditEntryStore.receive).
 */
@Schema({ collection: 'audit_postings', versionKey: false })
export class AuditPostingDocument {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  entry!: string;
}
export const AuditPostingSchema = SchemaFactory.createForClass(AuditPostingDocument);

/**
 * How many entries a stream (`all`, `actor:chief` ...) has: every position up to `count` is
 * taken. Also holds the lease of the move of the entries written before the log was numbered
 * (`_id` `lease:audit_log`, legacy-audit-log.migration.ts).
 */
@Schema({ collection: 'audit_counters', versionKey: false })
export class AuditCounterDocument {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: Number, required: true })
  count!: number;
}
export const AuditCounterSchema = SchemaFactory.createForClass(AuditCounterDocument);
