import { CANDIDATE_CODE_PATTERN, candidateDataExportSchema } from '@kbe/contracts';
import { z } from 'zod';

/** A stored JPEG (or PNG) inline: the only image source a rendered page may have (it loads nothing else). */
const IMAGE_DATA_URL = /^data:image\/(jpeg|png);base64,[A-Za-z0-9+/]+={0,2}$/;

const imageDataUrl = z
  .string()
  .regex(IMAGE_DATA_URL, { error: 'must be a data:image/jpeg or data:image/png URL in base64, or null when erased' })
  .nullable();

/**
 * The body of `POST /internal/documents/data-export.pdf`: a `CandidateDataExport`, with the
 * candidate code in its form (it names the file) and the photo and signature as data: URLs.
 */
export const dataExportRequestSchema = candidateDataExportSchema.extend({
  candidateCode: z.string().regex(CANDIDATE_CODE_PATTERN, { error: 'must look like KBE123456ABC' }),
  files: z.strictObject({ photo: imageDataUrl, signature: imageDataUrl }),
});
