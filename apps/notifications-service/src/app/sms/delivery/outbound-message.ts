import type { SmsEncoding } from '@kbe/contracts';
import { z } from 'zod';

/** Internal topics of the fan-out: one record per recipient, and the messages given up on. */
export const SMS_OUTBOUND_TOPIC = 'sms.outbound';
export const SMS_DEAD_LETTER_TOPIC = 'sms.dead-letter';

/**
 * One SMS for one recipient, keyed on the Kafka topic by its number so the load spreads over
 * partitions. `id` = `<campaign or event id>:<recipient>` is the idempotency key: the delivery
 * log's primary key, and the key given to the provider.
 */
export const outboundSmsSchema = z.strictObject({
  id: z.string().min(1),
  campaignId: z.string().min(1),
  messageType: z.string().min(1),
  to: z.string().regex(/^\+91[6-9]\d{9}$/),
  text: z.string().min(1),
  encoding: z.enum(['GSM-7', 'UCS-2']),
  segments: z.number().int().positive(),
  candidateCode: z.string().optional(),
});
export type OutboundSms = z.output<typeof outboundSmsSchema> & { encoding: SmsEncoding };

/** The recipient part of the idempotency key: the candidate when known (siblings may share a phone), else the number. */
export function outboundSmsId(campaignId: string, recipient: { candidateCode?: string; to: string }): string {
  return `${campaignId}:${recipient.candidateCode ?? recipient.to}`;
}
