import { InternalCallError, InternalHttpClient } from '@kbe/server-auth';
import { candidateLanguageOf, REGISTRATION_SMS_PATHS, smsCandidateContactResponseSchema, smsRecipientsResponseSchema, type SmsRecipientGroup } from '@kbe/contracts';
import type { CandidateContact, DirectoryRecipient, RecipientDirectory } from './recipient-directory';

/** registration-service's internal API (`x-internal-token`), replies checked against the contract. Failures throw: the event is retried. */
export class RegistrationRecipientDirectory implements RecipientDirectory {
  private readonly registration: InternalHttpClient;

  constructor(baseUrl: string, internalToken: string, timeoutMs = 10_000) {
    this.registration = new InternalHttpClient({ baseUrl, internalToken, timeoutMs });
  }

  async page(group: SmsRecipientGroup, after: string | null, limit: number): Promise<{ items: DirectoryRecipient[]; next: string | null }> {
    const query = new URLSearchParams({ group, limit: String(limit) });
    if (after) query.set('after', after);
    return (await this.registration.get(`${REGISTRATION_SMS_PATHS.recipients}?${query}`, smsRecipientsResponseSchema)).data;
  }

  async contactOf(candidateCode: string): Promise<CandidateContact | null> {
    let candidate;
    try {
      candidate = (await this.registration.get(REGISTRATION_SMS_PATHS.candidate(candidateCode), smsCandidateContactResponseSchema)).data;
    } catch (error) {
      if (error instanceof InternalCallError && error.status === 404) return null;
      throw error;
    }
    const guardianPhoneNumber = candidate.guardianDetails?.phoneNumber;
    return {
      phoneNumber: candidate.contactDetails?.phoneNumber ?? '',
      language: candidateLanguageOf(candidate.language),
      ...(guardianPhoneNumber ? { guardianPhoneNumber } : {}),
    };
  }
}
