import { HttpError, NetworkError } from '@kbe/api-client';
import { PORTAL_MESSAGES } from '@kbe/contracts/zod-free';

import type { SchoolsTranslate } from '../i18n/schools.catalogue';

export type PortalMessageKey = keyof typeof PORTAL_MESSAGES;

/** The catalogue's key of a contract message: `server.<key of PORTAL_MESSAGES>`. */
export const serverMessageKey = (key: PortalMessageKey) => `server.${key}` as const;

export const PORTAL_MESSAGE_KEYS = Object.keys(PORTAL_MESSAGES) as PortalMessageKey[];

/** The PORTAL_MESSAGES key of a text the server sent, if it is one of them. */
export function portalMessageKeyOf(text: string): PortalMessageKey | undefined {
  return PORTAL_MESSAGE_KEYS.find((key) => PORTAL_MESSAGES[key] === text);
}

/**
 * What to show for a failed call, in the page's language: the server's own words (the
 * contract's messages translated, any other sentence as it came), the client's for a network
 * failure, a general sentence for an answer without one.
 */
export function failureText(error: unknown, t: SchoolsTranslate): string {
  if (error instanceof NetworkError) return t('error.network');
  if (error instanceof HttpError) {
    const known = portalMessageKeyOf(error.message);
    if (known) return t(serverMessageKey(known));
    if (error.status === 429) return t('error.busy');
    if (!/^HTTP error! Status: \d+$/.test(error.message)) return error.message;
  }
  return t('error.unexpected');
}

/** The messages about the school or mentor code, and those about the one-time code. */
const CODE_MESSAGES: readonly PortalMessageKey[] = ['codeRequired', 'codeFormat', 'unknownCode', 'inactiveMentor'];
const OTP_MESSAGES: readonly PortalMessageKey[] = ['otpRequired', 'otpFormat', 'otpWrong', 'otpExpired', 'otpExhausted', 'otpNone'];

/** Which field of the sign-in form a failed call's message belongs beside (`step`'s own field when it names neither). */
export function failedField(error: unknown, step: 'code' | 'otp'): 'code' | 'otp' {
  const key = error instanceof HttpError ? portalMessageKeyOf(error.message) : undefined;
  if (key && CODE_MESSAGES.includes(key)) return 'code';
  if (key && OTP_MESSAGES.includes(key)) return 'otp';
  return step;
}
