import { Inject, Injectable } from '@nestjs/common';
import type { PortalAccount } from '@kbe/contracts';
import { MENTOR_REPOSITORY, type MentorRepository } from '../../mentors/mentor.repository';
import { PortalAccounts } from '../portal-accounts';
import type { PortalPrincipal } from '../portal-session';
import { ListPortalCandidatesUseCase } from './list-portal-candidates.usecase';

/** `GET /api/portal/me`: who is signed in, their school, the counts of their scope. */
@Injectable()
export class DescribePortalAccountUseCase {
  constructor(
    private readonly accounts: PortalAccounts,
    @Inject(MENTOR_REPOSITORY) private readonly mentors: MentorRepository,
    private readonly candidates: ListPortalCandidatesUseCase,
  ) {}

  async execute(principal: PortalPrincipal): Promise<PortalAccount> {
    const school = principal.role === 'school';
    const [account, schoolName, mentors] = await Promise.all([
      this.accounts.find(principal.code),
      // a school's own name is its account's: one read of the school, not two
      school ? Promise.resolve(undefined) : this.accounts.schoolName(principal.schoolCode),
      school ? this.mentors.findBySchool(principal.schoolCode).then((found) => found.length) : Promise.resolve(0),
    ]);
    return {
      role: principal.role,
      code: principal.code,
      name: account?.name ?? '',
      schoolCode: principal.schoolCode,
      schoolName: schoolName ?? account?.name ?? '',
      mentors,
      counts: this.candidates.counts(principal),
      expiresAt: principal.expiresAt.toISOString(),
    };
  }
}
