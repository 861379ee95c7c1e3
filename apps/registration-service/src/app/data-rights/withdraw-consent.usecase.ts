import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DATA_RIGHTS_MESSAGES, type ConsentWithdrawn } from '@kbe/contracts';
import { OtpService } from '@kbe/server-otp';
import { CANDIDATE_REPOSITORY, type CandidateRepository } from '../candidates/candidate.repository';
import { withdrawnConsent } from '../candidates/consent-record';
import { CANDIDATE_NOT_FOUND } from '../candidates/usecases/search-candidate.usecase';
import { CLOCK, type Clock } from '../common/clock';
import { verifyGuardianOtp } from '../consent/guardian-otp';
import { CandidateEraser } from './erasure/candidate-eraser';

/**
 * The guardian withdraws consent (DPDP Act 2023, section 6(4)) with a withdrawal code: the
 * withdrawal is recorded beside the consent (same evidence: time, number hash, address), then the
 * candidate's personal data is erased (section 8(7)). Given or still pending, consent can be withdrawn.
 */
@Injectable()
export class WithdrawConsentUseCase {
  constructor(
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    private readonly otp: OtpService,
    private readonly eraser: CandidateEraser,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(candidateCode: string, code: string, clientAddress: string): Promise<ConsentWithdrawn> {
    const candidate = await this.candidates.findByCode(candidateCode);
    if (!candidate) throw new NotFoundException(CANDIDATE_NOT_FOUND);
    if (candidate.consent?.status === 'withdrawn') throw new ConflictException(DATA_RIGHTS_MESSAGES.alreadyWithdrawn);
    const phoneHash = await verifyGuardianOtp(this.otp, 'withdrawal', candidate.candidateCode, code);

    const withdrawnAt = this.clock.now();
    const outcome = await this.candidates.withdrawConsent(candidate.candidateCode, withdrawnConsent(candidate.consent, { withdrawnAt, by: 'guardian', phoneHash, clientAddress }));
    if (outcome === 'not-found') throw new NotFoundException(CANDIDATE_NOT_FOUND);
    if (outcome === 'already-withdrawn') throw new ConflictException(DATA_RIGHTS_MESSAGES.alreadyWithdrawn);
    const erasure = await this.eraser.erase(candidate.candidateCode, 'withdrawal', 'guardian');
    return { candidateCode: candidate.candidateCode, status: 'withdrawn', withdrawnAt: withdrawnAt.toISOString(), erasure };
  }
}
