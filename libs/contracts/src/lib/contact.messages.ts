// No zod here: the contact page's first load imports this through `@kbe/contracts/zod-free`.

/** Grade-level options of the contact form (spec section 3). */
export const CONTACT_GRADE_LEVELS = [
  'Grade I (Classes V-VII)',
  'Grade II (Classes VIII-X)',
  'Grade III (Classes XI-XII+)',
  'Parent/Guardian',
  'Teacher',
  'Other',
] as const;

export const CONTACT_MESSAGES = {
  firstName: 'First name must be at least 2 characters',
  lastName: 'Last name must be at least 2 characters',
  gradeLevel: 'Please select a grade level',
  message: 'Message must be at least 10 characters',
  sentTitle: 'Message Sent Successfully!',
  sentText: "Thank you for contacting us. We'll get back to you within 24 hours.",
} as const;
