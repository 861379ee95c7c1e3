/**
 * Parental consent (DPDP Act 2023, section 9; DPDP Rules 2025): every candidate is a child, so the
 * organisers process a candidate's data only with the verifiable consent of a parent or lawful
 * guardian, given after a standalone notice. No zod here: the consent page imports it on its first load.
 */

const segment = (value: string): string => encodeURIComponent(value);

/** The languages of the notice: English, Marathi, Hindi. */
export const CONSENT_NOTICE_LANGUAGES = ['en', 'mr', 'hi'] as const;
export type ConsentNoticeLanguage = (typeof CONSENT_NOTICE_LANGUAGES)[number];

/** Each language named in itself, for the page's language switch. */
export const CONSENT_NOTICE_LANGUAGE_NAMES: Record<ConsentNoticeLanguage, string> = {
  en: 'English',
  mr: 'मराठी',
  hi: 'हिन्दी',
};

export function isConsentNoticeLanguage(value: unknown): value is ConsentNoticeLanguage {
  return typeof value === 'string' && (CONSENT_NOTICE_LANGUAGES as readonly string[]).includes(value);
}

/** A candidate without a consent record is pending (candidates registered before consent existed too). */
export const CONSENT_STATUSES = ['pending', 'given', 'withdrawn'] as const;
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/** The status as the admin lists and exports show it. */
export const CONSENT_STATUS_LABELS: Record<ConsentStatus, string> = {
  pending: 'Pending',
  given: 'Given',
  withdrawn: 'Withdrawn',
};

/** How a consent was obtained: the guardian's OTP, or test and benchmark data (never real candidates). */
export const CONSENT_METHODS = ['sms-otp', 'test-data'] as const;
export type ConsentMethod = (typeof CONSENT_METHODS)[number];

/** The rules of the consent code, as the page explains them and the service applies them. */
export const CONSENT_OTP_RULES = {
  digits: 6,
  validMinutes: 10,
  tries: 5,
  resendAfterSeconds: 30,
  sendsPerDay: 5,
} as const;

/** `GET /api/consent/notice?lang=` */
export interface ConsentNotice {
  version: string;
  lang: ConsentNoticeLanguage;
  /** The notice as HTML (headings, paragraphs, lists and a table; no scripts, no styles). */
  html: string;
}

/** `POST /api/consent/{candidateCode}/otp` -> `data` */
export interface ConsentOtpSent {
  /** The guardian's number as the candidate search shows numbers: `******1234`. */
  maskedPhoneNumber: string;
  /** When the code stops working (ISO). */
  expiresAt: string;
  /** Seconds before another code may be asked for. */
  resendAfterSeconds: number;
}

/** `POST /api/consent/{candidateCode}/confirm` body */
export interface ConsentConfirmation {
  otp: string;
  noticeVersion: string;
  lang: ConsentNoticeLanguage;
  /** The guardian declares being the candidate's parent or lawful guardian, and an adult. */
  declaration: true;
}

/** `POST /api/consent/{candidateCode}/confirm` -> `data` */
export interface ConsentGiven {
  candidateCode: string;
  status: 'given';
  givenAt: string;
  noticeVersion: string;
}

export const CONSENT_MESSAGES = {
  language: 'lang must be en, mr or hi',
  otpFormat: 'Please enter the 6-digit code from the SMS.',
  noticeVersionRequired: 'noticeVersion is required',
  declaration: 'Please confirm that you are the parent or lawful guardian of the candidate and at least 18 years old.',
  otpSent: 'A 6-digit code was sent by SMS to the parent or guardian.',
  wrongOtp: 'The code is not correct.',
  noTriesLeft: 'No tries are left for this code. Please ask for a new code.',
  expired: 'The code has expired. Please ask for a new code.',
  noCode: 'No code is waiting for this candidate. Please ask for a code first.',
  resendTooSoon: 'A code was sent a moment ago.',
  tooManySends: 'Five codes were sent to this number today, the most allowed in a day.',
  noticeOutdated: 'The notice has changed since you opened it. Please read the current notice and confirm again.',
  alreadyGiven: 'Parental consent has already been given for this candidate.',
  notSent: 'The code could not be sent. Please try again in a moment.',
  given: 'Thank you. Parental consent is recorded.',
  /** The documents wait for consent (single release: 409; a bulk release skips the candidate). */
  pending: 'Parental consent is pending.',
} as const;

/** `The code is not correct. 3 tries left.` */
export function wrongOtpMessage(triesLeft: number): string {
  if (triesLeft <= 0) return `${CONSENT_MESSAGES.wrongOtp} ${CONSENT_MESSAGES.noTriesLeft}`;
  return `${CONSENT_MESSAGES.wrongOtp} ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`;
}

/** `A code was sent a moment ago. Please wait 25 seconds before asking for another one.` */
export function resendTooSoonMessage(seconds: number): string {
  return `${CONSENT_MESSAGES.resendTooSoon} Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before asking for another one.`;
}

/** `Five codes were sent ... Please try again after midnight (India time), on 28 November 2026.` */
export function tooManySendsMessage(retryAt: Date): string {
  const day = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'long', year: 'numeric' }).format(retryAt);
  return `${CONSENT_MESSAGES.tooManySends} Please try again after midnight (India time), on ${day}.`;
}

export const CONSENT_API_PATHS = {
  notice: '/api/consent/notice',
  sendOtp: (candidateCode: string) => `/api/consent/${segment(candidateCode)}/otp`,
  confirm: (candidateCode: string) => `/api/consent/${segment(candidateCode)}/confirm`,
} as const;

export { CONSENT_PAGE_PREFIX, consentPagePath } from './consent-page.path';
