import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { CONSENT_MESSAGES, DATA_RIGHTS_MESSAGES, type ConsentConfirmationInput, type ConsentGiven, type ConsentNoticeLanguage } from '@kbe/contracts';
import { OtpService } from '@kbe/server-otp';
import { CANDIDATE_REPOSITORY, type CandidateRepository } from '../../candidates/candidate.repository';
import { CANDIDATE_NOT_FOUND } from '../../candidates/usecases/search-candidate.usecase';
import { CLOCK, type Clock } from '../../common/clock';
import { verifyGuardianOtp } from '../guardian-otp';
import { ConsentNotices } from '../notice/consent-notices';

export interface ConsentConfirmationRequest {
  candidateCode: string;
  confirmation: Omit<ConsentConfirmationInput, 'lang'> & { lang: ConsentNoticeLanguage };
  clientAddress: string;
}

/**
 * The guardian confirms with the SMS code, having read the current notice and declared being the
 * candidate's adult parent or lawful guardian: the consent is recorded with its time, notice
 * version and language, method, the keyed hash of the number the code went to, and the address.
 */
@Injectable()
export class ConfirmConsentUseCase {
  constructor(
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    private readonly otp: OtpService,
    private readonly notices: ConsentNotices,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute({ candidateCode, confirmation, clientAddress }: ConsentConfirmationRequest): Promise<ConsentGiven> {
    const candidate = await this.candidates.findByCode(candidateCode);
    if (!candidate) throw new NotFoundException(CANDIDATE_NOT_FOUND);
    if (candidate.consent?.status === 'given') throw new ConflictException(CONSENT_MESSAGES.alreadyGiven);
    if (candidate.consent?.status === 'withdrawn') throw new ConflictException(DATA_RIGHTS_MESSAGES.alreadyWithdrawn);
    // Before the code is tried, so a guardian who read an older notice keeps the code's tries.
    if (confirmation.noticeVersion !== this.notices.version) throw new ConflictException(CONSENT_MESSAGES.noticeOutdated);

    const phoneHash = await verifyGuardianOtp(this.otp, 'consent', candidate.candidateCode, confirmation.otp);

    const givenAt = this.clock.now();
    const outcome = await this.candidates.recordConsent(candidate.candidateCode, {
      status: 'given',
      givenAt,
      noticeVersion: confirmation.noticeVersion,
      lang: confirmation.lang,
      method: 'sms-otp',
      phoneHash,
      clientAddress,
    });
    if (outcome === 'not-found') throw new NotFoundException(CANDIDATE_NOT_FOUND);
    if (outcome === 'already-given') throw new ConflictException(CONSENT_MESSAGES.alreadyGiven);
    return { candidateCode: candidate.candidateCode, status: 'given', givenAt: givenAt.toISOString(), noticeVersion: confirmation.noticeVersion };
  }
}
