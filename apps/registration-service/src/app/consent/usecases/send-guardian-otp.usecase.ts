import { ConflictException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import {
  CONSENT_MESSAGES,
  DATA_RIGHTS_MESSAGES,
  guardianOf,
  maskPhoneNumber,
  resendTooSoonMessage,
  tooManySendsMessage,
  type ConsentOtpSent,
  type GuardianOtpAction,
} from '@kbe/contracts';
import { OtpService } from '@kbe/server-otp';
import { errorMessage } from '@kbe/server-bootstrap';
import { CANDIDATE_REPOSITORY, type CandidateRecord, type CandidateRepository } from '../../candidates/candidate.repository';
import { CANDIDATE_NOT_FOUND } from '../../candidates/usecases/search-candidate.usecase';
import { CLOCK, type Clock } from '../../common/clock';
import { RetryLaterException } from '../consent-errors';
import { GUARDIAN_OTP_PURPOSES } from '../guardian-otp';
import { OTP_SMS_REQUESTER, type OtpSmsRequester } from '../otp-sms.requester';

/**
 * Sends the guardian of a candidate a code by SMS (to the guardian's mobile, else the contact
 * number) for one action: giving consent, withdrawing it, or a data request. Unknown candidates get
 * the public search's 404; the answer names the number only as the search shows it (masked).
 */
@Injectable()
export class SendGuardianOtpUseCase {
  private readonly logger = new Logger(SendGuardianOtpUseCase.name);

  constructor(
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    private readonly otp: OtpService,
    @Inject(OTP_SMS_REQUESTER) private readonly sms: OtpSmsRequester,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(candidateCode: string, action: GuardianOtpAction = 'consent'): Promise<ConsentOtpSent> {
    const candidate = await this.candidates.findByCode(candidateCode);
    if (!candidate) throw new NotFoundException(CANDIDATE_NOT_FOUND);
    refuseIfSettled(candidate, action);

    const phoneNumber = guardianOf(candidate).phoneNumber;
    const purpose = GUARDIAN_OTP_PURPOSES[action];
    const subject = { purpose, subject: candidate.candidateCode };
    const issued = await this.otp.issue(subject, phoneNumber);
    const now = this.clock.now();
    if (issued.kind === 'too-soon') {
      throw new RetryLaterException(resendTooSoonMessage(Math.max(1, Math.ceil((issued.retryAt.getTime() - now.getTime()) / 1000))), issued.retryAt, now);
    }
    if (issued.kind === 'daily-limit') throw new RetryLaterException(tooManySendsMessage(issued.retryAt), issued.retryAt, now);

    try {
      const request = { purpose, subject: candidate.candidateCode, phoneNumber, code: issued.code, expiresAt: issued.expiresAt.toISOString() };
      // worded in the candidate's language by notifications-service
      await this.sms.request({ ...request, language: candidate.language });
    } catch (error) {
      this.logger.warn(`${purpose} code for ${candidate.candidateCode} not handed to Kafka: ${errorMessage(error)}`);
      await this.otp.withdraw(subject, issued);
      throw new ServiceUnavailableException(CONSENT_MESSAGES.notSent);
    }
    return {
      maskedPhoneNumber: maskPhoneNumber(phoneNumber),
      expiresAt: issued.expiresAt.toISOString(),
      resendAfterSeconds: Math.round(this.otp.policy.resendAfterMs / 1000),
    };
  }
}

/** A withdrawn registration is erased: no code for anything. Consent already given needs no code. */
function refuseIfSettled(candidate: CandidateRecord, action: GuardianOtpAction): void {
  const status = candidate.consent?.status;
  if (status === 'withdrawn') throw new ConflictException(DATA_RIGHTS_MESSAGES.alreadyWithdrawn);
  if (action === 'consent' && status === 'given') throw new ConflictException(CONSENT_MESSAGES.alreadyGiven);
}
