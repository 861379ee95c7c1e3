import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { BatchedInsert, insertUnlessDuplicate, type InsertOutcome } from '@kbe/server-database';
import {
  candidateLanguageOf,
  examTimeOf,
  type CandidateLanguage,
  type CandidateRegistration,
  type CandidateSheetRow,
  type CandidateResult,
  type ConsentStatus,
  type ExamLevel,
  type ExamSeatOutcome,
  type Seat,
  type SeatingCandidate,
} from '@kbe/contracts';
import { errorMessage } from '@kbe/server-bootstrap';
import type { AnyBulkWriteOperation, Model, QueryFilter } from 'mongoose';
import { moveRecordsToCodeIds } from '../common/code-id.migration';
import type { Page, PageRequest } from '../common/pagination';
import { findRecordsWithPendingEvent, RecordEventMarks } from '../common/pending-event.queries';
import type { PendingEventSource, PendingRegistrationEvent } from '../common/registration-event.publisher';
import { normaliseText } from '../common/text-search.util';
import { CandidateChangeAnnouncer } from './candidate-change.announcer';
import { CandidateSearchCache } from './candidate-search.cache';
import { CandidateDocument, type ReleaseFact } from './candidate.schema';
import type { ConsentRecord } from './consent-record';
import { examSeatFields, sameSeat, type ExamSeatRecord } from './exam-seat';
import { levelOf, type LevelFacts, type ResultFields, type ResultState } from './exam-result';
import { releaseOutcomeOf, seatRequired, type ReleaseRequirements } from './release-outcome';
import { CandidateDirectory } from './directory/candidate-directory';
import { CandidateDirectoryKeeper } from './directory/candidate-directory.keeper';
import { DIRECTORY_ENTRY_PROJECTION, directoryEntryOf, type StoredDirectoryFields } from './directory/directory-entry';
import { sheetRowOf } from './directory/sheet-row';

export interface CandidateRecord extends CandidateRegistration {
  candidateCode: string;
  /** Always set on a record: English for candidates stored before languages existed. */
  language: CandidateLanguage;
  schoolCode: string;
  hallTicketReleased: boolean;
  certificateReleased: boolean;
  seatNumber: string | null;
  center: string | null;
  examTime: Date | null;
  photoKey: string;
  signatureKey: string;
  createdAt: Date;
  deletedAt: Date | null;
  receiptNumber?: string | null;
  hallTicketRelease?: ReleaseFact | null;
  certificateRelease?: ReleaseFact | null;
  /** The parental consent; null while pending. */
  consent?: ConsentRecord | null;
  /** When the personal data was erased: the record is a tombstone (erasure-fields.ts). */
  erasedAt?: Date | null;
  /** The seat exams-service allocated; null when none (or when the seat number was typed by hand). */
  examSeat?: ExamSeatRecord | null;
  /** The level the candidate sits now (Mains for records stored before levels existed). */
  level: ExamLevel;
  /** The published results, one per level. */
  results: CandidateResult[];
  /** The fee, hall ticket and seat of each level the candidate moved on from, oldest first. */
  levelHistory: LevelFacts[];
}

export interface NewCandidate extends CandidateRecord {
  fingerprint: string;
  eventId: string;
}

export type CandidateInsertOutcome = InsertOutcome<'code' | 'fingerprint'>;

export interface CandidateListQuery {
  /** Prefix of a word of the name (any case), of the candidate code, or of the mobile number. */
  search?: string;
  feesPaid?: boolean;
  hallTicketReleased?: boolean;
  certificateReleased?: boolean;
  mentorCode?: string;
  /** Only this school's candidates (the school portal). */
  schoolCode?: string;
  category?: string;
  /** The level the candidate sits now. */
  level?: ExamLevel;
  consent?: ConsentStatus;
  /** Only these candidates (bulk jobs on a selection). */
  candidateCodes?: string[];
  /** List soft-deleted candidates instead of live ones (restore). */
  deleted?: boolean;
  sort?: 'newest' | 'oldest' | 'name' | 'candidateId';
}

export type ReleaseKind = 'hall-ticket' | 'certificate';
/** One release request: every candidate it released shares it (see ReleaseFact). */
export type NewRelease = Omit<ReleaseFact, 'eventQueued'>;
export type ReleaseOutcome = 'released' | 'fees-unpaid' | 'consent-pending' | 'not-seated' | 'already-released' | 'not-found';
export interface ExamAssignment {
  seatNumber?: string | null;
  center?: string | null;
  examTime?: Date | null;
}

