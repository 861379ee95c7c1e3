import { createContext, useContext } from 'react';
import { createHttpClient, type HttpClient } from '@kbe/api-client';
import type { CandidateResult, CandidateSearchResult, ExamLevel } from '@kbe/contracts';
import { API_PATHS, candidateResultApiPath, type CertificateKind, type DocumentKind, type DocumentVerification } from '@kbe/contracts/zod-free';

/** A certificate of a published result: its level and kind (each the server's default when left out). */
export interface CertificateChoice {
  level?: ExamLevel;
  kind?: CertificateKind;
}

/** What the downloads page needs from the server (spec section 7). */
export interface DownloadsApi {
  /** `GET /api/candidates/search/{code}`: never carries the mother's name. */
  search(registrationNumber: string): Promise<CandidateSearchResult>;
  /** `POST /api/candidates/{code}/download/{kind}`: the server checks the name and answers the PDF. */
  download(candidateCode: string, kind: DocumentKind, motherName: string, certificate?: CertificateChoice): Promise<Blob>;
  /** `POST /api/candidates/{code}/result`: through the same check; the level's result, or the latest published. */
  result(candidateCode: string, motherName: string, level?: ExamLevel): Promise<CandidateResult>;
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
    async download(candidateCode, kind, motherName, certificate = {}) {
      const answer = await client.post<unknown>(API_PATHS.candidateDownload(candidateCode, kind), { motherName, ...(kind === 'certificate' ? certificate : {}) });
      if (!(answer instanceof Blob)) throw new Error('Failed to download document');
      return answer;
    },
    async result(candidateCode, motherName, level) {
      const answer = await client.post<{ data?: CandidateResult }>(candidateResultApiPath(candidateCode), level ? { motherName, level } : { motherName });
      if (!answer?.data) throw new Error('Failed to load the result');
      return answer.data;
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
