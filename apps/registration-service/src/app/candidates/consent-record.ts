import type { ConsentMethod, ConsentNoticeLanguage, ConsentStatus } from '@kbe/contracts';

/**
 * A guardian's consent to the processing of a candidate's data (DPDP Act 2023, section 9), kept
 * on the candidate. What shows that it was given: when, after which notice (version and language),
 * how, to which number the code went (a keyed hash, never the number), from which address. Never
 * the code. A withdrawal will be recorded beside it, keeping these facts.
 */
export interface ConsentRecord {
  status: Exclude<ConsentStatus, 'pending'>;
  givenAt: Date;
  noticeVersion: string;
  lang: ConsentNoticeLanguage;
  method: ConsentMethod;
  /** Keyed hash of the guardian's number that received the code (null for test data). */
  phoneHash: string | null;
  /** The client address the consent was given from (null for test data). */
  clientAddress: string | null;
}

/** A candidate without a record is pending, as were all candidates registered before consent existed. */
export function consentStatusOf(candidate: { consentStatus?: ConsentRecord['status'] | null }): ConsentStatus {
  return candidate.consentStatus ?? 'pending';
}
