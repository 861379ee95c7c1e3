import { z } from 'zod';

/** Contact form rules and messages (spec section 5). */
export const contactFormSchema = z.object({
  firstName: z.string().trim().min(2, 'First name must be at least 2 characters'),
  lastName: z.string().trim().min(2, 'Last name must be at least 2 characters'),
  email: z.string().trim().pipe(z.email('Please enter a valid email address')),
  gradeLevel: z.string().min(1, 'Please select a grade level'),
  message: z.string().trim().min(10, 'Message must be at least 10 characters'),
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