/** Fields an admin (through the admin service) may change. */
export type CandidateFlags = Partial<Pick<CandidateRecord, 'feesPaid' | 'hallTicketReleased' | 'certificateReleased'>>;

export interface CandidateRepository extends PendingEventSource {
  insert(candidate: NewCandidate): Promise<CandidateInsertOutcome>;
  /** Soft-deleted candidates are not found. */
  findByCode(candidateCode: string): Promise<CandidateRecord | null>;
  findByFingerprint(fingerprint: string): Promise<CandidateRecord | null>;
  list(query: CandidateListQuery, page: PageRequest): Promise<Page<CandidateRecord>>;
  /** Updates a live candidate; null when there is none with that code. */
  setFlags(candidateCode: string, flags: CandidateFlags): Promise<CandidateRecord | null>;
  softDelete(candidateCode: string, at: Date): Promise<boolean>;
  restore(candidateCode: string): Promise<CandidateRecord | null>;
  counts(): Promise<{ total: number; feesPaid: number }>;
  /** Live candidates of a group with a code after `after`, in code order: one cursor page. */
  smsRecipients(group: SmsRecipientGroupFilter, after: string | undefined, limit: number): Promise<SmsRecipientRow[]>;
  /** Keyset page in candidate code order (bulk jobs, exports): codes after `after`. */
  listAfter(query: CandidateListQuery, after: string | undefined, limit: number): Promise<CandidateRecord[]>;
  /** The same keyset page as export rows, from the candidate directory (no read of the store). */
  sheetAfter(query: CandidateListQuery, after: string | undefined, limit: number): CandidateSheetRow[];
  count(query: CandidateListQuery): Promise<number>;
  setFees(candidateCode: string, feesPaid: boolean, receiptNumber: string | null): Promise<CandidateRecord | null>;
  /**
   * Sets the release flag of every listed candidate and records the release (its pending
   * events) in one conditional update: a hall ticket needs paid fees (and a seat number, when
   * `requirements.seat`); an already released document is left as it is (no second event).
   * Returns each code's outcome.
   */
  release(kind: ReleaseKind, candidateCodes: readonly string[], release: NewRelease, requirements?: ReleaseRequirements): Promise<Map<string, ReleaseOutcome>>;
  unrelease(kind: ReleaseKind, candidateCode: string): Promise<CandidateRecord | null>;
  markReleaseEventsQueued(kind: ReleaseKind, candidateCodes: readonly string[]): Promise<void>;
  findPendingReleaseEvents(kind: ReleaseKind, before: Date, limit: number): Promise<CandidateRecord[]>;
  updateRegistration(candidateCode: string, registration: CandidateRegistration): Promise<CandidateRecord | null>;
  setExamAssignment(candidateCode: string, assignment: ExamAssignment): Promise<CandidateRecord | null>;
  /**
   * Stores the seats exams-service issued and withdraws the `cleared` ones, each only where it may:
   * a released hall ticket's roll number never changes (`roll-number-fixed`), a withdrawal leaves
   * a released hall ticket's seat as it is. Returns each code's outcome.
   */
  setExamSeats(seats: readonly Seat[], cleared: readonly string[]): Promise<Map<string, ExamSeatOutcome>>;
  /** What the results hand-over needs of these live candidates (erased ones are not found), by code. */
  resultStates(candidateCodes: readonly string[]): Promise<Map<string, ResultHandOverState>>;
  /** Every candidate (deleted ones too) with a result of `level`: the withdrawal's selection. */
  resultStatesOfLevel(level: ExamLevel): Promise<ResultHandOverState[]>;
  /**
   * Sets each candidate's result fields where the candidate still sits the level it was read at
   * (a concurrent hand-over of the same batch moves nobody twice); announces the change.
   */
  setResultFields(changes: readonly ResultFieldsChange[]): Promise<void>;
  /** Live candidates after `after` in code order, with what seating needs of them (the directory). */
  seatingAfter(after: string | undefined, limit: number): SeatingCandidate[];
  dashboard(since: Date): Promise<CandidateDashboardCounts>;
  /** Records a live candidate's parental consent unless one is given (or withdrawn) already. */
  recordConsent(candidateCode: string, consent: ConsentRecord): Promise<'recorded' | 'already-given' | 'not-found'>;
  /** Records the withdrawal of a live candidate's consent (given or still pending), once. */
  withdrawConsent(candidateCode: string, consent: ConsentRecord): Promise<'withdrawn' | 'already-withdrawn' | 'not-found'>;
  /**
   * Sets these fields on the listed candidates (deleted ones too): an erasure's tombstone or the
   * retention purge (erasure-fields.ts). Idempotent. An erasure (`erasedAt` among the fields) also
   * frees the identity fingerprint, so the child may register again.
   */
  eraseFields(candidateCodes: readonly string[], fields: Record<string, unknown>): Promise<void>;
}

