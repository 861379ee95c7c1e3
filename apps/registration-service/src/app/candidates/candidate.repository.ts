import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { CandidateRegistration } from '@kbe/contracts';
import type { Model, QueryFilter } from 'mongoose';
import { insertUnlessDuplicate, type InsertOutcome } from '../common/mongo-errors';
import { findPage, type Page, type PageRequest } from '../common/pagination';
import { findRecordsWithPendingEvent, markRecordEventQueued } from '../common/pending-event.queries';
import type { PendingEventSource, PendingRegistrationEvent } from '../common/registration-event.publisher';
import { normaliseText, prefixPattern } from '../common/text-search.util';
import { CandidateDocument } from './candidate.schema';

export interface CandidateRecord extends CandidateRegistration {
  candidateCode: string;
  schoolCode: string;
  hallTicketReleased: boolean;
  certificateReleased: boolean;
  seatNumber: string | null;
  center: string | null;
  examTime: string | null;
  photoKey: string;
  signatureKey: string;
  createdAt: Date;
  deletedAt: Date | null;
}

export interface NewCandidate extends CandidateRecord {
  fingerprint: string;
  eventId: string;
}

export type CandidateInsertOutcome = InsertOutcome<'code' | 'fingerprint'>;

export interface CandidateListQuery {
  /** Prefix of the name (any case), of the candidate code, or of the mobile number. */
  search?: string;
  feesPaid?: boolean;
  hallTicketReleased?: boolean;
  mentorCode?: string;
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
  /** Sets the release flag only if the fees are paid; 'unpaid' otherwise. */
  releaseHallTicket(candidateCode: string): Promise<CandidateRecord | 'unpaid' | null>;
  softDelete(candidateCode: string, at: Date): Promise<boolean>;
  counts(): Promise<{ total: number; feesPaid: number }>;
}

export const CANDIDATE_REPOSITORY = Symbol('CANDIDATE_REPOSITORY');

const LIVE = { deletedAt: null };

@Injectable()
export class MongoCandidateRepository implements CandidateRepository {
  readonly name = 'candidates';

  constructor(@InjectModel(CandidateDocument.name) private readonly model: Model<CandidateDocument>) {}

  insert(candidate: NewCandidate): Promise<CandidateInsertOutcome> {
    return insertUnlessDuplicate(
      () =>
        this.model.create({
          ...candidate,
          nameSearch: normaliseText(candidate.personalDetails.fullName),
          phoneNumber: candidate.contactDetails.phoneNumber,
          eventQueued: false,
        }),
      { fingerprint: 'fingerprint', candidateCode: 'code' },
    );
  }

  async findByCode(candidateCode: string): Promise<CandidateRecord | null> {
    const doc = await this.model.findOne({ candidateCode, ...LIVE }).lean().exec();
    return doc ? toRecord(doc) : null;
  }

  async findByFingerprint(fingerprint: string): Promise<CandidateRecord | null> {
    const doc = await this.model.findOne({ fingerprint, ...LIVE }).lean().exec();
    return doc ? toRecord(doc) : null;
  }

  async list(query: CandidateListQuery, page: PageRequest): Promise<Page<CandidateRecord>> {
    const filter: QueryFilter<CandidateDocument> = { ...LIVE };
    if (query.feesPaid !== undefined) filter.feesPaid = query.feesPaid;
    if (query.hallTicketReleased !== undefined) filter.hallTicketReleased = query.hallTicketReleased;
    if (query.mentorCode) filter.mentorCode = query.mentorCode;
    if (query.search) {
      filter.$or = [
        { nameSearch: prefixPattern(normaliseText(query.search)) },
        { candidateCode: prefixPattern(query.search.toUpperCase()) },
        { phoneNumber: prefixPattern(query.search) },
      ];
    }
    return findPage(this.model, filter, { createdAt: -1, candidateCode: 1 }, page, toRecord);
  }

  async setFlags(candidateCode: string, flags: CandidateFlags): Promise<CandidateRecord | null> {
    // updateOne + findOne rather than findOneAndUpdate: FerretDB v1 and projections (docs/adr/0001).
    const result = await this.model.updateOne({ candidateCode, ...LIVE }, { $set: flags }).exec();
    if (result.matchedCount === 0) return null;
    return this.findByCode(candidateCode);
  }

  async releaseHallTicket(candidateCode: string): Promise<CandidateRecord | 'unpaid' | null> {
    // The condition is part of the update, so a concurrent "fees unpaid" cannot slip in between.
    const result = await this.model
      .updateOne({ candidateCode, feesPaid: true, ...LIVE }, { $set: { hallTicketReleased: true } })
      .exec();
    const current = await this.findByCode(candidateCode);
    if (!current) return null;
    return result.matchedCount === 0 ? 'unpaid' : current;
  }

  async softDelete(candidateCode: string, at: Date): Promise<boolean> {
    const doc = await this.model.findOne({ candidateCode, ...LIVE }, { fingerprint: 1 }).lean().exec();
    if (!doc) return false;
    const result = await this.model
      .updateOne(
        { candidateCode, ...LIVE },
        { $set: { deletedAt: at, fingerprint: `${doc.fingerprint}:deleted:${candidateCode}` } },
      )
      .exec();
    return result.matchedCount > 0;
  }

  async counts(): Promise<{ total: number; feesPaid: number }> {
    const [total, feesPaid] = await Promise.all([
      this.model.countDocuments(LIVE).exec(),
      this.model.countDocuments({ ...LIVE, feesPaid: true }).exec(),
    ]);
    return { total, feesPaid };
  }

  async findPendingEvents(before: Date, limit: number): Promise<PendingRegistrationEvent[]> {
    const docs = await findRecordsWithPendingEvent(this.model, before, limit);
    return docs.map((doc) => candidateRegisteredEvent(doc.eventId, toRecord(doc)));
  }

  markEventQueued(candidateCode: string): Promise<void> {
    return markRecordEventQueued(this.model, { candidateCode });
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
    },
  };
}

function toRecord(doc: CandidateDocument): CandidateRecord {
  return {
    candidateCode: doc.candidateCode,
    mentorCode: doc.mentorCode,
    schoolCode: doc.schoolCode,
    personalDetails: doc.personalDetails,
    contactDetails: doc.contactDetails,
    orphanDetails: doc.orphanDetails,
    permanentAddress: doc.permanentAddress,
    educationalDetails: doc.educationalDetails,
    feesPaid: doc.feesPaid,
    hallTicketReleased: doc.hallTicketReleased,
    certificateReleased: doc.certificateReleased,
    seatNumber: doc.seatNumber ?? null,
    center: doc.center ?? null,
    examTime: doc.examTime ?? null,
    photoKey: doc.photoKey,
    signatureKey: doc.signatureKey,
    createdAt: doc.createdAt,
    deletedAt: doc.deletedAt ?? null,
  };
}
