import { z } from 'zod';
import type { ApiSuccess, Pagination } from './api-responses';
import { SMS_MESSAGE_TYPES, SMS_RECIPIENT_GROUPS, type SmsMessageType, type SmsRecipientGroup } from './registration-events';

/** SMS endpoints of admin-service (spec sections 5, 7, 8; DECISIONS: asynchronous over Kafka). */

export const SMS_MAX_LENGTH = 160;

export const SMS_MESSAGES = {
  messageRequiredTitle: 'Message Required',
  messageRequired: 'Please enter a custom message.',
  phoneRequiredTitle: 'Phone Number Required',
  phoneRequired: 'Please enter a phone number.',
  /** The number must have 10 digits once spaces, dashes, +91 and a leading 0 are removed. */
  phoneInvalid: 'Please enter a 10-digit mobile number.',
  tooLong: `The message must be at most ${SMS_MAX_LENGTH} characters.`,
  sentTitle: 'SMS Sent Successfully',
  failedTitle: 'SMS Failed',
  failedText: 'Failed to send messages. Please try again.',
} as const;

export const SMS_TEMPLATE_TYPES = ['status', 'hall-ticket', 'certificate'] as const;
export type SmsTemplateType = (typeof SMS_TEMPLATE_TYPES)[number];

/**
 * Template texts (DECISIONS: candidate id and portal address, no OTP). `{candidateCode}` is filled
 * per recipient by notifications-service; `{portalUrl}` by admin-service when the campaign is created
 * (both with `fillSmsPlaceholders`, sms-text.util.ts).
 */
export const SMS_TEMPLATES: Record<SmsTemplateType, string> = {
  status: 'KBE Young Scientist: registration {candidateCode} is confirmed. Check your status at {portalUrl}',
  'hall-ticket':
    'KBE Young Scientist: the hall ticket of {candidateCode} is released. Download it at {portalUrl} with your candidate ID.',
  certificate:
    'KBE Young Scientist: the certificate of {candidateCode} is released. Download it at {portalUrl} with your candidate ID.',
};

/** Labels of the recipient groups as the SMS tab shows them. */
export const SMS_RECIPIENT_GROUP_LABELS: Record<SmsRecipientGroup, string> = {
  all: 'All candidates',
  paid: 'Fees paid',
  unpaid: 'Fees unpaid',
  'hall-ticket': 'Hall ticket released',
  'consent-pending': 'Parental consent pending',
};

const message = z
  .string({ error: SMS_MESSAGES.messageRequired })
  .trim()
  .min(1, { error: SMS_MESSAGES.messageRequired })
  .max(SMS_MAX_LENGTH, { error: SMS_MESSAGES.tooLong });

const recipients = z.enum(SMS_RECIPIENT_GROUPS, { error: 'recipients must be all, paid, unpaid, hall-ticket or consent-pending' });

/** `POST /api/sms/send` (single mode): one number, one text. */
/**
 * What `normaliseIndianMobile` turns into 10 digits, as one pattern (so the OpenAPI document says
 * it): 10 digits, optionally after +91, 91 or 0, with spaces and dashes anywhere.
 */
export const INDIAN_MOBILE_INPUT_PATTERN = /^[ -]*(\+[ -]*9[ -]*1|9[ -]*1|0)?([ -]*[0-9]){10}[ -]*$/;

export const smsSendSchema = z.strictObject({
  phoneNumber: z
    .string({ error: SMS_MESSAGES.phoneRequired })
    .refine((value) => value.trim() !== '', { error: SMS_MESSAGES.phoneRequired, abort: true })
    .regex(INDIAN_MOBILE_INPUT_PATTERN, { error: SMS_MESSAGES.phoneInvalid }),
  message,
  messageType: z.enum(SMS_MESSAGE_TYPES, { error: 'messageType must be status, hall-ticket, certificate or custom' }).default('custom'),
});
export type SmsSendInput = z.input<typeof smsSendSchema>;

/** `POST /api/sms/send-bulk`: custom text to a recipient group. */
export const smsSendBulkSchema = z.strictObject({
  recipients,
  message,
  messageType: z.enum(SMS_MESSAGE_TYPES, { error: 'messageType must be status, hall-ticket, certificate or custom' }).default('custom'),
});
export type SmsSendBulkInput = z.input<typeof smsSendBulkSchema>;

/** `POST /api/sms/send-template`: a fixed template to a recipient group (`data` is `{}`). */
export const smsSendTemplateSchema = z.strictObject({
  recipients,
  template: z.enum(SMS_TEMPLATE_TYPES, { error: 'template must be status, hall-ticket or certificate' }),
  data: z.strictObject({}).optional(),
});
export type SmsSendTemplateInput = z.input<typeof smsSendTemplateSchema>;

/**
 * Answer of the three send endpoints, at once (DECISIONS): `successCount` = messages accepted for
 * delivery, `failureCount` = recipients rejected before queueing (no or invalid number).
 */
export interface SmsSendResult {
  successCount: number;
  failureCount: number;
  campaignId: string;
}
export type SmsSendResponse = ApiSuccess<SmsSendResult>;

/** One campaign in `GET /api/sms/history?limit=` (`data.history`, latest first; default 5, at most 50). */
export interface SmsHistoryItem {
  id: string;
  type: SmsMessageType;
  /** The group ('all', 'paid', ...) or the phone number of a single send. */
  recipients: string;
  /** Recipients the campaign was queued for. */
  recipientCount: number;
  message: string;
  requestedBy: string;
  timestamp: string;
  /** Delivered, failed and still waiting, kept live by notifications-service. */
  successCount: number;
  failedCount: number;
  queuedCount: number;
}
export interface SmsHistoryData {
  history: SmsHistoryItem[];
  pagination: Pagination;
}
export type SmsHistoryResponse = ApiSuccess<SmsHistoryData>;

export const smsHistoryQuerySchema = z.strictObject({
  limit: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: 'limit must be a whole number between 1 and 50' }).int().min(1).max(50).optional(),
  ),
  page: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z.number({ error: 'page must be a whole number' }).int().min(1).max(100_000).optional(),
  ),
});

/**
 * `GET /api/sms/templates` -> `data.templates`: each template as admin-service puts it in a
 * campaign, the portal address filled in; `{candidateCode}` is left for each recipient.
 */
export interface SmsTemplateText {
  template: SmsTemplateType;
  text: string;
}
export type SmsTemplatesResponse = ApiSuccess<{ templates: SmsTemplateText[] }>;

/** `GET /api/sms/recipient-groups` -> `data.groups`: the live size of each group. */
export interface SmsRecipientGroupSize {
  group: SmsRecipientGroup;
  label: string;
  size: number;
}
export type SmsRecipientGroupsResponse = ApiSuccess<{ groups: SmsRecipientGroupSize[] }>;

/**
 * `PATCH /internal/sms/campaigns/{id}/counts` (notifications-service -> admin-service, `x-internal-token`):
 * the campaign's current totals (absolute values, so a repeated call changes nothing).
 */
export const smsCampaignCountsSchema = z.strictObject({
  successCount: z.number().int().min(0),
  failedCount: z.number().int().min(0),
  queuedCount: z.number().int().min(0),
});
export type SmsCampaignCounts = z.output<typeof smsCampaignCountsSchema>;

/** 10-digit Indian mobile number from what an admin typed ('+91 98765 43210' -> '9876543210'), or null. */
export function normaliseIndianMobile(input: string): string | null {
  let digits = input.replace(/[\s-]/g, '');
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^\d{10}$/.test(digits) ? digits : null;
}
