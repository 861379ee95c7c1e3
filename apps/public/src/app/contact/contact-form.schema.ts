// zod/mini: the same rules and messages as zod's classic API, a fraction of its size on the
// contact page's first load (measured with bench/bundle-size.mjs, docs/web-performance.md).
import * as z from 'zod/mini';

/** Contact form rules and messages (spec section 5). */
export const contactFormSchema = z.object({
  firstName: z.string().check(z.trim(), z.minLength(2, 'First name must be at least 2 characters')),
  lastName: z.string().check(z.trim(), z.minLength(2, 'Last name must be at least 2 characters')),
  email: z.pipe(z.string().check(z.trim()), z.email('Please enter a valid email address')),
  gradeLevel: z.string().check(z.minLength(1, 'Please select a grade level')),
  message: z.string().check(z.trim(), z.minLength(10, 'Message must be at least 10 characters')),
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
