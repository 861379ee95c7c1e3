import { Inject, Injectable } from '@nestjs/common';
import { examTimeIso, TBA, type AdminCandidateListItem, type Pagination } from '@kbe/contracts';
import { paginationOf, type PageRequest } from '../../common/pagination';
import { CANDIDATE_REPOSITORY, type CandidateListQuery, type CandidateRecord, type CandidateRepository } from '../candidate.repository';

/**
 * One row of the admin candidate tables (spec section 3) as registration-service knows it:
 * `photo` and `signature` are the internal storage paths (admin-service hands admins signed
 * links instead); district, receipt and deletion are added where they are known.
 */
export type CandidateListItem = Omit<AdminCandidateListItem, 'district' | 'receiptNumber' | 'deletedAt'>;

export function toCandidateListItem(candidate: CandidateRecord): CandidateListItem {
  const code = candidate.candidateCode;
  return {
    id: code,
    candidateId: code,
    candidateCode: code,
    name: candidate.personalDetails.fullName,
    fatherName: candidate.personalDetails.fatherName,
    category: candidate.educationalDetails.kbeCategory,
    center: candidate.center ?? TBA,
    contact: candidate.contactDetails.phoneNumber,
    email: candidate.contactDetails.email ?? '',
    mentorCode: candidate.mentorCode,
    schoolName: candidate.educationalDetails.schoolName,
    standard: candidate.educationalDetails.standard,
    feesPaid: candidate.feesPaid,
    hallTicketReleased: candidate.hallTicketReleased,
    certificateReleased: candidate.certificateReleased,
    consentStatus: candidate.consent?.status ?? 'pending',
    photo: `/internal/candidates/${code}/files/photo`,
    signature: `/internal/candidates/${code}/files/signature`,
    seatNumber: candidate.seatNumber ?? TBA,
    stage: candidate.educationalDetails.kbeStageParticipated,
    level: candidate.level,
    examTime: candidate.examTime ? examTimeIso(candidate.examTime) : TBA,
    createdAt: candidate.createdAt.toISOString(),
  };
}

@Injectable()
export class ListCandidatesUseCase {
  constructor(@Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository) {}

  async execute(
    query: CandidateListQuery,
    page: PageRequest,
  ): Promise<{ candidates: CandidateListItem[]; pagination: Pagination }> {
    const found = await this.candidates.list(query, page);
    return { candidates: found.items.map(toCandidateListItem), pagination: paginationOf(page, found.total) };
  }
}
