import { ConflictException, Inject, Injectable, Logger, NotFoundException, ServiceUnavailableException } from '@nestjs/common';
import {
  CONSENT_MESSAGES,
  guardianOf,
  maskPhoneNumber,
  resendTooSoonMessage,
  tooManySendsMessage,
  type ConsentOtpSent,
} from '@kbe/contracts';
import { OtpService } from '@kbe/server-otp';
import { CANDIDATE_REPOSITORY, type CandidateRepository } from '../../candidates/candidate.repository';
import { consentStatusOf } from '../../candidates/consent-record';
import { CANDIDATE_NOT_FOUND } from '../../candidates/usecases/search-candidate.usecase';
import { CLOCK, type Clock } from '../../common/clock';
import { RetryLaterException } from '../consent-errors';
import { OTP_SMS_REQUESTER, type OtpSmsRequester } from '../otp-sms.requester';

/** The OTP purpose of a guardian's consent; the candidate code is the subject. */
export const CONSENT_OTP_PURPOSE = 'parental-consent';

/**
 * Sends the guardian of a candidate a consent code by SMS (to the guardian's mobile, else the
 * contact number). Unknown candidates get the public search's 404; the answer names the number
 * only as the search shows it (masked).
 */
@Injectable()
export class SendConsentOtpUseCase {
  private readonly logger = new Logger(SendConsentOtpUseCase.name);

  constructor(
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    private readonly otp: OtpService,
    @Inject(OTP_SMS_REQUESTER) private readonly sms: OtpSmsRequester,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(candidateCode: string): Promise<ConsentOtpSent> {
    const candidate = await this.candidates.findByCode(candidateCode);
    if (!candidate) throw new NotFoundException(CANDIDATE_NOT_FOUND);
    if (consentStatusOf({ consentStatus: candidate.consent?.status }) === 'given') throw new ConflictException(CONSENT_MESSAGES.alreadyGiven);

    const phoneNumber = guardianOf(candidate).phoneNumber;
    const subject = { purpose: CONSENT_OTP_PURPOSE, subject: candidate.candidateCode };
    const issued = await this.otp.issue(subject, phoneNumber);
    const now = this.clock.now();
    if (issued.kind === 'too-soon') {
      throw new RetryLaterException(resendTooSoonMessage(Math.max(1, Math.ceil((issued.retryAt.getTime() - now.getTime()) / 1000))), issued.retryAt, now);
    }
    if (issued.kind === 'daily-limit') throw new RetryLaterException(tooManySendsMessage(issued.retryAt), issued.retryAt, now);

    try {
      await this.sms.request({
        purpose: CONSENT_OTP_PURPOSE,
        subject: candidate.candidateCode,
        phoneNumber,
        code: issued.code,
        expiresAt: issued.expiresAt.toISOString(),
      });
    } catch (error) {
      this.logger.warn(`consent code for ${candidate.candidateCode} not handed to Kafka: ${error instanceof Error ? error.message : String(error)}`);
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
