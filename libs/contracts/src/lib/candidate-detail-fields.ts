/**
 * A pupil's details as the registration form asks for them, as dotted paths of the candidate
 * schema (`personalDetails.fullName`): the columns of the bulk-registration sheet and the fields a
 * correction may change. No codes, fees, releases, language or images: those have flows of their own.
 */
export const CANDIDATE_DETAIL_FIELDS = [
  'personalDetails.fullName',
  'personalDetails.fatherName',
  'personalDetails.motherName',
  'personalDetails.gender',
  'personalDetails.dateOfBirth',
  'personalDetails.religion',
  'personalDetails.region',
  'personalDetails.motherTongue',
  'contactDetails.phoneNumber',
  'contactDetails.email',
  'guardianDetails.name',
  'guardianDetails.relation',
  'guardianDetails.phoneNumber',
  'orphanDetails.isOrphan',
  'permanentAddress.addressLines',
  'permanentAddress.village',
  'permanentAddress.taluka',
  'permanentAddress.district',
  'permanentAddress.state',
  'permanentAddress.pin',
  'educationalDetails.schoolName',
  'educationalDetails.standard',
  'educationalDetails.medium',
  'educationalDetails.board',
  'educationalDetails.kbeCategory',
  'educationalDetails.kbeStageParticipated',
] as const;
export type CandidateDetailField = (typeof CANDIDATE_DETAIL_FIELDS)[number];
