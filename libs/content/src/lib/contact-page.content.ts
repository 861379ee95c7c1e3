/** 'Quick Response Promise' (spec section 9: 24 h general, 4 h registration, 2 h technical). */
export const RESPONSE_PROMISES: { topic: string; promise: string }[] = [
  { topic: 'General inquiries', promise: 'Within 24 hours' },
  { topic: 'Registration support', promise: 'Within 4 hours' },
  { topic: 'Technical issues', promise: 'Within 2 hours' },
  { topic: 'Urgent matters', promise: 'Call us directly' },
];

/** Grade-level options of the contact form (spec section 3). */
export const GRADE_LEVEL_OPTIONS = [
  'Grade I (Classes V-VII)',
  'Grade II (Classes VIII-X)',
  'Grade III (Classes XI-XII+)',
  'Parent/Guardian',
  'Teacher',
  'Other',
] as const;

export const CONTACT_SUCCESS_TOAST = {
  title: 'Message Sent Successfully!',
  description: "Thank you for contacting us. We'll get back to you within 24 hours.",
} as const;
