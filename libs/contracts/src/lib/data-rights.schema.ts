import { z } from 'zod';
import { CONSENT_MESSAGES, CONSENT_NOTICE_LANGUAGES } from './consent.contract';
import { DATA_REQUEST_KINDS, DATA_REQUEST_STATUSES, DATA_RIGHTS_MESSAGES, GUARDIAN_OTP_ACTIONS } from './data-rights.contract';

const otp = z
  .string({ error: CONSENT_MESSAGES.otpFormat })
  .trim()
  .regex(/^\d{6}$/, { error: CONSENT_MESSAGES.otpFormat });

/** `POST /api/consent/{candidateCode}/otp` (an empty body asks for a consent code). */
export const guardianOtpRequestSchema = z.strictObject({
  action: z.enum(GUARDIAN_OTP_ACTIONS, { error: DATA_RIGHTS_MESSAGES.action }).default('consent'),
});

/** `POST /api/consent/{candidateCode}/withdraw` and `.../session` */
export const guardianOtpSchema = z.strictObject({ otp });

/** `POST /api/consent/{candidateCode}/requests` */
export const dataRequestInputSchema = z.discriminatedUnion(
  'kind',
  [
    z.strictObject({
      kind: z.literal('correction'),
      details: z.string({ error: DATA_RIGHTS_MESSAGES.details }).trim().min(10, { error: DATA_RIGHTS_MESSAGES.details }).max(2000, { error: DATA_RIGHTS_MESSAGES.details }),
    }),
    z.strictObject({
      kind: z.literal('erasure'),
      details: z.string({ error: DATA_RIGHTS_MESSAGES.erasureDetails }).trim().max(2000, { error: DATA_RIGHTS_MESSAGES.erasureDetails }).default(''),
    }),
  ],
  { error: DATA_RIGHTS_MESSAGES.kind },
);
export type DataRequestInputParsed = z.output<typeof dataRequestInputSchema>;

/** `POST /api/admin/data-requests/{id}/resolve` */
export const dataRequestResolutionSchema = z.strictObject({
  outcome: z.enum(DATA_REQUEST_STATUSES.filter((status) => status !== 'open') as ['done', 'refused'], { error: DATA_RIGHTS_MESSAGES.outcome }),
  note: z.string({ error: DATA_RIGHTS_MESSAGES.note }).trim().min(1, { error: DATA_RIGHTS_MESSAGES.note }).max(500, { error: DATA_RIGHTS_MESSAGES.note }),
});

/** `GET /api/admin/data-requests` query */
export const dataRequestQueueQuerySchema = z.strictObject({
  status: z.enum(['open', 'closed', 'all'], { error: DATA_RIGHTS_MESSAGES.status }).default('open'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type DataRequestQueueQuery = z.output<typeof dataRequestQueueQuerySchema>;

/** `PUT /api/admin/retention/results-date` */
export const retentionResultsDateSchema = z.strictObject({
  // a real calendar day (2027-02-30 is refused)
  resultsPublishedOn: z.iso.date({ error: DATA_RIGHTS_MESSAGES.resultsDate }),
});

const dataRequestViewSchema = z.strictObject({
  id: z.string(),
  candidateCode: z.string(),
  kind: z.enum(DATA_REQUEST_KINDS),
  details: z.string(),
  status: z.enum(DATA_REQUEST_STATUSES),
  requestedAt: z.string(),
  dueAt: z.string(),
  handledBy: z.string().nullable(),
  handledAt: z.string().nullable(),
  resolution: z.string().nullable(),
});

/** What documents-service renders as the readable copy of a data export (its internal endpoint checks it). */
export const candidateDataExportSchema = z.strictObject({
  generatedAt: z.string(),
  candidateCode: z.string().min(1),
  registeredAt: z.string(),
  registration: z.record(z.string(), z.unknown()),
  organiserRecord: z.strictObject({
    feesPaid: z.boolean(),
    receiptNumber: z.string().nullable(),
    seatNumber: z.string().nullable(),
    center: z.string().nullable(),
    examTime: z.string().nullable(),
    hallTicketReleased: z.boolean(),
    certificateReleased: z.boolean(),
  }),
  files: z.strictObject({ photo: z.string().nullable(), signature: z.string().nullable() }),
  consent: z.strictObject({
    status: z.enum(['pending', 'given', 'withdrawn']),
    givenAt: z.string().nullable(),
    noticeVersion: z.string().nullable(),
    lang: z.enum(CONSENT_NOTICE_LANGUAGES).nullable(),
    method: z.string().nullable(),
    withdrawnAt: z.string().nullable(),
    codeSentTo: z.string().nullable(),
  }),
  requests: z.array(dataRequestViewSchema),
  elsewhere: z.array(z.string()),
});
