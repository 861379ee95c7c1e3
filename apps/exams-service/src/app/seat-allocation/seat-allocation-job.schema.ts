import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { ExamLevel, RoomUse, SeatAllocationStatus, UnseatedReason } from '@kbe/contracts';

/** A seat allocation job (`seat_allocation_jobs`, `_id` its id): what the progress GET answers. */
@Schema({ collection: 'seat_allocation_jobs', versionKey: false })
export class SeatAllocationJobDocument {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  level!: ExamLevel;

  @Prop({ type: Boolean, required: true })
  dryRun!: boolean;

  @Prop({ type: Boolean, required: true })
  reseat!: boolean;

  @Prop({ type: String, required: true })
  status!: SeatAllocationStatus;

  @Prop({ type: Number, required: true })
  total!: number;

  @Prop({ type: Number, required: true })
  processed!: number;

  @Prop({ type: Number, required: true })
  seated!: number;

  @Prop({ type: Object, required: true })
  kept!: { allocated: number; manual: number };

  @Prop({ type: Number, required: true })
  unseatedCount!: number;

  /** The first UNSEATED_ITEMS_KEPT of them. */
  @Prop({ type: [Object], required: true })
  unseatedItems!: { candidateCode: string; reason: UnseatedReason }[];

  @Prop({ type: [Object], required: true })
  rooms!: RoomUse[];

  @Prop({ type: String, required: true })
  requestedBy!: string;

  @Prop({ type: Date, required: true })
  createdAt!: Date;

  @Prop({ type: Date, default: null })
  finishedAt!: Date | null;

  @Prop({ type: String, default: null })
  error!: string | null;
}

export const SeatAllocationJobSchema = SchemaFactory.createForClass(SeatAllocationJobDocument);

/** One allocation of a level at a time (`seat_allocation_locks`, `_id` the level), held until `until` and renewed while it runs. */
@Schema({ collection: 'seat_allocation_locks', versionKey: false })
export class SeatAllocationLockDocument {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  jobId!: string;

  @Prop({ type: Date, required: true })
  until!: Date;
}

export const SeatAllocationLockSchema = SchemaFactory.createForClass(SeatAllocationLockDocument);
