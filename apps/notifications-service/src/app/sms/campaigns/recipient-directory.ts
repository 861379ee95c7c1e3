import type { SmsRecipientGroup } from '@kbe/contracts';

export interface DirectoryRecipient {
  candidateCode: string;
  phoneNumber: string;
}

/** Candidates' mobile numbers, from the service that owns them (registration-service). */
export interface RecipientDirectory {
  /** One cursor page of a group: pass `next` as `after` for the following page; null after the last. */
  page(group: SmsRecipientGroup, after: string | null, limit: number): Promise<{ items: DirectoryRecipient[]; next: string | null }>;
  /** One candidate's mobile number, or null when there is no such candidate. */
  phoneOf(candidateCode: string): Promise<string | null>;
}

export const RECIPIENT_DIRECTORY = Symbol('RECIPIENT_DIRECTORY');
