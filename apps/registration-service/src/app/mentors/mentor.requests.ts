import { listPageQuery, listSearchQuery, SCHOOL_CODE_PATTERN } from '@kbe/contracts';
import { z } from 'zod';

/** `GET /api/mentors?search=&status=active|inactive&schoolCode=&page=&limit=` */
export const mentorListQuerySchema = z.strictObject(
  {
    search: listSearchQuery,
    status: z.enum(['all', 'active', 'inactive'], { error: 'status must be all, active or inactive' }).optional(),
    schoolCode: z
      .string()
      .trim()
      .toUpperCase()
      .regex(SCHOOL_CODE_PATTERN, { error: 'School code must look like SCH-XXXXXX' })
      .optional(),
    ...listPageQuery,
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown query parameter: ${issue.keys.join(', ')}` : undefined) },
);

export type MentorListRequest = z.output<typeof mentorListQuerySchema>;

export function mentorListFilter(query: MentorListRequest) {
  return {
    search: query.search,
    status: query.status === 'all' ? undefined : query.status,
    schoolCode: query.schoolCode,
  };
}
