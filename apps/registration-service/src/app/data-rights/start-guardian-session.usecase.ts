import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DATA_RIGHTS_MESSAGES, type GuardianSession } from '@kbe/contracts';
import { OtpService } from '@kbe/server-otp';
import { CANDIDATE_REPOSITORY, type CandidateRepository } from '../candidates/candidate.repository';
import { CANDIDATE_NOT_FOUND } from '../candidates/usecases/search-candidate.usecase';
import { CLOCK, type Clock } from '../common/clock';
import { verifyGuardianOtp } from '../consent/guardian-otp';
import { GUARDIAN_SESSIONS } from './data-rights.tokens';
import type { GuardianSessions } from './guardian-session';

/** A data-request code opens a short session in which the guardian sees the data and files requests. */
@Injectable()
export class StartGuardianSessionUseCase {
  constructor(
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    private readonly otp: OtpService,
    @Inject(GUARDIAN_SESSIONS) private readonly sessions: GuardianSessions,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(candidateCode: string, code: string): Promise<GuardianSession> {
    const candidate = await this.candidates.findByCode(candidateCode);
    if (!candidate) throw new NotFoundException(CANDIDATE_NOT_FOUND);
    if (candidate.consent?.status === 'withdrawn') throw new ConflictException(DATA_RIGHTS_MESSAGES.alreadyWithdrawn);
    await verifyGuardianOtp(this.otp, 'data-request', candidate.candidateCode, code);
    return this.sessions.issue(candidate.candidateCode, this.clock.now());
  }
}
