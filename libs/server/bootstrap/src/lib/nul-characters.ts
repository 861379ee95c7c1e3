import { RequestValidationError, type FieldError } from './error-response';

export const NUL_CHARACTER_MESSAGE = 'must not contain the NUL character (U+0000)';

/**
 * Every text of a request value that holds U+0000, by field path. No form field may hold one, and
 * PostgreSQL, under the local store, cannot keep one in a document: refused before anything is
 * stored (ADR 0004), the same on MongoDB.
 */
export function nulCharacterErrors(value: unknown, field = ''): FieldError[] {
  if (typeof value === 'string') return value.includes('\u0000') ? [{ field: field || 'body', message: NUL_CHARACTER_MESSAGE }] : [];
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) return [];
  return Object.entries(value).flatMap(([key, inner]) => [
    ...(key.includes('\u0000') ? [{ field: field || 'body', message: NUL_CHARACTER_MESSAGE }] : []),
    ...nulCharacterErrors(inner, field ? `${field}.${key}` : key),
  ]);
}

/** Throws the request's validation error when any text of `value` holds U+0000. */
export function refuseNulCharacters(value: unknown, field = ''): void {
  const errors = nulCharacterErrors(value, field);
  if (errors.length > 0) throw new RequestValidationError(errors);
}