/** A candidate as the results hand-over reads it: the level's facts, the results, and where the guardian's SMS goes. */
export interface ResultHandOverState extends ResultState {
  /** The guardian's own mobile when the registration named one, else the contact number. */
  guardianPhone: string;
  language: CandidateLanguage;
}

export interface ResultFieldsChange {
  candidateCode: string;
  /** The level as it was read (undefined: none stored, Mains). */
  readLevel: ExamLevel | null | undefined;
  set: ResultFields;
}

export interface CandidateDashboardCounts {
  total: number;
  feesPaid: number;
  hallTickets: number;
  certificates: number;
  createdSince: Date[];
  byCategory: Record<string, number>;
  byStandard: Record<string, number>;
  byDistrict: { key: string; count: number }[];
}

const RELEASE_FIELDS = {
  'hall-ticket': { flag: 'hallTicketReleased', fact: 'hallTicketRelease', pending: 'hallTicketEventPending' },
  certificate: { flag: 'certificateReleased', fact: 'certificateRelease', pending: 'certificateEventPending' },
} as const;

type ReleaseFactField = (typeof RELEASE_FIELDS)[ReleaseKind]['fact'];

export const CANDIDATE_REPOSITORY = Symbol('CANDIDATE_REPOSITORY');

/** Codes per `_id $in` statement when a page of documents is read. */
const IN_CODE_ORDER_CHUNK = 250;

/** Who an SMS campaign group reaches (spec section 9: all, paid, unpaid, hall-ticket released). */
export type SmsRecipientGroupFilter = 'all' | 'paid' | 'unpaid' | 'hall-ticket' | 'consent-pending';

export interface SmsRecipientRow {
  candidateCode: string;
  phoneNumber: string;
}

const LIVE = { deletedAt: null };

/**
 * Candidates are stored under their code as `_id`: every lookup, conditional update and mark by
 * code is a primary-key statement (docs/adr/0005). Lists, searches, counts and the dashboard are
 * answered by this process's candidate directory, and the documents of a page fetched by `_id`
 * (docs/adr/0006); the repository keeps the directory current after each of its writes.
 */
@Injectable()
export class MongoCandidateRepository implements CandidateRepository, OnModuleInit {
  readonly name = 'candidates';
  private readonly logger = new Logger(MongoCandidateRepository.name);

  private readonly inserts: BatchedInsert<CandidateDocument>;
  private readonly eventMarks: RecordEventMarks<CandidateDocument>;

  constructor(
    @InjectModel(CandidateDocument.name) private readonly model: Model<CandidateDocument>,
    private readonly searchCache: CandidateSearchCache,
    private readonly changes: CandidateChangeAnnouncer,
    private readonly directory: CandidateDirectory,
    private readonly directoryKeeper: CandidateDirectoryKeeper,
  ) {
    this.inserts = new BatchedInsert(model);
    this.eventMarks = new RecordEventMarks(model);
  }

  /** Candidates stored before codes became `_id` are moved at start (docs/adr/0005). */
  async onModuleInit(): Promise<void> {
    await moveRecordsToCodeIds(this.model.collection, { codeField: 'candidateCode', uniqueFields: ['fingerprint'] }, this.logger);
    // Releases stored before the top-level pending flags existed: flag those whose event is still pending.
    for (const { fact, pending } of Object.values(RELEASE_FIELDS)) {
      await this.model.collection.updateMany({ [`${fact}.eventQueued`]: false, [pending]: { $exists: false } }, { $set: { [pending]: true } });
    }
  }

