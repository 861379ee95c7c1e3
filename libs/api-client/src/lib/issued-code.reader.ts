import { InvalidResponseError } from './api-errors';
import type { RegistrationKind } from './registration-error.mapper';

const KEYS: Record<RegistrationKind, readonly string[]> = {
  school: ['schoolCode', 'code'],
  mentor: ['mentorCode', 'code'],
  candidate: ['candidateCode', 'candidateId'],
};

const pick = (source: unknown, keys: readonly string[]): string | undefined => {
  if (typeof source !== 'object' || source === null) return undefined;
  for (const key of keys) {
    const value = (source as Record<string, unknown>)[key];
    if (typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return undefined;
};

/**
 * Spec section 7: the issued code is at the top level, under `data`, or (schools and mentors)
 * as `code`; a candidate's is `candidateCode` or `candidateId`. An answer without a code is not
 * a success: this throws rather than inventing one.
 */
export function readIssuedCode(kind: RegistrationKind, body: unknown): string {
  const keys = KEYS[kind];
  const code = pick(body, keys) ?? pick((body as { data?: unknown } | null)?.data, keys);
  if (!code) throw new InvalidResponseError(`The server did not return a ${kind} code`);
  return code;
}
