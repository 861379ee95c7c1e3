import { listPageQuery, listSearchQuery, MENTOR_CODE_PATTERN } from '@kbe/contracts';
import { z } from 'zod';
import type { CandidateListQuery } from './candidate.repository';

export const REGISTRATION_NUMBER_REQUIRED = 'Please enter your candidate registration number';
export const REGISTRATION_NUMBER_MAX = 20;

/**
 * The search path parameter: 1-20 letters, digits or dashes (spaces around it are ignored), read
 * upper-cased. Said as one pattern, so the OpenAPI document states exactly what is accepted; the
 * checks before it only choose the message.
 */
export const registrationNumberSchema = z
  .string({ error: REGISTRATION_NUMBER_REQUIRED })
  .refine((value) => value.trim() !== '', { error: REGISTRATION_NUMBER_REQUIRED, abort: true })
  .refine((value) => value.trim().length <= REGISTRATION_NUMBER_MAX, {
    error: `The registration number has at most ${REGISTRATION_NUMBER_MAX} characters`,
    abort: true,
  })
  .regex(new RegExp(`^ *[A-Za-z0-9-]{1,${REGISTRATION_NUMBER_MAX}} *$`), {
    error: 'The registration number has letters, digits and dashes only',
  })
  .trim()
  .toUpperCase();

/** `?filter=all|paid|unpaid&released=all|released|not-released&search=&mentorCode=&page=&limit=` */
export const candidateListQuerySchema = z.strictObject(
  {
    filter: z.enum(['all', 'paid', 'unpaid'], { error: 'filter must be all, paid or unpaid' }).optional(),
    released: z
      .enum(['all', 'released', 'not-released'], { error: 'released must be all, released or not-released' })
      .optional(),
    search: listSearchQuery,
    mentorCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(MENTOR_CODE_PATTERN, { error: 'Mentor code must look like MEN-XXXXXX' })
      .optional(),
    ...listPageQuery,
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown query parameter: ${issue.keys.join(', ')}` : undefined) },
);

export type CandidateListRequest = z.output<typeof candidateListQuerySchema>;

export function candidateListFilter(query: CandidateListRequest): CandidateListQuery {
  return {
    search: query.search,
    mentorCode: query.mentorCode,
    feesPaid: query.filter === 'paid' ? true : query.filter === 'unpaid' ? false : undefined,
    hallTicketReleased: query.released === 'released' ? true : query.released === 'not-released' ? false : undefined,
  };
}