  /** One insert: the unique `_id` refuses a colliding code, the unique fingerprint index the same candidate twice. */
  async insert(candidate: NewCandidate): Promise<CandidateInsertOutcome> {
    const doc = {
      ...candidate,
      _id: candidate.candidateCode,
      nameSearch: normaliseText(candidate.personalDetails.fullName),
      nameWords: nameWords(candidate.personalDetails.fullName),
      phoneNumber: candidate.contactDetails.phoneNumber,
      ...(candidate.consent ? { consentStatus: candidate.consent.status } : {}),
      eventQueued: false,
    };
    const outcome = await insertUnlessDuplicate(
      () => this.inserts.insert(doc),
      { fingerprint: 'fingerprint', _id: 'code', candidateCode: 'code' },
      // FerretDB does not say which index refused: a taken `_id` is a code collision, else the fingerprint.
      async () => ((await this.model.exists({ _id: candidate.candidateCode })) ? 'code' : 'fingerprint'),
    );
    if ('inserted' in outcome) this.directoryKeeper.stored(directoryEntryOf(doc));
    return outcome;
  }

  async findByCode(candidateCode: string): Promise<CandidateRecord | null> {
    const doc = await this.model.findOne({ _id: candidateCode, ...LIVE }).lean().exec();
    return doc ? toRecord(doc) : null;
  }

  /** A scan on FerretDB: called only after the insert reported the fingerprint taken. */
  async findByFingerprint(fingerprint: string): Promise<CandidateRecord | null> {
    const doc = await this.model.findOne({ fingerprint, ...LIVE }).lean().exec();
    return doc ? toRecord(doc) : null;
  }

  async list(query: CandidateListQuery, page: PageRequest): Promise<Page<CandidateRecord>> {
    const found = this.directory.page(query, page);
    return { items: await this.inCodeOrder(found.codes), total: found.total };
  }

  async listAfter(query: CandidateListQuery, after: string | undefined, limit: number): Promise<CandidateRecord[]> {
    return this.inCodeOrder(this.directory.codesAfter(query, after || undefined, limit));
  }

  sheetAfter(query: CandidateListQuery, after: string | undefined, limit: number): CandidateSheetRow[] {
    return this.directory.matchingAfter(query, after || undefined, limit).map(sheetRowOf);
  }

  async count(query: CandidateListQuery): Promise<number> {
    return this.directory.count(query);
  }

  /** The stored candidates of `codes`, in that order: `_id $in` statements, ordered here. */
  private async inCodeOrder(codes: readonly string[]): Promise<CandidateRecord[]> {
    if (codes.length === 0) return [];
    // Large pages (exports, bulk jobs) are read as a few statements at once: the store decodes
    // documents on as many cores as it has statements.
    const chunks = [];
    for (let i = 0; i < codes.length; i += IN_CODE_ORDER_CHUNK) chunks.push(codes.slice(i, i + IN_CODE_ORDER_CHUNK));
    const docs = (await Promise.all(chunks.map((chunk) => this.model.find({ _id: { $in: chunk } }).lean<CandidateDocument[]>().exec()))).flat();
    const byCode = new Map(docs.map((doc) => [doc.candidateCode, doc]));
    return codes.flatMap((code) => {
      const doc = byCode.get(code);
      return doc ? [toRecord(doc)] : [];
    });
  }

  async setFees(candidateCode: string, feesPaid: boolean, receiptNumber: string | null): Promise<CandidateRecord | null> {
    const result = await this.changing([candidateCode], () => this.model.updateOne({ _id: candidateCode, ...LIVE }, { $set: { feesPaid, receiptNumber } }).exec());
    return result.matchedCount === 0 ? null : this.findByCode(candidateCode);
  }

