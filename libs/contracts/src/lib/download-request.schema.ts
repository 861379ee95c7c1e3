import { z } from 'zod';
import { DOWNLOAD_MESSAGES, MOTHER_NAME_MAX_LENGTH } from './documents.contract';

/** Body of `POST /api/candidates/{code}/download/{kind}`. */
export const downloadRequestSchema = z.object({
  motherName: z
    .string({ error: DOWNLOAD_MESSAGES.verificationRequired.text })
    .trim()
    .min(1, { error: DOWNLOAD_MESSAGES.verificationRequired.text })
    .max(MOTHER_NAME_MAX_LENGTH, { error: `Mother's name must be at most ${MOTHER_NAME_MAX_LENGTH} characters` }),
});
export type DownloadRequest = z.output<typeof downloadRequestSchema>;
