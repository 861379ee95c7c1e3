import { CANDIDATE_CODE_PATTERN, DOCUMENT_KINDS, type DocumentKind } from '@kbe/contracts';
import { z } from 'zod';

/** A candidate code in a path: trimmed, upper-cased, KBE + 6 digits + 3 characters. */
export const candidateCodeParam = z
  .string()
  .trim()
  .toUpperCase()
  .regex(CANDIDATE_CODE_PATTERN, { error: 'Candidate code must look like KBE123456ABC' });

export const documentKindParam = z.enum(DOCUMENT_KINDS as [DocumentKind, ...DocumentKind[]], {
  error: 'Document must be hall-ticket or certificate',
});