  async release(
    kind: ReleaseKind,
    candidateCodes: readonly string[],
    release: NewRelease,
    requirements: ReleaseRequirements = {},
  ): Promise<Map<string, ReleaseOutcome>> {
    const fields = RELEASE_FIELDS[kind];
    const codes = { $in: [...candidateCodes] };
    // Two statements for the whole list, not two per candidate, both served by the `_id` index.
    // Only with the parental consent given (DPDP Act 2023, section 9): every candidate is a child.
    const condition: QueryFilter<CandidateDocument> = { _id: codes, ...LIVE, [fields.flag]: { $ne: true }, consentStatus: 'given' };
    if (kind === 'hall-ticket') condition.feesPaid = true;
    // seated: a seat number allocated or typed by an admin (blank ones are stored as null)
    if (seatRequired(kind, requirements)) condition.seatNumber = { $nin: [null, ''] };
    // Announced by the release events themselves (one per released candidate), not candidate.changed.
    // The read after the update serves both the outcomes and the candidate directory.
    const after = await this.changing(
      candidateCodes,
      async () => {
        await this.model.updateMany(condition, { $set: { [fields.flag]: true, [fields.fact]: { ...release, eventQueued: false }, [fields.pending]: true } }).exec();
        return this.directoryKeeper.readThrough(candidateCodes, () =>
          this.model.find({ _id: codes }, { ...DIRECTORY_ENTRY_PROJECTION, [fields.fact]: 1 }).lean<(StoredDirectoryFields & Pick<CandidateDocument, ReleaseFactField>)[]>().exec(),
        );
      },
      { announce: false, refresh: false },
    );
    const byCode = new Map(after.map((doc) => [doc.candidateCode, doc]));
    return new Map(
      candidateCodes.map((code): [string, ReleaseOutcome] => {
        const doc = byCode.get(code);
        const state = doc && { ...doc, released: doc[fields.flag] === true, releaseId: doc[fields.fact]?.releaseId };
        return [code, releaseOutcomeOf(kind, state, release.releaseId, requirements)];
      }),
    );
  }

  async unrelease(kind: ReleaseKind, candidateCode: string): Promise<CandidateRecord | null> {
    const fields = RELEASE_FIELDS[kind];
    const result = await this.changing([candidateCode], () =>
      this.model.updateOne({ _id: candidateCode, ...LIVE }, { $set: { [fields.flag]: false, [fields.fact]: null, [fields.pending]: false } }).exec(),
    );
    return result.matchedCount === 0 ? null : this.findByCode(candidateCode);
  }

  async markReleaseEventsQueued(kind: ReleaseKind, candidateCodes: readonly string[]): Promise<void> {
    if (candidateCodes.length === 0) return;
    const { fact, pending } = RELEASE_FIELDS[kind];
    await this.model
      .updateMany({ _id: { $in: [...candidateCodes] }, [pending]: true }, { $set: { [`${fact}.eventQueued`]: true, [pending]: false } })
      .exec();
  }

  async findPendingReleaseEvents(kind: ReleaseKind, before: Date, limit: number): Promise<CandidateRecord[]> {
    const { fact, pending } = RELEASE_FIELDS[kind];
    // A top-level flag: the store can select on it (a nested path would be read document by document, ADR 0004).
    const docs = await this.model
      .find({ [pending]: true, [`${fact}.releasedAt`]: { $lt: before } })
      .limit(limit)
      .lean<CandidateDocument[]>()
      .exec();
    return docs.map(toRecord);
  }

  async updateRegistration(candidateCode: string, registration: CandidateRegistration): Promise<CandidateRecord | null> {
    // Fees have their own endpoint (with the receipt); an edit never changes them. An edit that
    // names no language keeps the stored one (the key is absent, so $set leaves it).
    const fields: Partial<CandidateRegistration> = { ...registration };
    delete fields.feesPaid;
    const result = await this.changing([candidateCode], () =>
      this.model
        .updateOne(
          { _id: candidateCode, ...LIVE },
          {
            $set: {
              ...fields,
              nameSearch: normaliseText(registration.personalDetails.fullName),
              nameWords: nameWords(registration.personalDetails.fullName),
              phoneNumber: registration.contactDetails.phoneNumber,
            },
          },
        )
        .exec(),
    );
    return result.matchedCount === 0 ? null : this.findByCode(candidateCode);
  }

  async setExamAssignment(candidateCode: string, assignment: ExamAssignment): Promise<CandidateRecord | null> {
    const set = Object.fromEntries(Object.entries(assignment).filter(([, value]) => value !== undefined));
    const result = await this.changing([candidateCode], () => this.model.updateOne({ _id: candidateCode, ...LIVE }, { $set: set }).exec());
    return result.matchedCount === 0 ? null : this.findByCode(candidateCode);
  }

