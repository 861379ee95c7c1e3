import { CANDIDATE_CODE_PATTERN } from '@kbe/contracts';
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
