import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { maskPhoneNumber, type CandidateSearchResult } from '@kbe/contracts';
import { CandidateSearchCache } from '../candidate-search.cache';
import { CANDIDATE_REPOSITORY, type CandidateRecord, type CandidateRepository } from '../candidate.repository';
import { consentStatusOf } from '../consent-record';

export const CANDIDATE_NOT_FOUND = 'Candidate not found';

/**
 * What the public search shows of a candidate: never the mother's name (the download checks it
 * on the server) and only the last four digits of the phone number.
 */
export function toSearchResult(candidate: CandidateRecord): CandidateSearchResult {
  const masked = maskPhoneNumber(candidate.contactDetails.phoneNumber);
  const { fullName, fatherName } = candidate.personalDetails;
  return {
    candidateCode: candidate.candidateCode,
    fullName,
    fatherName,
    phoneNumber: masked,
    maskedPhoneNumber: masked,
    hallTicketReleased: candidate.hallTicketReleased,
    certificateReleased: candidate.certificateReleased,
    consentStatus: consentStatusOf({ consentStatus: candidate.consent?.status }),
    personalDetails: { fullName, fatherName },
    contactDetails: { phoneNumber: masked },
  };
}

@Injectable()
export class SearchCandidateUseCase {
  constructor(
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    private readonly cache: CandidateSearchCache,
  ) {}

  /** `registrationNumber` is already trimmed and upper-cased. */
  async execute(registrationNumber: string): Promise<CandidateSearchResult> {
    const result = await this.cache.lookup(registrationNumber, async () => {
      const candidate = await this.candidates.findByCode(registrationNumber);
      return candidate && toSearchResult(candidate);
    });
    if (!result) throw new NotFoundException(CANDIDATE_NOT_FOUND);
    return result;
  }
}
