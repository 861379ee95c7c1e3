import { z } from 'zod';
import { CONSENT_MESSAGES, CONSENT_NOTICE_LANGUAGES } from './consent.contract';

const lang = z.enum(CONSENT_NOTICE_LANGUAGES, { error: CONSENT_MESSAGES.language });

/** `GET /api/consent/notice?lang=en|mr|hi` (English when absent). */
export const consentNoticeQuerySchema = z.strictObject({
  lang: lang.default('en'),
});
export type ConsentNoticeQuery = z.output<typeof consentNoticeQuerySchema>;

/** `POST /api/consent/{candidateCode}/confirm` */
export const consentConfirmationSchema = z.strictObject({
  otp: z
    .string({ error: CONSENT_MESSAGES.otpFormat })
    .trim()
    .regex(/^\d{6}$/, { error: CONSENT_MESSAGES.otpFormat }),
  noticeVersion: z
    .string({ error: CONSENT_MESSAGES.noticeVersionRequired })
    .trim()
    .min(1, { error: CONSENT_MESSAGES.noticeVersionRequired })
    .max(40, { error: CONSENT_MESSAGES.noticeVersionRequired }),
  lang,
  declaration: z.literal(true, { error: CONSENT_MESSAGES.declaration }),
});
export type ConsentConfirmationInput = z.input<typeof consentConfirmationSchema>;
