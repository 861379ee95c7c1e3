import type { CandidateLanguage, SmsRecipientGroup } from '@kbe/contracts';

export interface DirectoryRecipient {
  candidateCode: string;
  phoneNumber: string;
}

/** Candidates' mobile numbers, from the service that owns them (registration-service). */
export interface RecipientDirectory {
  /** One cursor page of a group: pass `next` as `after` for the following page; null after the last. */
  page(group: SmsRecipientGroup, after: string | null, limit: number): Promise<{ items: DirectoryRecipient[]; next: string | null }>;
  /** One candidate's mobile number (and the guardian's) and language, or null when there is no such candidate. */
  contactOf(candidateCode: string): Promise<CandidateContact | null>;
}

/** Where and in which language one candidate's SMS goes. */
export interface CandidateContact {
  /** Empty when the record has none. */
  phoneNumber: string;
  language: CandidateLanguage;
  /** The parent's or guardian's own mobile when the registration named one; else the contact number is theirs. */
  guardianPhoneNumber?: string;
}

export const RECIPIENT_DIRECTORY = Symbol('RECIPIENT_DIRECTORY');
