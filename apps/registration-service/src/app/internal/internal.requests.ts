import { CANDIDATE_CODE_PATTERN, SMS_RECIPIENT_GROUPS } from '@kbe/contracts';
import { z } from 'zod';

/** A candidate code in a path: trimmed, upper-cased, KBE + 6 digits + 3 characters. */
export const candidateCodeParam = z
  .string()
  .trim()
  .toUpperCase()
  .regex(CANDIDATE_CODE_PATTERN, { error: 'Candidate code must look like KBE123456ABC' });

const flag = (name: string) =>
  z.strictObject({ [name]: z.boolean({ error: `${name} must be true or false` }) } as Record<string, z.ZodBoolean>);

export const feesPaidBody = flag('feesPaid');
export const hallTicketBody = flag('hallTicketReleased');
export const certificateBody = flag('certificateReleased');

export const fileKindParam = z.enum(['photo', 'signature'], { error: 'file must be photo or signature' });

export const SMS_RECIPIENTS_MAX_PAGE = 1000;

/** `?group=&after=&limit=` of the SMS recipients cursor. */
export const smsRecipientsQuery = z.strictObject({
  group: z.enum(SMS_RECIPIENT_GROUPS, { error: `group must be one of ${SMS_RECIPIENT_GROUPS.join(', ')}` }),
  after: candidateCodeParam.optional(),
  limit: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
    z
      .number({ error: `limit must be a whole number between 1 and ${SMS_RECIPIENTS_MAX_PAGE}` })
      .int({ error: `limit must be a whole number between 1 and ${SMS_RECIPIENTS_MAX_PAGE}` })
      .min(1, { error: `limit must be a whole number between 1 and ${SMS_RECIPIENTS_MAX_PAGE}` })
      .max(SMS_RECIPIENTS_MAX_PAGE, { error: `limit must be a whole number between 1 and ${SMS_RECIPIENTS_MAX_PAGE}` })
      .default(500),
  ),
});
export type SmsRecipientsQuery = z.output<typeof smsRecipientsQuery>;
