import { ForbiddenException, HttpStatus, NotFoundException } from '@nestjs/common';
import { PORTAL_MESSAGES } from '@kbe/contracts';
import type { OtpVerification } from '@kbe/server-otp';
import { OtpRefusedException } from '../consent/consent-errors';
import type { PortalAccountRecord } from './portal-accounts';

/** The account a code names, if it may sign in: 404 for an unknown code, 403 for an inactive mentor. */
export function signInAccount(account: PortalAccountRecord | null): PortalAccountRecord {
  if (!account) throw new NotFoundException(PORTAL_MESSAGES.unknownCode);
  if (!account.active) throw new ForbiddenException(PORTAL_MESSAGES.inactiveMentor);
  return account;
}

/**
 * A refused sign-in code at the form's `otp` field, with consent's statuses: wrong or no tries
 * left 400, expired or none waiting 410.
 */
export function refuseOtp(verified: Exclude<OtpVerification, { kind: 'verified' }>): never {
  switch (verified.kind) {
    case 'wrong':
      throw new OtpRefusedException(PORTAL_MESSAGES.otpWrong, HttpStatus.BAD_REQUEST);
    case 'exhausted':
      throw new OtpRefusedException(PORTAL_MESSAGES.otpExhausted, HttpStatus.BAD_REQUEST);
    case 'expired':
      throw new OtpRefusedException(PORTAL_MESSAGES.otpExpired, HttpStatus.GONE);
    case 'none':
      throw new OtpRefusedException(PORTAL_MESSAGES.otpNone, HttpStatus.GONE);
  }
}