  async setExamSeats(seats: readonly Seat[], cleared: readonly string[]): Promise<Map<string, ExamSeatOutcome>> {
    const outcomes = new Map<string, ExamSeatOutcome>();
    const codes = [...seats.map((seat) => seat.candidateCode), ...cleared];
    if (codes.length === 0) return outcomes;
    const stored = await this.model
      .find({ _id: { $in: codes }, ...LIVE }, { candidateCode: 1, hallTicketReleased: 1, examSeat: 1, erasedAt: 1 })
      .lean<Pick<CandidateDocument, 'candidateCode' | 'hallTicketReleased' | 'examSeat' | 'erasedAt'>[]>()
      .exec();
    const byCode = new Map(stored.filter((doc) => !doc.erasedAt).map((doc) => [doc.candidateCode, doc]));
    const writes: AnyBulkWriteOperation<CandidateDocument>[] = [];
    for (const seat of seats) {
      const doc = byCode.get(seat.candidateCode);
      const outcome: ExamSeatOutcome = !doc
        ? 'not-found'
        : sameSeat(doc.examSeat, seat)
          ? 'unchanged'
          : doc.hallTicketReleased && doc.examSeat && doc.examSeat.rollNumber !== seat.rollNumber
            ? 'roll-number-fixed'
            : doc.hallTicketReleased
              ? 'reissued'
              : 'assigned';
      outcomes.set(seat.candidateCode, outcome);
      if (outcome !== 'assigned' && outcome !== 'reissued') continue;
      // the condition again in the write: a release between the read and the write keeps its roll number
      const rollNumberKept = { $or: [{ hallTicketReleased: false }, { examSeat: null }, { 'examSeat.rollNumber': seat.rollNumber }] };
      writes.push({ updateOne: { filter: { _id: seat.candidateCode, ...LIVE, ...rollNumberKept }, update: { $set: examSeatFields(seat) } } });
    }
    for (const code of cleared) {
      const doc = byCode.get(code);
      const outcome: ExamSeatOutcome = !doc ? 'not-found' : !doc.examSeat || doc.hallTicketReleased ? 'unchanged' : 'cleared';
      outcomes.set(code, outcome);
      if (outcome !== 'cleared') continue;
      const unset = { examSeat: null, seatNumber: null, center: null, examTime: null };
      writes.push({ updateOne: { filter: { _id: code, ...LIVE, hallTicketReleased: false }, update: { $set: unset } } });
    }
    if (writes.length > 0) {
      const written = codes.filter((code) => ['assigned', 'reissued', 'cleared'].includes(outcomes.get(code) ?? ''));
      await this.changing(written, () => this.model.bulkWrite(writes, { ordered: false }));
    }
    return outcomes;
  }

  seatingAfter(after: string | undefined, limit: number): SeatingCandidate[] {
    return this.directory.seatingAfter(after, limit);
  }

  async resultStates(candidateCodes: readonly string[]): Promise<Map<string, ResultHandOverState>> {
    if (candidateCodes.length === 0) return new Map();
    const docs = await this.model.find({ _id: { $in: [...candidateCodes] }, ...LIVE }, RESULT_STATE_PROJECTION).lean<CandidateDocument[]>().exec();
    return new Map(docs.filter((doc) => !doc.erasedAt).map((doc) => [doc.candidateCode, resultStateOf(doc)]));
  }

  async resultStatesOfLevel(level: ExamLevel): Promise<ResultHandOverState[]> {
    // A top-level array: the store selects on it (a nested `results.level` would be read document by document, ADR 0004).
    const docs = await this.model.find({ resultLevels: level }, RESULT_STATE_PROJECTION).lean<CandidateDocument[]>().exec();
    return docs.map(resultStateOf);
  }

  async setResultFields(changes: readonly ResultFieldsChange[]): Promise<void> {
    if (changes.length === 0) return;
    const writes: AnyBulkWriteOperation<CandidateDocument>[] = changes.map((change) => ({
      // `level: null` also matches a record without one (Mains)
      updateOne: { filter: { _id: change.candidateCode, level: change.readLevel ?? null }, update: { $set: change.set } },
    }));
    await this.changing(
      changes.map((change) => change.candidateCode),
      () => this.model.bulkWrite(writes, { ordered: false }),
    );
  }

