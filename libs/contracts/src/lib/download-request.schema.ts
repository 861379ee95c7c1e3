import { z } from 'zod';
import { DOWNLOAD_MESSAGES, MOTHER_NAME_MAX_LENGTH } from './documents.contract';
import { EXAM_LEVELS } from './exams.schema';
import { CERTIFICATE_KINDS } from './results.rules';

/**
 * Body of `POST /api/candidates/{code}/download/{kind}`. A certificate may name the level of the
 * result it is for (default: the latest published) and what it certifies (default: the best
 * earned); a hall ticket ignores both.
 */
export const downloadRequestSchema = z.object({
  motherName: z
    .string({ error: DOWNLOAD_MESSAGES.verificationRequired.text })
    .trim()
    .min(1, { error: DOWNLOAD_MESSAGES.verificationRequired.text })
    .max(MOTHER_NAME_MAX_LENGTH, { error: `Mother's name must be at most ${MOTHER_NAME_MAX_LENGTH} characters` }),
  level: z.enum(EXAM_LEVELS, { error: 'Level must be Mains, Advanced or Super Advanced' }).optional(),
  kind: z.enum(CERTIFICATE_KINDS, { error: 'Certificate kind must be participation, merit or qualifying' }).optional(),
});
export type DownloadRequest = z.output<typeof downloadRequestSchema>;
