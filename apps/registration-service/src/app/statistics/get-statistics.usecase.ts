import { Inject, Injectable } from '@nestjs/common';
import type { RegistrationStatistics } from '@kbe/contracts';
import { CANDIDATE_REPOSITORY, type CandidateRepository } from '../candidates/candidate.repository';
import { MENTOR_REPOSITORY, type MentorRepository } from '../mentors/mentor.repository';
import { SCHOOL_REPOSITORY, type SchoolRepository } from '../schools/school.repository';

/** Aggregate counts; active candidates are those whose fees are paid (DECISIONS). */
@Injectable()
export class GetStatisticsUseCase {
  constructor(
    @Inject(SCHOOL_REPOSITORY) private readonly schools: SchoolRepository,
    @Inject(MENTOR_REPOSITORY) private readonly mentors: MentorRepository,
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
  ) {}

  async execute(): Promise<RegistrationStatistics> {
    const [totalSchools, totalMentors, candidates] = await Promise.all([
      this.schools.count(),
      this.mentors.count(),
      this.candidates.counts(),
    ]);
    return { totalSchools, totalMentors, totalCandidates: candidates.total, activeCandidates: candidates.feesPaid };
  }
}