  async restore(candidateCode: string): Promise<CandidateRecord | null> {
    await this.changing([candidateCode], () => this.model.updateOne({ _id: candidateCode, deletedAt: { $ne: null } }, { $set: { deletedAt: null } }).exec());
    return this.findByCode(candidateCode);
  }

  async dashboard(since: Date): Promise<CandidateDashboardCounts> {
    return this.directory.dashboard(since);
  }

  async recordConsent(candidateCode: string, consent: ConsentRecord): Promise<'recorded' | 'already-given' | 'not-found'> {
    const result = await this.changing([candidateCode], () =>
      this.model
        .updateOne({ _id: candidateCode, ...LIVE, consentStatus: { $nin: ['given', 'withdrawn'] } }, { $set: { consentStatus: consent.status, consent } })
        .exec(),
    );
    if (result.matchedCount === 1) return 'recorded';
    return (await this.findByCode(candidateCode)) ? 'already-given' : 'not-found';
  }

  async withdrawConsent(candidateCode: string, consent: ConsentRecord): Promise<'withdrawn' | 'already-withdrawn' | 'not-found'> {
    const result = await this.changing([candidateCode], () =>
      this.model.updateOne({ _id: candidateCode, ...LIVE, consentStatus: { $ne: 'withdrawn' } }, { $set: { consentStatus: 'withdrawn', consent } }).exec(),
    );
    if (result.matchedCount === 1) return 'withdrawn';
    return (await this.findByCode(candidateCode)) ? 'already-withdrawn' : 'not-found';
  }

  async eraseFields(candidateCodes: readonly string[], fields: Record<string, unknown>): Promise<void> {
    if (candidateCodes.length === 0) return;
    await this.changing(candidateCodes, async () => {
      await this.model.updateMany({ _id: { $in: [...candidateCodes] } }, { $set: fields }).exec();
      if (!('erasedAt' in fields)) return;
      // one statement per code: the fingerprint names the code, and its index is unique
      for (const code of candidateCodes) await this.model.updateOne({ _id: code }, { $set: { fingerprint: `erased:${code}` } }).exec();
    });
  }

  async setFlags(candidateCode: string, flags: CandidateFlags): Promise<CandidateRecord | null> {
    // updateOne + findOne rather than findOneAndUpdate: FerretDB v1 and projections (docs/adr/0001).
    const result = await this.changing([candidateCode], () => this.model.updateOne({ _id: candidateCode, ...LIVE }, { $set: flags }).exec());
    if (result.matchedCount === 0) return null;
    return this.findByCode(candidateCode);
  }

  async softDelete(candidateCode: string, at: Date): Promise<boolean> {
    const doc = await this.model.findOne({ _id: candidateCode, ...LIVE }, { fingerprint: 1 }).lean().exec();
    if (!doc) return false;
    const result = await this.changing([candidateCode], () =>
      this.model
        .updateOne({ _id: candidateCode, ...LIVE }, { $set: { deletedAt: at, fingerprint: `${doc.fingerprint}:deleted:${candidateCode}` } })
        .exec(),
    );
    return result.matchedCount > 0;
  }

  async counts(): Promise<{ total: number; feesPaid: number }> {
    return this.directory.counts();
  }

  async smsRecipients(group: SmsRecipientGroupFilter, after: string | undefined, limit: number): Promise<SmsRecipientRow[]> {
    return this.directory.smsRecipients(group, after || undefined, limit);
  }

  /**
   * A write to these candidates: their cached public search answers are forgotten; once it is
   * stored, their directory entries are read again and `candidate.changed` tells documents-service
   * and the other replicas (unless `announce` is false: the caller announces otherwise).
   */
  /**
   * Runs a write of these candidates, then forgets them in the search cache, reads them again into
   * the directory (unless the write did it with `readThrough`) and announces the change.
   */
  private async changing<T>(
    codes: readonly string[],
    write: () => Promise<T>,
    options: { announce?: boolean; refresh?: boolean } = {},
  ): Promise<T> {
    const { announce = true, refresh = true } = options;
    this.searchCache.forget(codes);
    let written = false;
    try {
      const result = await write();
      written = true;
      return result;
    } finally {
      this.searchCache.forget(codes);
      if (refresh || !written) {
        await this.directoryKeeper
          .refresh(codes)
          .catch((error: unknown) => this.logger.warn(`directory entries of ${codes.join(', ')} not read again: ${errorMessage(error)}`));
      }
      if (announce) await this.changes.announce(codes);
    }
  }

