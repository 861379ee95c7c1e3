// zod/mini: the same rules and messages as zod's classic API, a fraction of its size on the
// contact page's first load (measured with bench/bundle-size.mjs, docs/web-performance-first-load.md).
import * as z from 'zod/mini';
import { CONTACT_MESSAGES, VALIDATION_MESSAGES } from '@kbe/contracts/zod-free';

/** Contact form rules (spec section 5) with the messages the service answers with. */
export const contactFormSchema = z.object({
  firstName: z.string().check(z.trim(), z.minLength(2, CONTACT_MESSAGES.firstName)),
  lastName: z.string().check(z.trim(), z.minLength(2, CONTACT_MESSAGES.lastName)),
  email: z.pipe(z.string().check(z.trim()), z.email(VALIDATION_MESSAGES.email)),
  gradeLevel: z.string().check(z.minLength(1, CONTACT_MESSAGES.gradeLevel)),
  message: z.string().check(z.trim(), z.minLength(10, CONTACT_MESSAGES.message)),
});

export type ContactFormInput = z.input<typeof contactFormSchema>;
export type ContactMessage = z.output<typeof contactFormSchema>;

export const EMPTY_CONTACT_FORM: ContactFormInput = {
  firstName: '',
  lastName: '',
  email: '',
  gradeLevel: '',
  message: '',
};
