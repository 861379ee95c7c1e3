import { HttpStatus } from '@nestjs/common';
import { CONSENT_MESSAGES, wrongOtpMessage, type GuardianOtpAction, type OtpPurpose } from '@kbe/contracts';
import type { OtpService } from '@kbe/server-otp';
import { OtpRefusedException } from './consent-errors';

/** The OTP purpose of each guardian action: a code sent for one action never works for another. */
export const GUARDIAN_OTP_PURPOSES: Record<GuardianOtpAction, OtpPurpose> = {
  consent: 'parental-consent',
  withdrawal: 'consent-withdrawal',
  'data-request': 'data-request',
};

/**
 * Checks a guardian's code for `action` on a candidate; answers the keyed hash of the number it
 * went to, or throws the refusal the form shows at its `otp` field (wrong with tries left: 400;
 * no tries left: 400; expired or none waiting: 410).
 */
export async function verifyGuardianOtp(otp: OtpService, action: GuardianOtpAction, candidateCode: string, code: string): Promise<string> {
  const verified = await otp.verify({ purpose: GUARDIAN_OTP_PURPOSES[action], subject: candidateCode }, code);
  switch (verified.kind) {
    case 'verified':
      return verified.destinationHash;
    case 'wrong':
      throw new OtpRefusedException(wrongOtpMessage(verified.triesLeft), HttpStatus.BAD_REQUEST);
    case 'exhausted':
      throw new OtpRefusedException(CONSENT_MESSAGES.noTriesLeft, HttpStatus.BAD_REQUEST);
    case 'expired':
      throw new OtpRefusedException(CONSENT_MESSAGES.expired, HttpStatus.GONE);
    case 'none':
      throw new OtpRefusedException(CONSENT_MESSAGES.noCode, HttpStatus.GONE);
  }
}
