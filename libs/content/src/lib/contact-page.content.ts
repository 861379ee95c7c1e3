/** 'Quick Response Promise' (spec section 9: 24 h general, 4 h registration, 2 h technical). */
export const RESPONSE_PROMISES: { topic: string; promise: string }[] = [
  { topic: 'General inquiries', promise: 'Within 24 hours' },
  { topic: 'Registration support', promise: 'Within 4 hours' },
  { topic: 'Technical issues', promise: 'Within 2 hours' },
  { topic: 'Urgent matters', promise: 'Call us directly' },
];
