import { z } from 'zod';
import { candidateRegistrationSchema } from './candidate.schema';
import {
  CORRECTABLE_FIELDS,
  CORRECTION_MESSAGES,
  CORRECTION_REASON_MAX,
  type CorrectableField,
} from './corrections.contract';
import { CANDIDATE_CODE_PATTERN } from './registration-code.util';

type Groups = typeof candidateRegistrationSchema.shape;

/**
 * The registration form's own rule (and messages) of one correctable field, taken from the
 * candidate schema itself, so a correction is checked exactly as the public form checks the field.
 */
export function correctableFieldSchema(field: CorrectableField): z.ZodType {
  const [group, key] = field.split('.') as [keyof Groups, string];
  let groupSchema: z.ZodType = candidateRegistrationSchema.shape[group];
  if (groupSchema instanceof z.ZodOptional) groupSchema = groupSchema.unwrap() as z.ZodType;
  return (groupSchema as z.ZodObject).shape[key] as z.ZodType;
}

const changesShape = Object.fromEntries(CORRECTABLE_FIELDS.map((field) => [field, correctableFieldSchema(field).optional()])) as Record<
  CorrectableField,
  z.ZodOptional<z.ZodType>
>;

/**
 * `changes` of a request: only correctable fields (other keys: `unknownFields` naming them, at `changes`),
 * each new value by the form's rule, at least one.
 */
export const correctionChangesSchema = z
  .strictObject(changesShape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? `${CORRECTION_MESSAGES.unknownFields}: ${issue.keys.join(', ')}` : CORRECTION_MESSAGES.noChanges,
  })
  .refine((changes) => Object.keys(changes).length > 0, { error: CORRECTION_MESSAGES.noChanges, when: (payload) => payload.issues.length === 0 });

/** `POST /api/portal/corrections` */
export const correctionRequestSchema = z.strictObject({
  candidateCode: z
    .string({ error: CORRECTION_MESSAGES.candidateCode })
    .trim()
    .toUpperCase()
    .regex(CANDIDATE_CODE_PATTERN, { error: CORRECTION_MESSAGES.candidateCode }),
  changes: correctionChangesSchema,
  note: z.string({ error: CORRECTION_MESSAGES.note }).trim().max(CORRECTION_REASON_MAX, { error: CORRECTION_MESSAGES.note }).optional().default(''),
});
export type CorrectionRequestParsed = z.output<typeof correctionRequestSchema>;

const pageFields = {
  page: z.coerce.number({ error: 'page must be a whole number between 1 and 100000' }).int({ error: 'page must be a whole number between 1 and 100000' }).min(1, { error: 'page must be a whole number between 1 and 100000' }).max(100_000, { error: 'page must be a whole number between 1 and 100000' }).default(1),
  limit: z.coerce.number({ error: 'limit must be a whole number between 1 and 100' }).int({ error: 'limit must be a whole number between 1 and 100' }).min(1, { error: 'limit must be a whole number between 1 and 100' }).max(100, { error: 'limit must be a whole number between 1 and 100' }).default(20),
};
const unknownQueryKey = {
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `Unknown query parameter: ${(issue.keys ?? []).join(', ')}` : undefined,
};

/** `GET /api/portal/corrections?page=&limit=` */
export const correctionListQuerySchema = z.strictObject(pageFields, unknownQueryKey);
export type CorrectionListQuery = z.output<typeof correctionListQuerySchema>;

/** `GET /api/admin/corrections?status=open|closed|all&page=&limit=` (open by default) */
export const correctionQueueQuerySchema = z.strictObject(
  { status: z.enum(['open', 'closed', 'all'], { error: CORRECTION_MESSAGES.status }).default('open'), ...pageFields },
  unknownQueryKey,
);
export type CorrectionQueueQuery = z.output<typeof correctionQueueQuerySchema>;

/** `CR000123` */
export const correctionIdSchema = z.string().regex(/^CR\d{6,9}$/, { error: CORRECTION_MESSAGES.id });

const reasonText = z.string({ error: CORRECTION_MESSAGES.reason }).trim().max(CORRECTION_REASON_MAX, { error: CORRECTION_MESSAGES.reason });

/** `POST /api/admin/corrections/{id}/approve`: an optional note. */
export const correctionApprovalSchema = z.strictObject({ reason: reasonText.optional() });
export type CorrectionApproval = z.output<typeof correctionApprovalSchema>;

/** `POST /api/admin/corrections/{id}/reject`: the reason, required. */
export const correctionRejectionSchema = z.strictObject({
  reason: z
    .string({ error: CORRECTION_MESSAGES.reasonRequired })
    .trim()
    .min(1, { error: CORRECTION_MESSAGES.reasonRequired })
    .max(CORRECTION_REASON_MAX, { error: CORRECTION_MESSAGES.reasonRequired }),
});
export type CorrectionRejection = z.output<typeof correctionRejectionSchema>;

/** The internal decision body: the admin's decision and who made it (admin-service sends it). */
export const internalCorrectionDecisionSchema = z.strictObject({
  reason: reasonText.optional(),
  decidedBy: z.string().trim().min(1).max(100),
});
export type InternalCorrectionDecision = z.output<typeof internalCorrectionDecisionSchema>;

/** The internal rejection body: the reason, required, and who rejected. */
export const internalCorrectionRejectionSchema = correctionRejectionSchema.extend({ decidedBy: z.string().trim().min(1).max(100) });
export type InternalCorrectionRejection = z.output<typeof internalCorrectionRejectionSchema>;
