import { maskPhoneNumber, type SmsEncoding } from '@kbe/contracts';
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

/**
 * A message of an in-flight chunk cancelled before it was handed to the provider, because its
 * candidate's data was erased: its number masked, its text gone. It stays in its chunk, so a
 * chunk taken over still splits into the same provider requests under the same idempotency keys
 * (`providerBatches`), but it is never sent: it ends as a dead letter that cannot be re-driven.
 */
export const cancelledSmsSchema = outboundSmsSchema.extend({ to: z.string(), text: z.literal(''), cancelled: z.literal(true) });

/** A message as an in-flight chunk holds it: to send, or cancelled. */
export type InflightSms = OutboundSms & { cancelled?: true };

/** The cancelled form of a message: the same ids, type, encoding and length, the number masked and no text. */
export function cancelledSms(message: OutboundSms): InflightSms {
  return { ...message, to: maskedNumber(message.to), text: '', cancelled: true };
}

/** A number as the product shows it masked (`******1234`), also once masked already. */
export function maskedNumber(to: string): string {
  return maskPhoneNumber(to.replace(/^\+91/, ''));
}
