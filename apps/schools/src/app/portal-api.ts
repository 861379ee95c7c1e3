import { createContext, useContext } from 'react';
import { createHttpClient, HttpError, InvalidResponseError, type HttpClient } from '@kbe/api-client';
import {
  PORTAL_PATHS,
  type PortalCandidateList,
  type PortalMentorRow,
  type PortalOtpSent,
  type PortalSession,
} from '@kbe/contracts/zod-free';

import { candidateQuery, type PortalFilters } from './portal-query';
import { createPortalSessionStore, type PortalSessionStore } from './portal-session.store';

/** What the portal needs from the server (libs/contracts portal.contract.ts). */
export interface PortalApi {
  /** The signed-in school or mentor (sessionStorage). */
  readonly session: PortalSessionStore;
  /** `POST /api/portal/otp`: sends a one-time code to the code's registered mobile. */
  sendCode(code: string): Promise<PortalOtpSent>;
  /** `POST /api/portal/login`: the code and its OTP; the session is kept. */
  signIn(code: string, otp: string): Promise<PortalSession>;
  /** `POST /api/portal/logout`; the session is forgotten here whatever the server answers. */
  signOut(): Promise<void>;
  /** `GET /api/portal/candidates`: one page of the pupils matching the filters, and the counts. */
  candidates(filters: PortalFilters, page: number): Promise<PortalCandidateList>;
  /** `GET /api/portal/mentors` (a school only). */
  mentors(): Promise<PortalMentorRow[]>;
  /** `GET /api/portal/candidates/export.csv`: every pupil matching the filters. */
  exportCsv(filters: PortalFilters): Promise<Blob>;
  /** `GET /api/portal/imports/template.csv`: the bulk-registration columns. */
  importTemplate(): Promise<Blob>;
  /** The session's client for the lazily loaded screens (portal-work-api.ts): the bearer token; a 401 ends the session. */
  readonly client: HttpClient;
}

export interface PortalApiOptions {
  fetch?: typeof fetch;
  session?: PortalSessionStore;
}

const dataOf = <T>(answer: { data?: T } | null | undefined, what: string): T => {
  if (!answer || answer.data === undefined) throw new InvalidResponseError(`The server sent no ${what}`);
  return answer.data;
};

/**
 * A CSV as a file. The client reads text/csv as text (decoded as UTF-8); the byte order mark in
 * front lets spreadsheet programs read names in Devanagari as UTF-8 too.
 */
const csvFile = (text: unknown): Blob => {
  if (typeof text !== 'string') throw new InvalidResponseError('The server did not send a CSV file');
  return new Blob([text.startsWith('\uFEFF') ? text : `\uFEFF${text}`], { type: 'text/csv;charset=utf-8' });
};

const CSV = { headers: { Accept: 'text/csv' } };

export function createPortalApi({ fetch, session = createPortalSessionStore() }: PortalApiOptions = {}): PortalApi {
  const client: HttpClient = createHttpClient({ fetch, getAuthToken: () => session.read()?.token });

  /** A call with the session's token: a 401 means the session has ended (expired or signed out elsewhere). */
  const signedIn = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof HttpError && error.status === 401) session.end('sessionExpired');
      throw error;
    }
  };

  return {
    session,
    client: {
      request: (path, options) => signedIn(() => client.request(path, options)),
      get: (path, options) => signedIn(() => client.get(path, options)),
      post: (path, body, options) => signedIn(() => client.post(path, body, options)),
      patch: (path, body, options) => signedIn(() => client.patch(path, body, options)),
    },
    async sendCode(code) {
      return dataOf(await client.post<{ data?: PortalOtpSent }>(PORTAL_PATHS.otp, { code }), 'answer');
    },
    async signIn(code, otp) {
      const signed = dataOf(await client.post<{ data?: PortalSession }>(PORTAL_PATHS.login, { code, otp }), 'session');
      session.save(signed);
      return signed;
    },
    async signOut() {
      try {
        if (session.read()) await client.post<unknown>(PORTAL_PATHS.logout);
      } catch {
        // Signing out here never fails: the token is forgotten below and ends by itself.
      } finally {
        session.end();
      }
    },
    candidates(filters, page) {
      return signedIn(async () =>
        dataOf(await client.get<{ data?: PortalCandidateList }>(PORTAL_PATHS.candidates, { query: candidateQuery(filters, page) }), 'pupils'),
      );
    },
    mentors() {
      return signedIn(async () => dataOf(await client.get<{ data?: { mentors: PortalMentorRow[] } }>(PORTAL_PATHS.mentors), 'mentors').mentors);
    },
    exportCsv(filters) {
      return signedIn(async () => csvFile(await client.get<unknown>(PORTAL_PATHS.candidatesExport, { ...CSV, query: candidateQuery(filters) })));
    },
    importTemplate() {
      return signedIn(async () => csvFile(await client.get<unknown>(PORTAL_PATHS.importTemplate, CSV)));
    },
  };
}

export const PortalApiContext = createContext<PortalApi | null>(null);

let defaultApi: PortalApi | undefined;

export function usePortalApi(): PortalApi {
  const provided = useContext(PortalApiContext);
  return provided ?? (defaultApi ??= createPortalApi());
}
