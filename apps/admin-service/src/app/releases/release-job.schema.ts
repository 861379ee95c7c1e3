import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';

@Schema({ collection: 'release_jobs', versionKey: false })
export class ReleaseJobDocument {
  @Prop({ type: String, required: true })
  jobId!: string;

  @Prop({ type: String, required: true })
  kind!: 'hall-ticket' | 'certificate';

  @Prop({ type: String, required: true })
  status!: 'queued' | 'running' | 'completed' | 'failed';

  @Prop({ type: Object, default: {} })
  filter!: { search?: string; category?: string; candidateIds?: string[] };

  @Prop({ type: Number, default: 0 })
  total!: number;

  @Prop({ type: Number, default: 0 })
  processed!: number;

  @Prop({ type: Number, default: 0 })
  released!: number;

  /** Skips by reason: { 'fees-unpaid': n, 'already-released': n, 'not-found': n }. */
  @Prop({ type: Object, default: {} })
  skipped!: Record<string, number>;

  @Prop({ type: Number, default: 0 })
  failedCount!: number;

  /** The first failures (at most 100), with their message. */
  @Prop({ type: [Object], default: [] })
  failedItems!: { candidateId: string; message: string }[];

  /** Candidate code order: the job resumes after this one if the service restarts. */
  @Prop({ type: String, default: null })
  cursor!: string | null;

  @Prop({ type: String, required: true })
  requestedBy!: string;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, default: null })
  finishedAt!: Date | null;

  @Prop({ type: String, default: null })
  error!: string | null;
}

export const ReleaseJobSchema = SchemaFactory.createForClass(ReleaseJobDocument);
// Serves GET /api/admin/release-jobs/{id}: findOne({ jobId }).
ReleaseJobSchema.index({ jobId: 1 }, { unique: true });
// Serves the resume at start: find({ status: { $in: ['queued', 'running'] } }).
ReleaseJobSchema.index({ status: 1 });
