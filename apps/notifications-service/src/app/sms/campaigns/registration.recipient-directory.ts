import { INTERNAL_TOKEN_HEADER } from '@kbe/server-auth';
import { candidateLanguageOf, type SmsRecipientGroup } from '@kbe/contracts';
import type { CandidateContact, DirectoryRecipient, RecipientDirectory } from './recipient-directory';

/** registration-service's internal API (`x-internal-token`). Failures throw: the event is retried. */
export class RegistrationRecipientDirectory implements RecipientDirectory {
  constructor(
    private readonly baseUrl: string,
    private readonly internalToken: string,
    private readonly timeoutMs = 10_000,
  ) {}

  async page(group: SmsRecipientGroup, after: string | null, limit: number): Promise<{ items: DirectoryRecipient[]; next: string | null }> {
    const query = new URLSearchParams({ group, limit: String(limit) });
    if (after) query.set('after', after);
    const body = await this.get<{ data: { items: DirectoryRecipient[]; next: string | null } }>(`/internal/candidates/sms-recipients?${query}`);
    return body.data;
  }

  async contactOf(candidateCode: string): Promise<CandidateContact | null> {
    const body = await this.get<{ data: { contactDetails?: { phoneNumber?: string }; guardianDetails?: { phoneNumber?: string } | null; language?: unknown } } | null>(
      `/internal/candidates/${encodeURIComponent(candidateCode)}`,
      true,
    );
    if (!body) return null;
    const guardianPhoneNumber = body.data.guardianDetails?.phoneNumber;
    return {
      phoneNumber: body.data.contactDetails?.phoneNumber ?? '',
      language: candidateLanguageOf(body.data.language),
      ...(guardianPhoneNumber ? { guardianPhoneNumber } : {}),
    };
  }

  private async get<T>(path: string, nullOn404 = false): Promise<T> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      headers: { [INTERNAL_TOKEN_HEADER]: this.internalToken, accept: 'application/json' },
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (nullOn404 && response.status === 404) return null as T;
    if (!response.ok) throw new Error(`registration-service answered ${response.status} to GET ${path.split('?')[0]}`);
    return (await response.json()) as T;
  }
}
