import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import { indexPendingEvents, PendingEventFields } from '../common/pending-event.schema';

@Schema({ collection: 'mentors', versionKey: false })
export class MentorDocument extends PendingEventFields {
  /** The mentor code: the primary key (docs/adr/0005). */
  @Prop({ type: String, required: true })
  _id!: string;

  /** The same code as a field of its own (lists, sorts, events). */
  @Prop({ type: String, required: true })
  mentorCode!: string;

  @Prop({ type: String, required: true })
  schoolCode!: string;

  @Prop({ type: String, required: true })
  name!: string;

  @Prop({ type: String, default: null })
  email!: string | null;

  @Prop({ type: String, required: true })
  address!: string;

  /** City shown as the mentor's location in admin lists. */
  @Prop({ type: String, required: true })
  location!: string;

  @Prop({ type: String, required: true })
  contact!: string;

  @Prop({ type: String, required: true })
  subjectTeaching!: string;

  @Prop({ type: Number, required: true })
  workExperience!: number;

  @Prop({ type: String, required: true })
  activitiesParticipated!: string;

  @Prop({ type: String, required: true })
  opinionOnISRO!: string;

  @Prop({ type: Boolean, required: true })
  isActive!: boolean;

  /** Normalised name (lower case) for anchored prefix search. */
  @Prop({ type: String, required: true })
  nameSearch!: string;

  /** Hash of school code, normalised name and contact: the same mentor submitted twice is one mentor. */
  @Prop({ type: String, required: true })
  fingerprint!: string;
}

export const MentorSchema = SchemaFactory.createForClass(MentorDocument);
// Lookups and updates by code (candidate registration, admin) use the primary key: `_id` is the mentor code.
// Refuses a second insert of the same mentor (duplicate submit); findOne({ fingerprint }) only after that refusal.
MentorSchema.index({ fingerprint: 1 }, { unique: true });
// Serves the admin list: find({ isActive?, nameSearch: /^prefix/ }).sort({ createdAt: -1 }).
MentorSchema.index({ nameSearch: 1 });
// Serves the admin list sorted newest first, optionally filtered by status.
MentorSchema.index({ isActive: 1, createdAt: -1 });
// Serves the admin list search by mobile number prefix: find({ contact: /^98765/ }).
MentorSchema.index({ contact: 1 });
// Serves find({ schoolCode }) (mentors of a school: the admin list's filter, the school portal's mentors).
MentorSchema.index({ schoolCode: 1 });
// Serves the event re-drive: find({ eventQueued: false, createdAt: { $lt } }).sort({ createdAt: 1 }).
indexPendingEvents(MentorSchema);
