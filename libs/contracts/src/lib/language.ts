import { CONSENT_NOTICE_LANGUAGE_NAMES, CONSENT_NOTICE_LANGUAGES, type ConsentNoticeLanguage } from './consent.contract';

/**
 * The language of what is sent to a candidate and their parent (SMS, hall ticket, certificate):
 * English, Marathi or Hindi, the languages of the consent notice. Chosen at registration,
 * changeable by an admin. No zod here: `@kbe/contracts/zod-free` exports it.
 */
export const CANDIDATE_LANGUAGES = CONSENT_NOTICE_LANGUAGES;
export type CandidateLanguage = ConsentNoticeLanguage;

/** Each language named in itself (English, मराठी, हिन्दी). */
export const CANDIDATE_LANGUAGE_NAMES: Readonly<Record<CandidateLanguage, string>> = CONSENT_NOTICE_LANGUAGE_NAMES;

/** The language of a registration that names none, and of candidates registered before languages existed. */
export const DEFAULT_CANDIDATE_LANGUAGE: CandidateLanguage = 'en';

export function isCandidateLanguage(value: unknown): value is CandidateLanguage {
  return typeof value === 'string' && (CANDIDATE_LANGUAGES as readonly string[]).includes(value);
}

/** A stored or transported language as one of the three: anything else (absent on older records) reads as English. */
export function candidateLanguageOf(value: unknown): CandidateLanguage {
  return isCandidateLanguage(value) ? value : DEFAULT_CANDIDATE_LANGUAGE;
}
