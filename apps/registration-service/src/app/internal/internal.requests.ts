import { CANDIDATE_CODE_PATTERN, CANDIDATE_SORTS, MENTOR_CODE_PATTERN, SMS_RECIPIENT_GROUPS, candidateFilterFields, candidateLevelFilter, listPageQuery } from '@kbe/contracts';
import type { CandidateListQuery } from '../candidates/candidate.repository';
import { z } from 'zod';

/** A candidate code in a path: trimmed, upper-cased, KBE + 6 digits + 3 characters. */
export const candidateCodeParam = z
  .string()
  .trim()
  .toUpperCase()
  .regex(CANDIDATE_CODE_PATTERN, { error: 'Candidate code must look like KBE123456ABC' });

export const fileKindParam = z.enum(['photo', 'signature'], { error: 'file must be photo or signature' });

export const feesBody = z.strictObject({
  feesPaid: z.boolean({ error: 'feesPaid must be true or false' }),
  receiptNumber: z.string().trim().max(50).nullable().optional(),
});

const releasedBy = z.string().trim().min(1).max(64).optional();
export const hallTicketReleaseBody = z.strictObject({
  hallTicketReleased: z.boolean({ error: 'hallTicketReleased must be true or false' }),
  releasedBy,
});
export const certificateReleaseBody = z.strictObject({
  certificateReleased: z.boolean({ error: 'certificateReleased must be true or false' }),
  releasedBy,
});

/** `POST /internal/candidates/release`: one batch of a bulk release job. */
export const releaseBatchBody = z.strictObject({
  kind: z.enum(['hall-ticket', 'certificate'], { error: 'kind must be hall-ticket or certificate' }),
  candidateCodes: z.array(candidateCodeParam).min(1).max(500),
  releasedBy: z.string().trim().min(1).max(64),
});
export type ReleaseBatchRequest = z.output<typeof releaseBatchBody>;

/** Largest cursor page (`cursor=true`): exports and bulk jobs read the directory, then one `_id $in`. */
export const CANDIDATE_CURSOR_PAGE_MAX = 1000;

/**
 * `GET /internal/candidates?...`: the admin list filters (and `level`), `sort`, `deleted=true`, and either
 * `page`/`limit` or a cursor (`after=<candidate code>`, code order; answers `nextCursor`).
 */
export const internalCandidateQuerySchema = z.strictObject(
  {
    ...candidateFilterFields,
    level: candidateLevelFilter,
    mentorCode: z.string().trim().toUpperCase().regex(MENTOR_CODE_PATTERN, { error: 'Mentor code must look like MEN-XXXXXX' }).optional(),
    sort: z.enum(CANDIDATE_SORTS).optional(),
    deleted: z.enum(['true', 'false']).optional(),
    codes: z
      .string()
      .optional()
      .transform((value) => (value ? value.split(',').map((code) => code.trim().toUpperCase()).filter(Boolean) : undefined)),
    after: z.string().trim().max(20).optional(),
    cursor: z.enum(['true']).optional(),
    ...listPageQuery,
    // Cursor pages of bulk jobs and exports may be larger than a screen page.
    limit: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
      z
        .number({ error: `limit must be a whole number between 1 and ${CANDIDATE_CURSOR_PAGE_MAX}` })
        .int()
        .min(1)
        .max(CANDIDATE_CURSOR_PAGE_MAX, { error: `limit must be a whole number between 1 and ${CANDIDATE_CURSOR_PAGE_MAX}` })
        .optional(),
    ),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown query parameter: ${issue.keys.join(', ')}` : undefined) },
);
export type InternalCandidateQuery = z.output<typeof internalCandidateQuerySchema>;

const flagOf = (value: string | undefined) => (value === 'released' ? true : value === 'not-released' ? false : undefined);
export function internalCandidateFilter(query: InternalCandidateQuery): CandidateListQuery {
  return {
    search: query.search,
    mentorCode: query.mentorCode,
    feesPaid: query.filter === 'paid' ? true : query.filter === 'unpaid' ? false : undefined,
    hallTicketReleased: flagOf(query.released),
    certificateReleased: flagOf(query.certificate),
    category: query.category,
    level: query.level,
    consent: query.consent,
    candidateCodes: query.codes,
    deleted: query.deleted === 'true',
    sort: query.sort,
  };
}

/** `PATCH /internal/candidates/{code}/exam-assignment` (contracts' schema). */
export { examAssignmentSchema as examAssignmentBody } from '@kbe/contracts';

/** `PATCH /internal/mentors/{code}/status` */
export const mentorStatusBody = z.strictObject({ isActive: z.boolean({ error: 'isActive must be true or false' }) });

export const SMS_RECIPIENTS_MAX_PAGE = 1000;

/** `?group=&after=&limit=` of the SMS recipients cursor. */
export const smsRecipientsQuery = z.strictObject({
  group: z.enum(SMS_RECIPIENT_GROUPS, { error: `group must be one of ${SMS_RECIPIENT_GROUPS.join(', ')}` }),
  after: candidateCodeParam.optional(),
  limit: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: `limit must be a whole number between 1 and ${SMS_RECIPIENTS_MAX_PAGE}` })
      .int({ error: `limit must be a whole number between 1 and ${SMS_RECIPIENTS_MAX_PAGE}` })
      .min(1, { error: `limit must be a whole number between 1 and ${SMS_RECIPIENTS_MAX_PAGE}` })
      .max(SMS_RECIPIENTS_MAX_PAGE, { error: `limit must be a whole number between 1 and ${SMS_RECIPIENTS_MAX_PAGE}` })
      .default(500),
  ),
});
export type SmsRecipientsQuery = z.output<typeof smsRecipientsQuery>;
