import { CENTRE_CODE_PATTERN, listPageQuery, listSearchQuery } from '@kbe/contracts';
import { z } from 'zod';

/** `{code}` of `/api/admin/centres/{code}`: any case, stored upper case. */
export const centreCodeParam = z
  .string({ error: 'Centre code is required' })
  .trim()
  .toUpperCase()
  .regex(CENTRE_CODE_PATTERN, { error: 'Centre code must be 3 to 10 letters or digits, e.g. NSK01' });

/** `GET /api/admin/centres?search=&district=&page=&limit=` */
export const centreListQuerySchema = z.strictObject(
  {
    search: listSearchQuery,
    district: z
      .string({ error: 'district must be text' })
      .trim()
      .max(60, { error: 'district must be at most 60 characters' })
      .optional()
      .transform((value) => (value ? value : undefined)),
    ...listPageQuery,
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown query parameter: ${issue.keys.join(', ')}` : undefined) },
);
export type CentreListRequest = z.output<typeof centreListQuerySchema>;

/** `POST /api/admin/centres/import`: the CSV's text (CENTRE_CSV_COLUMNS) and whether only to check it. */
export const centreImportSchema = z.strictObject({
  csv: z.string({ error: 'csv must be the text of the CSV file' }).min(1, { error: 'csv must not be empty' }),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }),
});
export type CentreImportRequest = z.output<typeof centreImportSchema>;
