import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { maskPhoneNumber, PORTAL_MESSAGES, type OtpPurpose, type PortalOtpSent } from '@kbe/contracts';
import { errorMessage } from '@kbe/server-bootstrap';
import { OtpService } from '@kbe/server-otp';
import { CLOCK, type Clock } from '../../common/clock';
import { RetryLaterException } from '../../consent/consent-errors';
import { OTP_SMS_REQUESTER, type OtpSmsRequester } from '../../consent/otp-sms.requester';
import { PortalAccounts } from '../portal-accounts';
import { signInAccount } from '../portal-errors';

/** The OTP purpose of a portal sign-in: its codes work for nothing else, and no other code for it. */
export const PORTAL_OTP_PURPOSE: OtpPurpose = 'portal-sign-in';

/**
 * Sends a school (to its registered contact number) or a mentor (to theirs) a sign-in code by SMS,
 * with the consent codes' rules (server-otp: expiry, tries, a pause between codes, a daily limit
 * per number). The answer names the number masked. Schools and mentors have no stored language:
 * the SMS is in English.
 */
@Injectable()
export class SendPortalOtpUseCase {
  private readonly logger = new Logger(SendPortalOtpUseCase.name);

  constructor(
    private readonly accounts: PortalAccounts,
    private readonly otp: OtpService,
    @Inject(OTP_SMS_REQUESTER) private readonly sms: OtpSmsRequester,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async execute(code: string): Promise<PortalOtpSent> {
    const account = signInAccount(await this.accounts.find(code));
    const subject = { purpose: PORTAL_OTP_PURPOSE, subject: account.code };
    const issued = await this.otp.issue(subject, account.phoneNumber);
    const now = this.clock.now();
    if (issued.kind === 'too-soon') throw new RetryLaterException(PORTAL_MESSAGES.tooSoon, issued.retryAt, now);
    if (issued.kind === 'daily-limit') throw new RetryLaterException(PORTAL_MESSAGES.dailyLimit, issued.retryAt, now);

    try {
      await this.sms.request({
        purpose: PORTAL_OTP_PURPOSE,
        subject: account.code,
        phoneNumber: account.phoneNumber,
        code: issued.code,
        expiresAt: issued.expiresAt.toISOString(),
        language: 'en',
      });
    } catch (error) {
      this.logger.warn(`portal sign-in code for ${account.code} not handed to Kafka: ${errorMessage(error)}`);
      await this.otp.withdraw(subject, issued);
      throw new ServiceUnavailableException(PORTAL_MESSAGES.smsUnavailable);
    }
    return {
      role: account.role,
      maskedNumber: maskPhoneNumber(account.phoneNumber),
      expiresAt: issued.expiresAt.toISOString(),
      resendAt: issued.resendAt.toISOString(),
    };
  }
}
