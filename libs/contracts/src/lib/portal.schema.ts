import { z } from 'zod';
import { CANDIDATE_SORTS, candidateFilterFields, listPageQuery } from './admin-api.schema';
import { PORTAL_IMPORT_MESSAGES, PORTAL_MESSAGES } from './portal.contract';
import { MENTOR_CODE_PATTERN, SCHOOL_CODE_PATTERN } from './registration-code.util';

/** A school code or a mentor code (SCHOOL_CODE_PATTERN or MENTOR_CODE_PATTERN). */
export const PORTAL_CODE_PATTERN = new RegExp(`^(?:${SCHOOL_CODE_PATTERN.source.slice(1, -1)}|${MENTOR_CODE_PATTERN.source.slice(1, -1)})$`);

/** A school or mentor code as typed: any case, spaces around trimmed. */
const portalCode = z
  .string({ error: (issue) => (issue.input === undefined ? PORTAL_MESSAGES.codeRequired : PORTAL_MESSAGES.codeFormat) })
  .trim()
  .toUpperCase()
  .min(1, { error: PORTAL_MESSAGES.codeRequired, abort: true })
  // a pattern, not a refinement: the OpenAPI document (and the API fuzzer) can say it
  .regex(PORTAL_CODE_PATTERN, { error: PORTAL_MESSAGES.codeFormat });

/** `POST /api/portal/otp` */
export const portalOtpRequestSchema = z.strictObject({ code: portalCode });
export type PortalOtpRequestParsed = z.output<typeof portalOtpRequestSchema>;

/** `POST /api/portal/login` */
export const portalLoginRequestSchema = z.strictObject({
  code: portalCode,
  otp: z
    .string({ error: (issue) => (issue.input === undefined ? PORTAL_MESSAGES.otpRequired : PORTAL_MESSAGES.otpFormat) })
    .trim()
    .min(1, { error: PORTAL_MESSAGES.otpRequired, abort: true })
    .regex(/^\d{6}$/, { error: PORTAL_MESSAGES.otpFormat }),
});
export type PortalLoginRequestParsed = z.output<typeof portalLoginRequestSchema>;

/**
 * `GET /api/portal/candidates` and `.../export.csv`: the admin list's filters, sort and paging, and
 * for a school one of its mentors (`mentorCode`). The scope (the school or mentor signed in) is the
 * session's, never the query's.
 */
export const portalCandidateQuerySchema = z.strictObject(
  {
    ...candidateFilterFields,
    mentorCode: z
      .string({ error: 'mentorCode must look like MEN-4HT9PA' })
      .trim()
      .toUpperCase()
      .regex(MENTOR_CODE_PATTERN, { error: 'mentorCode must look like MEN-4HT9PA' })
      .optional(),
    sort: z.enum(CANDIDATE_SORTS, { error: 'sort must be newest, oldest, name or candidateId' }).optional(),
    ...listPageQuery,
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown query parameter: ${issue.keys.join(', ')}` : undefined) },
);
export type PortalCandidateQuery = z.input<typeof portalCandidateQuerySchema>;
export type PortalCandidateQueryParsed = z.output<typeof portalCandidateQuerySchema>;

/**
 * `POST /api/portal/imports`: the multipart form's one text field (the files `file` and `photos`
 * travel beside it). `dryRun=true` checks every row and stores nothing; `false` registers.
 */
export const portalImportRequestSchema = z.strictObject(
  {
    dryRun: z
      .enum(['true', 'false'], { error: PORTAL_IMPORT_MESSAGES.dryRun })
      .transform((value) => value === 'true')
      .meta({ description: 'true: check every row and store nothing (the report per row and field); false: register the valid rows.' }),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown form field: ${issue.keys.join(', ')}` : undefined) },
);
export type PortalImportRequestParsed = z.output<typeof portalImportRequestSchema>;

/** `GET /api/portal/imports?page&limit`: the caller's jobs, newest first. */
export const portalImportListQuerySchema = z.strictObject(
  { ...listPageQuery },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown query parameter: ${issue.keys.join(', ')}` : undefined) },
);
export type PortalImportListQueryParsed = z.output<typeof portalImportListQuerySchema>;

/** A job's id as the API issues it (a UUID); anything else is answered as an unknown job. */
export const PORTAL_IMPORT_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
