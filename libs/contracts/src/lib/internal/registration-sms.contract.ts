/**
 * registration-service's internal API as notifications-service reads it (`x-internal-token`, never
 * routed by the edge): the mobile numbers of an SMS group, page by page, for a campaign's fan-out,
 * and one candidate's numbers and language for an SMS an event sends. notifications-service parses
 * the replies with these schemas.
 */
import { z } from 'zod';
import { REGISTRATION_INTERNAL_PATHS } from './registration-admin.contract';

export const REGISTRATION_SMS_PATHS = {
  /** `GET ?group&after&limit` -> `data: SmsRecipientsPage`: live candidates of the group in code order (registration-service's internal.requests.ts checks the query). */
  recipients: '/internal/candidates/sms-recipients',
  /** `GET` -> `data: SmsCandidateContact` (the whole internal candidate; these fields are read); 404 for no such candidate. */
  candidate: REGISTRATION_INTERNAL_PATHS.candidate,
} as const;

/** Only the code and the mobile number leave registration-service. */
export const smsRecipientsPageSchema = z.object({
  items: z.array(z.object({ candidateCode: z.string(), phoneNumber: z.string() })),
  /** The `after` of the next page; null on the last one. */
  next: z.string().nullable(),
});
export type SmsRecipientsPage = z.infer<typeof smsRecipientsPageSchema>;
export const smsRecipientsResponseSchema = z.object({ success: z.literal(true), data: smsRecipientsPageSchema });

/**
 * What an event's SMS needs of a candidate. Loose and lenient: a record without a number answers
 * an empty one, and an unknown or missing language is English (candidateLanguageOf).
 */
export const smsCandidateContactSchema = z.looseObject({
  contactDetails: z.looseObject({ phoneNumber: z.string().optional() }).optional(),
  guardianDetails: z.looseObject({ phoneNumber: z.string().optional() }).nullish(),
  language: z.unknown().optional(),
});
export type SmsCandidateContact = z.infer<typeof smsCandidateContactSchema>;
export const smsCandidateContactResponseSchema = z.object({ success: z.literal(true), data: smsCandidateContactSchema });
