import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { maskPhoneNumber, guardianOf, type CandidateDataExport } from '@kbe/contracts';
import { FileNotFoundError } from '@kbe/server-storage';
import { CANDIDATE_DOCUMENTS_STORE, type CandidateDocumentsStore } from '../../candidates/candidate-documents.store';
import { CANDIDATE_REPOSITORY, type CandidateRecord, type CandidateRepository } from '../../candidates/candidate.repository';
import { consentStatusOf } from '../../candidates/consent-record';
import { CANDIDATE_NOT_FOUND } from '../../candidates/usecases/search-candidate.usecase';
import { CLOCK, type Clock } from '../../common/clock';
import { DataRequestStore } from '../requests/data-request.store';

/** Where else a trace of a candidate is kept, in the notice's words (docs/privacy.md, section 1). */
const KEPT_ELSEWHERE = [
  'SMS sent to the numbers above (registration, documents, codes): the SMS log of the notifications service, with the number and the text.',
  "Changes made by the organisers' admins: the audit log names the candidate code and which fields changed, not their values; kept at least one year.",
  'Hall ticket and certificate PDFs: stored once rendered, deleted when the data is erased.',
  'Backups of the database and the file store: overwritten in turn; an erasure reaches them when the backups older than it are deleted.',
];

/**
 * Everything held about a candidate, for the guardian (DPDP Act 2023, section 11): the form as
 * stored, what the organisers added, the photo and signature, the consent record, the requests,
 * and where else a trace is kept.
 */
@Injectable()
export class CandidateDataExportUseCase {
  constructor(
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    @Inject(CANDIDATE_DOCUMENTS_STORE) private readonly files: CandidateDocumentsStore,
    private readonly requests: DataRequestStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async build(candidateCode: string): Promise<CandidateDataExport> {
    const candidate = await this.candidates.findByCode(candidateCode);
    if (!candidate) throw new NotFoundException(CANDIDATE_NOT_FOUND);
    const [photo, signature, requests] = await Promise.all([
      this.image(candidate.photoKey),
      this.image(candidate.signatureKey),
      this.requests.ofCandidate(candidate.candidateCode),
    ]);
    const consent = candidate.consent;
    return {
      generatedAt: this.clock.now().toISOString(),
      candidateCode: candidate.candidateCode,
      registeredAt: candidate.createdAt.toISOString(),
      registration: registrationOf(candidate),
      organiserRecord: {
        feesPaid: candidate.feesPaid,
        receiptNumber: candidate.receiptNumber ?? null,
        seatNumber: candidate.seatNumber,
        center: candidate.center,
        examTime: candidate.examTime ? candidate.examTime.toISOString() : null,
        hallTicketReleased: candidate.hallTicketReleased,
        certificateReleased: candidate.certificateReleased,
      },
      files: { photo, signature },
      consent: {
        status: consentStatusOf({ consentStatus: consent?.status }),
        givenAt: consent?.givenAt ? consent.givenAt.toISOString() : null,
        noticeVersion: consent?.noticeVersion ?? null,
        lang: consent?.lang ?? null,
        method: consent?.method ?? null,
        withdrawnAt: consent?.withdrawal ? consent.withdrawal.withdrawnAt.toISOString() : null,
        codeSentTo: consent?.phoneHash ? maskPhoneNumber(guardianOf(candidate).phoneNumber) : null,
      },
      requests,
      elsewhere: KEPT_ELSEWHERE,
    };
  }

  /** A stored JPEG as a data URL; null when there is none (erased, purged). */
  private async image(key: string): Promise<string | null> {
    if (!key) return null;
    try {
      const chunks: Buffer[] = [];
      for await (const chunk of await this.files.open(key)) chunks.push(chunk as Buffer);
      return `data:image/jpeg;base64,${Buffer.concat(chunks).toString('base64')}`;
    } catch (error) {
      if (error instanceof FileNotFoundError) return null;
      throw error;
    }
  }
}

/** The form's sections as stored (spec section 3 and the guardian). */
function registrationOf(candidate: CandidateRecord): Record<string, unknown> {
  return {
    mentorCode: candidate.mentorCode,
    schoolCode: candidate.schoolCode,
    personalDetails: candidate.personalDetails,
    contactDetails: candidate.contactDetails,
    guardianDetails: candidate.guardianDetails ?? null,
    orphanDetails: candidate.orphanDetails,
    permanentAddress: candidate.permanentAddress,
    educationalDetails: candidate.educationalDetails,
    // the language of the SMS and documents sent (en, mr or hi; English for candidates from before it existed)
    language: candidate.language,
  };
}
