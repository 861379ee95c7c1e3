import { z } from 'zod';
import { emailAddress, MAX_LONG_TEXT_LENGTH, MAX_TEXT_LENGTH } from './field.rules';
import { CONTACT_MESSAGES } from './contact.messages';
import { VALIDATION_MESSAGES } from './validation.messages';

const text = (min: number, message: string, max: number) =>
  z.string({ error: message }).trim().min(min, { error: message }).max(max, { error: `At most ${max} characters` });

/** Contact form message (spec section 5 messages); stored by the registration service. */
export const contactMessageSchema = z.strictObject({
  firstName: text(2, CONTACT_MESSAGES.firstName, MAX_TEXT_LENGTH),
  lastName: text(2, CONTACT_MESSAGES.lastName, MAX_TEXT_LENGTH),
  email: z
    .string({ error: VALIDATION_MESSAGES.email })
    .trim()
    .pipe(emailAddress()),
  gradeLevel: text(1, CONTACT_MESSAGES.gradeLevel, MAX_TEXT_LENGTH),
  message: text(10, CONTACT_MESSAGES.message, MAX_LONG_TEXT_LENGTH * 5),
});

export type ContactMessageInput = z.input<typeof contactMessageSchema>;
export type ContactMessage = z.output<typeof contactMessageSchema>;
