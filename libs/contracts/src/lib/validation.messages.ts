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

/**
 * The names of the registration fields inside the messages ('<Label> is required', 'Please select
 * a <label>'), one per field, so the schemas and the message keys (`messageKeyOf`) share them.
 */
export const FIELD_LABELS = {
  schoolInformation: 'School information',
  schoolName: 'School name',
  udiseCode: 'UDISE code',
  schoolType: 'school type',
  schoolAddress: 'School address',
  area: 'Area',
  locality: 'Locality',
  street: 'Street',
  village: 'Village',
  town: 'Town',
  city: 'City',
  state: 'State',
  principalInformation: 'Principal information',
  principalName: 'Principal name',
  mentorInformation: 'Mentor information',
  schoolCode: 'School code',
  name: 'Name',
  address: 'Address',
  subjectTeaching: 'Subject teaching',
  activitiesParticipated: 'Activities participated',
  opinionOnIsro: 'Opinion on ISRO',
  candidateInformation: 'Candidate information',
  mentorCode: 'Mentor code',
  personalInformation: 'Personal information',
  fullName: 'Full name',
  fatherName: "Father's name",
  motherName: "Mother's name",
  gender: 'gender',
  dateOfBirth: 'Date of birth',
  religion: 'Religion',
  region: 'region',
  motherTongue: 'Mother tongue',
  contactInformation: 'Contact information',
  phoneNumber: 'Phone number',
  parentOrGuardian: 'Parent or guardian',
  guardianName: "Parent/guardian's name",
  guardianRelation: 'relation to the candidate',
  orphanStatus: 'Orphan status',
  permanentAddress: 'Permanent address',
  taluka: 'Taluka',
  district: 'District',
  educationalInformation: 'Educational information',
  standard: 'standard',
  medium: 'medium',
  board: 'Board',
  kbeCategory: 'KBE category',
  kbeStage: 'KBE stage',
  language: 'language',
  photo: 'Photo',
  signature: 'Signature',
} as const;

/** The candidate form's messages that name no field. */
export const CANDIDATE_MESSAGES = {
  isOrphan: 'Please say whether the candidate is an orphan',
  feesPaid: 'Fees paid must be yes or no',
} as const;

/** '<Label> is required'. */
export const requiredMessage = (label: string): string => `${label} is required`;

/** 'Please select a <label>' for a required choice. */
export const chooseMessage = (label: string): string => `Please select ${/^[aeiou]/i.test(label) ? 'an' : 'a'} ${label}`;

/** Candidate messages are shown in one alert, joined by commas. */
export function joinValidationMessages(messages: readonly string[]): string {
  return messages.join(', ');
}
