import { listPageQuery, listSearchQuery, SCHOOL_CODE_PATTERN } from '@kbe/contracts';
import { z } from 'zod';

/** `GET /api/schools?code=&search=&page=&limit=` */
export const schoolListQuerySchema = z.strictObject(
  {
    code: z
      .string({ error: 'code must look like SCH-XXXXXX' })
      .trim()
      .toUpperCase()
      .regex(SCHOOL_CODE_PATTERN, { error: 'School code must look like SCH-XXXXXX' })
      .optional(),
    search: listSearchQuery,
    ...listPageQuery,
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown query parameter: ${issue.keys.join(', ')}` : undefined) },
);

export type SchoolListRequest = z.output<typeof schoolListQuerySchema>;
