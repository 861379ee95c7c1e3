import { Prop, Schema, SchemaFactory } from '@nestjs/mongoose';
import type { CandidateLanguage, CandidateRegistration, CandidateResult, ExamLevel } from '@kbe/contracts';
import { indexPendingEvents, PendingEventFields } from '../common/pending-event.schema';
import type { ConsentRecord } from './consent-record';
import type { ExamSeatRecord } from './exam-seat';
import type { LevelFacts } from './exam-result';

@Schema({ collection: 'candidates', versionKey: false })
export class CandidateDocument extends PendingEventFields {
  /** The candidate code: the primary key (docs/adr/0005). */
  @Prop({ type: String, required: true })
  _id!: string;

  /** KBE + 6 digits + 3 characters; also the spec's candidateId. The same as `_id`, kept for lists and events. */
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

  /** The parent or guardian the registration named; absent on the spec's payload (the contact number is then theirs). */
  @Prop({ type: Object, default: undefined })
  guardianDetails?: CandidateRegistration['guardianDetails'];

  @Prop({ type: Object, required: true })
  orphanDetails!: CandidateRegistration['orphanDetails'];

  @Prop({ type: Object, required: true })
  permanentAddress!: CandidateRegistration['permanentAddress'];

  @Prop({ type: Object, required: true })
  educationalDetails!: CandidateRegistration['educationalDetails'];

  /** The language of the candidate's SMS and documents; absent on candidates registered before it existed (read as English). */
  @Prop({ type: String, default: undefined })
  language?: CandidateLanguage;

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

  /**
   * The exam's date and time, an instant (shown in India time). Candidates assigned before it was
   * a date hold the typed text: read through `examTimeOf` of @kbe/contracts, never as is.
   */
  @Prop({ type: Date, default: null })
  examTime!: Date | null;

  /** Object keys of the normalised JPEGs in the private documents bucket. */
  @Prop({ type: String, required: true })
  photoKey!: string;

  @Prop({ type: String, required: true })
  signatureKey!: string;

  /** Normalised full name (lower case): the directory's name sort and search. */
  @Prop({ type: String, required: true })
  nameSearch!: string;

  /** Copy of contactDetails.phoneNumber at the top level (the directory's phone search, SMS recipients). */
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

  /** Words of the normalised name ("name anywhere" search; the directory splits nameSearch the same way). */
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

  /** True from a release until its event is in the outbox (the re-drive looks for these). */
  @Prop({ type: Boolean, default: false })
  hallTicketEventPending!: boolean;

  @Prop({ type: Boolean, default: false })
  certificateEventPending!: boolean;

  /**
   * The parental consent's status, absent while pending: a top-level copy of `consent.status`
   * that the release update's condition and the candidate directory read.
   */
  @Prop({ type: String, default: undefined })
  consentStatus?: ConsentRecord['status'];

  /** The parental consent record (consent-record.ts); absent while pending. */
  @Prop({ type: Object, default: undefined })
  consent?: ConsentRecord;

  /** The seat exams-service allocated (exam-seat.ts); seatNumber, center and examTime copy it. Absent: none, or typed by hand. */
  @Prop({ type: Object, default: undefined })
  examSeat?: ExamSeatRecord | null;

  /**
   * The level the candidate sits now (exam-result.ts); absent on candidates registered before
   * levels existed: Mains. A published qualifying result moves it on; the fee, hall ticket and
   * seat fields above are this level's.
   */
  @Prop({ type: String, default: undefined })
  level?: ExamLevel;

  /** The published results, one per level (exams-service hands them over; a withdrawal takes one away). */
  @Prop({ type: [Object], default: undefined })
  results?: CandidateResult[];

  /** Top-level copy of the levels of `results`: the withdrawal selects on it (a nested path is read document by document on FerretDB, ADR 0004). */
  @Prop({ type: [String], default: undefined })
  resultLevels?: ExamLevel[];

  /** The fee, hall ticket and seat of each level the candidate moved on from, oldest first (exam-result.ts). */
  @Prop({ type: [Object], default: undefined })
  levelHistory?: LevelFacts[];

  /** When the personal data was erased (erasure-fields.ts): a tombstone kept for counts. */
  @Prop({ type: Date, default: undefined })
  erasedAt?: Date;

  /** When the edition's retention purge took the sensitive fields (erasure-fields.ts). */
  @Prop({ type: Date, default: undefined })
  retentionPurgedAt?: Date;
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
// Lookups and updates by code, releases, and the directory's reads (its start-up pass in `_id`
// pages, re-reads and page fetches by `_id $in`) use the primary key: `_id` is the candidate code.
// Lists, searches, counts and the dashboard are answered by the in-memory directory (docs/adr/0006).
// Refuses a second insert of the same candidate (duplicate submit); serves findOne({ fingerprint }) after that refusal.
CandidateSchema.index({ fingerprint: 1 }, { unique: true });
// Serve the release event re-drive: find({ hallTicketEventPending: true, 'hallTicketRelease.releasedAt': { $lt } }).
CandidateSchema.index({ hallTicketEventPending: 1 });
CandidateSchema.index({ certificateEventPending: 1 });
// Serves the withdrawal of a level's results: find({ resultLevels: level }) (rare; on MongoDB a multikey index).
CandidateSchema.index({ resultLevels: 1 });
// Serves the registration event re-drive: find({ eventQueued: false, createdAt: { $lt } }).sort({ createdAt: 1 }).
indexPendingEvents(CandidateSchema);
