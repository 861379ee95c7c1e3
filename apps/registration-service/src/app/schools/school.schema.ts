import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { SchoolRegistration } from '@kbe/contracts';
import { indexPendingEvents, PendingEventFields } from '../common/pending-event.schema';

@Schema({ collection: 'schools', versionKey: false })
export class SchoolDocument extends PendingEventFields {
  /** The school code: the primary key (docs/adr/0005). */
  @Prop({ type: String, required: true })
  _id!: string;

  /** The same code as a field of its own (lists, sorts, events). */
  @Prop({ type: String, required: true })
  schoolCode!: string;

  @Prop({ type: String, required: true })
  schoolName!: string;

  /** Trimmed and upper-cased, so one UDISE code cannot be registered twice in other spellings. */
  @Prop({ type: String, required: true })
  udiseCode!: string;

  @Prop({ type: String, required: true })
  contact!: string;

  @Prop({ type: String, required: true })
  schoolType!: string;

  @Prop({ type: Object, required: true })
  address!: SchoolRegistration['address'];

  @Prop({ type: Object, required: true })
  principal!: SchoolRegistration['principal'];

  /** Normalised school name (lower case) for anchored prefix search. */
  @Prop({ type: String, required: true })
  nameSearch!: string;
}

export const SchoolSchema = SchemaFactory.createForClass(SchoolDocument);
// Lookups by code (public ?code= lookup, mentor registration) use the primary key: `_id` is the
// school code, so no unique code index is needed.
// One school per UDISE code: the insert itself refuses a second registration.
SchoolSchema.index({ udiseCode: 1 }, { unique: true });
// Serves the list: find({ nameSearch: /^prefix/ }).sort({ nameSearch: 1 }).
SchoolSchema.index({ nameSearch: 1 });
// Serves the event re-drive: find({ eventQueued: false, createdAt: { $lt } }).sort({ createdAt: 1 }).
indexPendingEvents(SchoolSchema);
