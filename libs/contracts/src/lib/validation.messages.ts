/** The exact messages of spec section 5, in one place for the forms and the services. */
export const VALIDATION_MESSAGES = {
  contact: 'Contact number must be exactly 10 digits',
  principalContact: 'Principal contact number must be exactly 10 digits',
  pin: 'PIN code must be exactly 6 digits',
  email: 'Please enter a valid email address',
  fees: 'Fees must be a number',
  documents: 'Both photo and signature documents are required',
  phone: 'Phone number must be exactly 10 digits',
  guardianPhone: "Parent/guardian's mobile number must be exactly 10 digits",
  schoolCodeFormat: 'School code must look like SCH-XXXXXX',
  mentorCodeFormat: 'Mentor code must look like MEN-XXXXXX',
  workExperience: 'Work experience must be a whole number of years',
  workExperienceMin: 'Work experience cannot be negative',
  dateOfBirth: 'Please enter a valid date of birth',
  fileTooLargeTitle: 'File too large',
  fileTooLargeText: 'Please select a file smaller than 5MB',
} as const;

/** '<Label> is required'. */
export const requiredMessage = (label: string): string => `${label} is required`;

/** 'Please select a <label>' for a required choice. */
export const chooseMessage = (label: string): string => `Please select ${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`;

/** Candidate messages are shown in one alert, joined by commas. */
export function joinValidationMessages(messages: readonly string[]): string {
  return messages.join(', ');
}
