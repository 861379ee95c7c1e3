import type { ConsentMethod, ConsentNoticeLanguage, ConsentStatus } from '@kbe/contracts';

/**
 * A guardian's consent to the processing of a candidate's data (DPDP Act 2023, section 9), kept
 * on the candidate. What shows that it was given: when, after which notice (version and language),
 * how, to which number the code went (a keyed hash, never the number), from which address. Never
 * the code. A withdrawal is recorded beside it, keeping these facts (they are null when the
 * guardian withdrew before ever consenting).
 */
export interface ConsentRecord {
  status: Exclude<ConsentStatus, 'pending'>;
  givenAt: Date | null;
  noticeVersion: string | null;
  lang: ConsentNoticeLanguage | null;
  method: ConsentMethod | null;
  /** Keyed hash of the guardian's number that received the code (null for test data). */
  phoneHash: string | null;
  /** The client address the consent was given from (null for test data). */
  clientAddress: string | null;
  /** The withdrawal, proved by a code to the guardian's number like the consent. */
  withdrawal?: ConsentWithdrawalRecord | null;
}

export interface ConsentWithdrawalRecord {
  withdrawnAt: Date;
  /** `guardian` (with a withdrawal code), or the admin who carried out the guardian's erasure request. */
  by: string;
  /** Keyed hash of the number the withdrawal code went to; null when an admin carried it out. */
  phoneHash: string | null;
  clientAddress: string | null;
}

/** A candidate without a record is pending, as were all candidates registered before consent existed. */
export function consentStatusOf(candidate: { consentStatus?: ConsentRecord['status'] | null }): ConsentStatus {
  return candidate.consentStatus ?? 'pending';
}

/** The record after a withdrawal: what was given stays as evidence. */
export function withdrawnConsent(previous: ConsentRecord | null | undefined, withdrawal: ConsentWithdrawalRecord): ConsentRecord {
  return {
    status: 'withdrawn',
    givenAt: previous?.givenAt ?? null,
    noticeVersion: previous?.noticeVersion ?? null,
    lang: previous?.lang ?? null,
    method: previous?.method ?? null,
    phoneHash: previous?.phoneHash ?? null,
    clientAddress: previous?.clientAddress ?? null,
    withdrawal,
  };
}
