import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { FileNotFoundError } from '@kbe/server-storage';
import type { Readable } from 'node:stream';
import { CLOCK, type Clock } from '../../common/clock';
import { CANDIDATE_DOCUMENTS_STORE, type CandidateDocumentsStore, type CandidateFileKind } from '../candidate-documents.store';
import { ADMIN_MESSAGES, CONSENT_MESSAGES, DATA_RIGHTS_MESSAGES, type CandidateRegistration } from '@kbe/contracts';
import {
  CANDIDATE_REPOSITORY,
  type CandidateRecord,
  type CandidateRepository,
  type ExamAssignment,
  type ReleaseKind,
} from '../candidate.repository';
import { ReleaseDocumentsUseCase } from './release-documents.usecase';
import { CANDIDATE_NOT_FOUND } from './search-candidate.usecase';

/** Spec section 5: a hall ticket is released only for a candidate who has paid. */
export const PAYMENT_REQUIRED = 'Candidate must pay fees before hall ticket can be released.';

/** What the admin and documents services may do with one candidate (internal API). */
@Injectable()
export class ManageCandidateUseCase {
  constructor(
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    @Inject(CANDIDATE_DOCUMENTS_STORE) private readonly documents: CandidateDocumentsStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly releases: ReleaseDocumentsUseCase,
  ) {}

  /** The full record, mother's name included (documents service: server-side check). */
  async get(candidateCode: string): Promise<CandidateRecord> {
    return this.found(await this.candidates.findByCode(candidateCode));
  }

  async setFeesPaid(candidateCode: string, feesPaid: boolean, receiptNumber: string | null = null): Promise<CandidateRecord> {
    return this.found(await this.candidates.setFees(candidateCode, feesPaid, feesPaid ? receiptNumber : null));
  }

  /** Releasing announces `hall-ticket.released` (once); withdrawing announces nothing. */
  async setHallTicketReleased(candidateCode: string, released: boolean, by = 'admin'): Promise<CandidateRecord> {
    return this.setReleased('hall-ticket', candidateCode, released, by);
  }

  async setCertificateReleased(candidateCode: string, released: boolean, by = 'admin'): Promise<CandidateRecord> {
    return this.setReleased('certificate', candidateCode, released, by);
  }

  async updateRegistration(candidateCode: string, registration: CandidateRegistration): Promise<CandidateRecord> {
    await this.refuseIfErased(candidateCode);
    return this.found(await this.candidates.updateRegistration(candidateCode, registration));
  }

  async setExamAssignment(candidateCode: string, assignment: ExamAssignment): Promise<CandidateRecord> {
    await this.refuseIfErased(candidateCode);
    return this.found(await this.candidates.setExamAssignment(candidateCode, assignment));
  }

  async restore(candidateCode: string): Promise<CandidateRecord> {
    return this.found(await this.candidates.restore(candidateCode));
  }

  /** An erased candidate is a tombstone: nothing personal may be written back into it. */
  private async refuseIfErased(candidateCode: string): Promise<void> {
    if ((await this.candidates.findByCode(candidateCode))?.erasedAt) throw new ConflictException(DATA_RIGHTS_MESSAGES.erasedRecord);
  }

  private async setReleased(kind: ReleaseKind, candidateCode: string, released: boolean, by: string): Promise<CandidateRecord> {
    if (!released) return this.found(await this.candidates.unrelease(kind, candidateCode));
    const [result] = await this.releases.release(kind, [candidateCode], by);
    if (result?.outcome === 'fees-unpaid') throw new ConflictException(PAYMENT_REQUIRED);
    if (result?.outcome === 'consent-pending') {
      const withdrawn = (await this.candidates.findByCode(candidateCode))?.consent?.status === 'withdrawn';
      throw new ConflictException(withdrawn ? DATA_RIGHTS_MESSAGES.erasedRecord : CONSENT_MESSAGES.pending);
    }
    if (result?.outcome === 'not-seated') throw new ConflictException(ADMIN_MESSAGES.seatRequired);
    if (result?.outcome === 'failed') throw new Error(result.message);
    return this.get(candidateCode);
  }

  async softDelete(candidateCode: string): Promise<void> {
    if (!(await this.candidates.softDelete(candidateCode, this.clock.now()))) throw new NotFoundException(CANDIDATE_NOT_FOUND);
  }

  async openFile(candidateCode: string, kind: CandidateFileKind): Promise<Readable> {
    const candidate = await this.get(candidateCode);
    if (candidate.erasedAt) throw new NotFoundException(DATA_RIGHTS_MESSAGES.erasedRecord);
    try {
      return await this.documents.open(kind === 'photo' ? candidate.photoKey : candidate.signatureKey);
    } catch (error) {
      if (error instanceof FileNotFoundError) throw new NotFoundException(`The candidate's ${kind} is missing`);
      throw error;
    }
  }

  private found(candidate: CandidateRecord | null): CandidateRecord {
    if (!candidate) throw new NotFoundException(CANDIDATE_NOT_FOUND);
    return candidate;
  }
}
