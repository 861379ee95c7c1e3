import { createHmac } from 'node:crypto';
import type { RegistrationConfig } from '../registration.config';

/**
 * The key of the consent codes' hashes and of the guardians' number hashes: OTP_HASH_SECRET, or
 * one derived from INTERNAL_API_TOKEN when it is unset. Never stored; a changed key makes earlier
 * number hashes of consent records unmatchable, so production sets OTP_HASH_SECRET once.
 */
export function otpHashKey(config: Pick<RegistrationConfig, 'OTP_HASH_SECRET' | 'INTERNAL_API_TOKEN'>): Buffer {
  if (config.OTP_HASH_SECRET) return Buffer.from(config.OTP_HASH_SECRET, 'utf8');
  return createHmac('sha256', config.INTERNAL_API_TOKEN).update('kbe-otp-hash-key').digest();
}
