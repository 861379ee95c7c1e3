import { createContext, useContext } from 'react';
import { createHttpClient, type HttpClient } from '@kbe/api-client';
import type { CandidateSearchResult } from '@kbe/contracts';
import { API_PATHS, type DocumentKind, type DocumentVerification } from '@kbe/contracts/zod-free';

/** What the downloads page needs from the server (spec section 7). */
export interface DownloadsApi {
  /** `GET /api/candidates/search/{code}`: never carries the mother's name. */
  search(registrationNumber: string): Promise<CandidateSearchResult>;
  /** `POST /api/candidates/{code}/download/{kind}`: the server checks the name and answers the PDF. */
  download(candidateCode: string, kind: DocumentKind, motherName: string): Promise<Blob>;
  /** `GET /api/documents/verify/{token}`: the QR code's link. */
  verify(token: string): Promise<DocumentVerification>;
}

export function createDownloadsApi(client: HttpClient = createHttpClient()): DownloadsApi {
  return {
    async search(registrationNumber) {
      const answer = await client.get<{ data?: CandidateSearchResult }>(API_PATHS.candidateSearch(registrationNumber));
      if (!answer?.data) throw new Error('Failed to find candidate');
      return answer.data;
    },
    async download(candidateCode, kind, motherName) {
      const answer = await client.post<unknown>(API_PATHS.candidateDownload(candidateCode, kind), { motherName });
      if (!(answer instanceof Blob)) throw new Error('Failed to download document');
      return answer;
    },
    verify(token) {
      return client.get<DocumentVerification>(API_PATHS.documentVerify(token));
    },
  };
}

export const DownloadsApiContext = createContext<DownloadsApi | null>(null);

let defaultApi: DownloadsApi | undefined;

export function useDownloadsApi(): DownloadsApi {
  const provided = useContext(DownloadsApiContext);
  return provided ?? (defaultApi ??= createDownloadsApi());
}
