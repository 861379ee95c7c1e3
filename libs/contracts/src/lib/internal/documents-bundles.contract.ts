/**
 * documents-service's bundles (internal API, `x-internal-token`, never routed by the edge): one PDF
 * of many candidates' hall tickets, in the order given, built as a job and stored under the
 * caller's key. registration-service's portal asks for a class's hall tickets this way
 * (docs/school-portal-jobs.md). Both sides parse with these schemas.
 */
import { z } from 'zod';
import { CANDIDATE_CODE_PATTERN } from '../registration-code.util';

export const DOCUMENT_BUNDLE_PATHS = {
  /** `POST` DocumentBundleRequest -> 202 `data: DocumentBundle` (the existing one when the key is known). */
  bundles: '/internal/documents/bundles',
  /** `GET` -> `data: DocumentBundle`; 404 for an unknown key. */
  bundle: (key: string) => `/internal/documents/bundles/${key}`,
  /** `GET` -> the PDF once completed; 409 before, 404 for an unknown key. */
  bundleFile: (key: string) => `/internal/documents/bundles/${key}/file`,
} as const;

/** Most candidates in one bundle (a class is up to about 500). */
export const DOCUMENT_BUNDLE_MAX_CANDIDATES = 2_000;

export const DOCUMENT_BUNDLE_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type DocumentBundleStatus = (typeof DOCUMENT_BUNDLE_STATUSES)[number];

/** The caller's key: a SHA-256 of what the bundle holds, hex. */
export const documentBundleKeySchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, { error: 'The bundle key is 64 lower-case hexadecimal characters (a SHA-256)' });

export const documentBundleRequestSchema = z.strictObject({
  key: documentBundleKeySchema,
  candidateCodes: z
    .array(z.string().regex(CANDIDATE_CODE_PATTERN, { error: 'Candidate codes look like KBE123456ABC' }))
    .min(1, { error: 'A bundle needs at least one candidate code' })
    .max(DOCUMENT_BUNDLE_MAX_CANDIDATES, { error: `A bundle holds at most ${DOCUMENT_BUNDLE_MAX_CANDIDATES} candidates` })
    .refine((codes) => new Set(codes).size === codes.length, { error: 'Each candidate code may appear once' }),
});
export type DocumentBundleRequest = z.infer<typeof documentBundleRequestSchema>;

export const documentBundleSchema = z.object({
  key: documentBundleKeySchema,
  status: z.enum(DOCUMENT_BUNDLE_STATUSES),
  /** Candidates asked for. */
  total: z.number().int().nonnegative(),
  /** Hall tickets in the PDF so far. */
  rendered: z.number().int().nonnegative(),
  /** Candidates left out: not (or no longer) released, or unknown, when the bundle was built. */
  skippedCodes: z.array(z.string()),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** The PDF's size in bytes once completed. */
  size: z.number().int().nonnegative().nullable(),
  error: z.string().nullable(),
});
export type DocumentBundle = z.infer<typeof documentBundleSchema>;

/** `{ success, data }` as every internal answer. */
export const documentBundleResponseSchema = z.object({ success: z.literal(true), data: documentBundleSchema });
