import { createHttpClient, type HttpClient } from '@kbe/api-client';
import {
  CONSENT_API_PATHS,
  type ConsentConfirmation,
  type ConsentGiven,
  type ConsentNotice,
  type ConsentNoticeLanguage,
  type ConsentOtpSent,
} from '@kbe/contracts/zod-free';

/** What the parental-consent page asks registration-service (through the edge). */
export interface ConsentApi {
  notice(lang: ConsentNoticeLanguage): Promise<ConsentNotice>;
  sendOtp(candidateCode: string): Promise<ConsentOtpSent>;
  confirm(candidateCode: string, confirmation: ConsentConfirmation): Promise<ConsentGiven>;
}

export function createConsentApi(client: HttpClient = createHttpClient()): ConsentApi {
  return {
    notice: (lang) => client.get<ConsentNotice>(CONSENT_API_PATHS.notice, { query: { lang } }),
    sendOtp: async (candidateCode) => (await client.post<{ data: ConsentOtpSent }>(CONSENT_API_PATHS.sendOtp(candidateCode))).data,
    confirm: async (candidateCode, confirmation) => (await client.post<{ data: ConsentGiven }>(CONSENT_API_PATHS.confirm(candidateCode), confirmation)).data,
  };
}
