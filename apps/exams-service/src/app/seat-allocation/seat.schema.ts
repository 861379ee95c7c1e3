import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { ExamLevel } from '@kbe/contracts';

/** A seat an allocation issued, as stored in `seats` (`_id`: `<level>:<candidate code>`). */
@Schema({ collection: 'seats', versionKey: false })
export class SeatDocument {
  @Prop({ type: String, required: true })
  _id!: string;

  @Prop({ type: String, required: true })
  candidateCode!: string;

  @Prop({ type: String, required: true })
  level!: ExamLevel;

  @Prop({ type: String, required: true })
  centreCode!: string;

  @Prop({ type: String, required: true })
  room!: string;

  @Prop({ type: Number, required: true })
  seatInRoom!: number;

  @Prop({ type: String, required: true })
  date!: string;

  @Prop({ type: String, required: true })
  startTime!: string;

  @Prop({ type: String, required: true })
  reportingTime!: string;

  /** The roll number's sequence within the centre. */
  @Prop({ type: Number, required: true })
  sequence!: number;

  @Prop({ type: String, required: true })
  rollNumber!: string;

  /** The allocation job that issued it. */
  @Prop({ type: String, required: true })
  jobId!: string;

  @Prop({ type: Date, required: true })
  allocatedAt!: Date;

  /** Whether the candidate missed the paper: null until the room's attendance is recorded. */
  @Prop({ type: Boolean, default: null })
  absent!: boolean | null;

  @Prop({ type: Date, default: null })
  attendanceRecordedAt!: Date | null;
}

export const SeatSchema = SchemaFactory.createForClass(SeatDocument);
// Capacity's last guard: one candidate per seat of a room in a sitting, whatever two jobs race.
SeatSchema.index({ level: 1, centreCode: 1, date: 1, startTime: 1, room: 1, seatInRoom: 1 }, { unique: true });
// A roll number names one seat.
SeatSchema.index({ rollNumber: 1 }, { unique: true });