  async findPendingEvents(before: Date, limit: number): Promise<PendingRegistrationEvent[]> {
    const docs = await findRecordsWithPendingEvent(this.model, before, limit);
    return docs.map((doc) => candidateRegisteredEvent(doc.eventId, toRecord(doc)));
  }

  markEventsQueued(codes: readonly string[]): Promise<void> {
    return this.eventMarks.markQueued(codes);
  }
}

/** The `candidate.registered` event of a stored candidate. */
export function candidateRegisteredEvent(
  eventId: string,
  candidate: CandidateRecord,
): PendingRegistrationEvent<'candidate.registered'> {
  return {
    id: eventId,
    topic: 'candidate.registered',
    key: candidate.candidateCode,
    payload: {
      candidateCode: candidate.candidateCode,
      mentorCode: candidate.mentorCode,
      fullName: candidate.personalDetails.fullName,
      phoneNumber: candidate.contactDetails.phoneNumber,
      kbeCategory: candidate.educationalDetails.kbeCategory,
      feesPaid: candidate.feesPaid,
      language: candidate.language,
    },
  };
}

/** What `resultStateOf` reads. */
const RESULT_STATE_PROJECTION = {
  candidateCode: 1,
  level: 1,
  results: 1,
  levelHistory: 1,
  feesPaid: 1,
  receiptNumber: 1,
  hallTicketReleased: 1,
  hallTicketRelease: 1,
  certificateReleased: 1,
  examSeat: 1,
  seatNumber: 1,
  center: 1,
  examTime: 1,
  language: 1,
  'contactDetails.phoneNumber': 1,
  'guardianDetails.phoneNumber': 1,
  erasedAt: 1,
} as const;

function resultStateOf(doc: CandidateDocument): ResultHandOverState {
  return {
    candidateCode: doc.candidateCode,
    level: doc.level,
    results: doc.results ?? [],
    levelHistory: doc.levelHistory ?? [],
    feesPaid: doc.feesPaid === true,
    receiptNumber: doc.receiptNumber ?? null,
    hallTicketReleased: doc.hallTicketReleased === true,
    hallTicketRelease: doc.hallTicketRelease ?? null,
    certificateReleased: doc.certificateReleased === true,
    examSeat: doc.examSeat ?? null,
    seatNumber: doc.seatNumber ?? null,
    center: doc.center ?? null,
    examTime: examTimeOf(doc.examTime),
    guardianPhone: doc.guardianDetails?.phoneNumber || doc.contactDetails?.phoneNumber || '',
    language: candidateLanguageOf(doc.language),
  };
}

function toRecord(doc: CandidateDocument): CandidateRecord {
  return {
    candidateCode: doc.candidateCode,
    mentorCode: doc.mentorCode,
    schoolCode: doc.schoolCode,
    personalDetails: doc.personalDetails,
    contactDetails: doc.contactDetails,
    ...(doc.guardianDetails ? { guardianDetails: doc.guardianDetails } : {}),
    orphanDetails: doc.orphanDetails,
    permanentAddress: doc.permanentAddress,
    educationalDetails: doc.educationalDetails,
    language: candidateLanguageOf(doc.language),
    feesPaid: doc.feesPaid,
    hallTicketReleased: doc.hallTicketReleased,
    certificateReleased: doc.certificateReleased,
    seatNumber: doc.seatNumber ?? null,
    center: doc.center ?? null,
    // a text typed before exam times were dates is read as the instant it names
    examTime: examTimeOf(doc.examTime),
    photoKey: doc.photoKey,
    signatureKey: doc.signatureKey,
    createdAt: doc.createdAt,
    deletedAt: doc.deletedAt ?? null,
    receiptNumber: doc.receiptNumber ?? null,
    examSeat: doc.examSeat ?? null,
    hallTicketRelease: doc.hallTicketRelease ?? null,
    certificateRelease: doc.certificateRelease ?? null,
    consent: doc.consent ?? null,
    erasedAt: doc.erasedAt ?? null,
    level: levelOf(doc.level),
    results: doc.results ?? [],
    levelHistory: doc.levelHistory ?? [],
  };
}

function nameWords(fullName: string): string[] {
  return [...new Set(normaliseText(fullName).split(' ').filter(Boolean))];
}
