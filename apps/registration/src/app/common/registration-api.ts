import { createContext, useContext } from 'react';
import { createHttpClient, readIssuedCode, type HttpClient } from '@kbe/api-client';
import type { CandidateRegistration, MentorRegistration, SchoolLookupItem, SchoolRegistration } from '@kbe/contracts';
import { API_PATHS, IDEMPOTENCY_KEY_HEADER, toBracketedFields, type BracketableObject } from '@kbe/contracts/zod-free';
import { shrinkImageForUpload } from './shrink-image';

/** What the registration page needs from the server (spec section 7). */
export interface RegistrationApi {
  registerSchool(school: SchoolRegistration, idempotencyKey: string): Promise<string>;
  registerMentor(mentor: MentorRegistration, idempotencyKey: string): Promise<string>;
  registerCandidate(
    candidate: CandidateRegistration,
    files: { photo: File; signature: File },
    idempotencyKey: string,
  ): Promise<string>;
  /** The public school lookup: null when no school has that code. */
  lookupSchool(code: string, signal?: AbortSignal): Promise<SchoolLookupItem | null>;
}

const withKey = (key: string) => ({ headers: { [IDEMPOTENCY_KEY_HEADER]: key } });

/** The candidate request: bracketed field names plus the `photo` and `signature` files. */
export function buildCandidateFormData(
  candidate: CandidateRegistration,
  files: { photo: File; signature: File },
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(toBracketedFields(candidate as unknown as BracketableObject))) {
    form.append(name, value);
  }
  form.append('photo', files.photo, files.photo.name);
  form.append('signature', files.signature, files.signature.name);
  return form;
}

/**
 * @param prepareImage what each chosen file becomes before upload (shrunk on the phone to the
 *   stored size; the file as chosen where the browser cannot)
 */
export function createRegistrationApi(
  client: HttpClient = createHttpClient(),
  prepareImage: (file: File) => Promise<File> = shrinkImageForUpload,
): RegistrationApi {
  return {
    async registerSchool(school, key) {
      return readIssuedCode('school', await client.post(API_PATHS.schoolsRegister, school, withKey(key)));
    },
    async registerMentor(mentor, key) {
      return readIssuedCode('mentor', await client.post(API_PATHS.mentorsRegister, mentor, withKey(key)));
    },
    async registerCandidate(candidate, files, key) {
      const [photo, signature] = await Promise.all([prepareImage(files.photo), prepareImage(files.signature)]);
      const body = buildCandidateFormData(candidate, { photo, signature });
      return readIssuedCode('candidate', await client.post(API_PATHS.candidatesRegister, body, withKey(key)));
    },
    async lookupSchool(code, signal) {
      const answer = await client.get<{ data?: SchoolLookupItem[] }>(API_PATHS.schools, { query: { code }, signal });
      const match = answer?.data?.find((school) => school.code === code);
      return match ?? null;
    },
  };
}

export const RegistrationApiContext = createContext<RegistrationApi | null>(null);

let defaultApi: RegistrationApi | null = null;

/** The API of the nearest provider, else one same-origin client for the whole page. */
export function useRegistrationApi(): RegistrationApi {
  const provided = useContext(RegistrationApiContext);
  if (provided) return provided;
  defaultApi ??= createRegistrationApi();
  return defaultApi;
}
