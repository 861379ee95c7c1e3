import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { CandidateRegistration } from '@kbe/contracts';
import { indexPendingEvents, PendingEventFields } from '../common/pending-event.schema';

@Schema({ collection: 'candidates', versionKey: false })
export class CandidateDocument extends PendingEventFields {
  /** The candidate code: the primary key (docs/adr/0005: FerretDB serves only `_id` filters from an index). */
  @Prop({ type: String, required: true })
  _id!: string;

  /** KBE + 6 digits + 3 characters; also the spec's candidateId. The same as `_id`, kept for lists, sorts and cursors. */
  @Prop({ type: String, required: true })
  candidateCode!: string;

  @Prop({ type: String, required: true })
  mentorCode!: string;

  @Prop({ type: String, required: true })
  schoolCode!: string;

  @Prop({ type: Object, required: true })
  personalDetails!: CandidateRegistration['personalDetails'];

  @Prop({ type: Object, required: true })
  contactDetails!: CandidateRegistration['contactDetails'];

  @Prop({ type: Object, required: true })
  orphanDetails!: CandidateRegistration['orphanDetails'];

  @Prop({ type: Object, required: true })
  permanentAddress!: CandidateRegistration['permanentAddress'];

  @Prop({ type: Object, required: true })
  educationalDetails!: CandidateRegistration['educationalDetails'];

  @Prop({ type: Boolean, required: true })
  feesPaid!: boolean;

  @Prop({ type: Boolean, required: true })
  hallTicketReleased!: boolean;

  @Prop({ type: Boolean, required: true })
  certificateReleased!: boolean;

  @Prop({ type: String, default: null })
  seatNumber!: string | null;

  @Prop({ type: String, default: null })
  center!: string | null;

  @Prop({ type: String, default: null })
  examTime!: string | null;

  /** Object keys of the normalised JPEGs in the private documents bucket. */
  @Prop({ type: String, required: true })
  photoKey!: string;

  @Prop({ type: String, required: true })
  signatureKey!: string;

  /** Normalised full name (lower case) for anchored prefix search. */
  @Prop({ type: String, required: true })
  nameSearch!: string;

  /** Copy of contactDetails.phoneNumber at the top level, for an index of its own. */
  @Prop({ type: String, required: true })
  phoneNumber!: string;

  /**
   * Hash of the normalised identity fields: the same candidate submitted twice is one
   * candidate. Suffixed on soft delete so the same person may register again.
   */
  @Prop({ type: String, required: true })
  fingerprint!: string;

  @Prop({ type: Date, default: null })
  deletedAt!: Date | null;

  /** Receipt of the fee payment, as the admin recorded it. */
  @Prop({ type: String, default: null })
  receiptNumber!: string | null;

  /** Words of the normalised name, for "name anywhere" search by word prefix. */
  @Prop({ type: [String], default: [] })
  nameWords!: string[];

  /**
   * Release facts and their event, written in the same update as the flag (no transactions on
   * FerretDB): `*EventQueued: false` until the event is in the outbox; the re-drive finishes it.
   */
  @Prop({ type: Object, default: null })
  hallTicketRelease!: ReleaseFact | null;

  @Prop({ type: Object, default: null })
  certificateRelease!: ReleaseFact | null;
}

/**
 * A release as stored on the candidate. Every candidate one request released shares its
 * `releaseId`; the event of each is `releaseEventId(releaseId, candidateCode)`.
 */
export interface ReleaseFact {
  releaseId: string;
  eventQueued: boolean;
  releasedAt: Date;
  releasedBy: string;
}

export const CandidateSchema = SchemaFactory.createForClass(CandidateDocument);
// Lookups and updates by code (search, downloads, internal lookups, releases) use the primary key:
// `_id` is the candidate code.
// Refuses a second insert of the same candidate (duplicate submit); findOne({ fingerprint }) only after that refusal.
CandidateSchema.index({ fingerprint: 1 }, { unique: true });
// Serves the lists: find({ deletedAt: null, feesPaid?, hallTicketReleased? }).sort({ createdAt: -1 }).
CandidateSchema.index({ deletedAt: 1, feesPaid: 1, hallTicketReleased: 1, createdAt: -1 });
// Serves countDocuments({ deletedAt: null }) and the unfiltered list sorted newest first.
CandidateSchema.index({ deletedAt: 1, createdAt: -1 });
// Serves list search by name: find({ nameSearch: /^prefix/ }).
CandidateSchema.index({ nameSearch: 1 });
// Serves list search by mobile number: find({ phoneNumber: /^98765/ }).
CandidateSchema.index({ phoneNumber: 1 });
// Serves find({ mentorCode }) (a mentor's candidates in the lists).
CandidateSchema.index({ mentorCode: 1 });
// Serves list search by word of the name: find({ nameWords: /^prefix/ }).
CandidateSchema.index({ nameWords: 1 });
// Serves the cursor pages of bulk jobs and exports: find({ deletedAt: null, candidateCode: { $gt } }).sort({ candidateCode: 1 }).
CandidateSchema.index({ deletedAt: 1, candidateCode: 1 });
// Serve the release event re-drive: find({ 'hallTicketRelease.eventQueued': false }).
CandidateSchema.index({ 'hallTicketRelease.eventQueued': 1 });
CandidateSchema.index({ 'certificateRelease.eventQueued': 1 });
// Serves the event re-drive: find({ eventQueued: false, createdAt: { $lt } }).sort({ createdAt: 1 }).
indexPendingEvents(CandidateSchema);
