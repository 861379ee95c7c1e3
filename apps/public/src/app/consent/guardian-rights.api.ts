import { createHttpClient, extractErrorMessage, HttpError, NetworkError, readResponseBody } from '@kbe/api-client';
import {
  API_PATHS,
  CONSENT_API_PATHS,
  DATA_RIGHTS_API_PATHS,
  type ConsentOtpSent,
  type ConsentStatus,
  type ConsentWithdrawn,
  type DataRequestInput,
  type DataRequestView,
  type GuardianOtpAction,
  type GuardianSession,
} from '@kbe/contracts/zod-free';
import type { CandidateSearchResult } from '@kbe/contracts';

/** The export's two forms: the JSON of everything held, and its readable PDF. */
export type DataExportFormat = 'json' | 'pdf';

/** A file the browser saves: the bytes as the server sent them, and their name. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string;
}

/** An answer whose message the page shows as the server wrote it. */
export interface Answered<T> {
  message: string;
  data: T;
}

/** What the guardian's rights ask registration-service (through the edge); `token` is the session's. */
export interface GuardianRightsApi {
  /** The consent status the public search answers (`withdrawn` once the data is erased). */
  consentStatus(candidateCode: string): Promise<ConsentStatus>;
  sendOtp(candidateCode: string, action: Exclude<GuardianOtpAction, 'consent'>): Promise<ConsentOtpSent>;
  withdraw(candidateCode: string, otp: string): Promise<Answered<ConsentWithdrawn>>;
  startSession(candidateCode: string, otp: string): Promise<GuardianSession>;
  download(candidateCode: string, format: DataExportFormat, token: string): Promise<DownloadedFile>;
  requests(candidateCode: string, token: string): Promise<DataRequestView[]>;
  request(candidateCode: string, input: DataRequestInput, token: string): Promise<Answered<DataRequestView>>;
}

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** The name in `Content-Disposition: attachment; filename="KBE123456ABC_data.json"`, if there is one. */
export function fileNameOfDisposition(disposition: string | null): string | undefined {
  const name = /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1]?.trim();
  // a name only, never a path
  return name && !/[\\/]/.test(name) ? name : undefined;
}

export function createGuardianRightsApi(options: { fetch?: typeof fetch } = {}): GuardianRightsApi {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => globalThis.fetch(input, init));
  const client = createHttpClient({ fetch: doFetch });

  /**
   * The export is a file download that needs the bearer token (a plain link cannot carry it):
   * fetched here, its bytes kept as they came, its name from Content-Disposition.
   */
  async function downloadFile(path: string, token: string, fallbackName: string): Promise<DownloadedFile> {
    let response: Response;
    try {
      response = await doFetch(path, { method: 'GET', headers: { Accept: 'application/json, application/pdf', ...bearer(token) } });
    } catch (error) {
      if (typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError') throw error;
      throw new NetworkError(undefined, { cause: error });
    }
    if (!response.ok) {
      const body = await readResponseBody(response).catch(() => null);
      throw new HttpError(response.status, extractErrorMessage(body, response.status), body);
    }
    return { blob: await response.blob(), fileName: fileNameOfDisposition(response.headers.get('content-disposition')) ?? fallbackName };
  }

  return {
    async consentStatus(candidateCode) {
      const answer = await client.get<{ data?: CandidateSearchResult }>(API_PATHS.candidateSearch(candidateCode));
      return answer?.data?.consentStatus ?? 'pending';
    },
    sendOtp: async (candidateCode, action) => (await client.post<{ data: ConsentOtpSent }>(CONSENT_API_PATHS.sendOtp(candidateCode), { action })).data,
    async withdraw(candidateCode, otp) {
      const answer = await client.post<{ message: string; data: ConsentWithdrawn }>(DATA_RIGHTS_API_PATHS.withdraw(candidateCode), { otp });
      return { message: answer.message, data: answer.data };
    },
    startSession: async (candidateCode, otp) => (await client.post<{ data: GuardianSession }>(DATA_RIGHTS_API_PATHS.session(candidateCode), { otp })).data,
    download(candidateCode, format, token) {
      const fallbackName = `${candidateCode.replace(/[^A-Za-z0-9]/g, '')}_data.${format}`;
      const path = format === 'pdf' ? DATA_RIGHTS_API_PATHS.dataPdf(candidateCode) : DATA_RIGHTS_API_PATHS.data(candidateCode);
      return downloadFile(path, token, fallbackName);
    },
    requests: async (candidateCode, token) =>
      (await client.get<{ data: DataRequestView[] }>(DATA_RIGHTS_API_PATHS.requests(candidateCode), { headers: bearer(token) })).data,
    async request(candidateCode, input, token) {
      const answer = await client.post<{ message: string; data: DataRequestView }>(DATA_RIGHTS_API_PATHS.requests(candidateCode), input, { headers: bearer(token) });
      return { message: answer.message, data: answer.data };
    },
  };
}
