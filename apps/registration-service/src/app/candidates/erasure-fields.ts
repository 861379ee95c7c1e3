/**
 * What an erasure takes from a candidate (consent withdrawn, an erasure request): every personal
 * field becomes empty, the photo and signature keys go, the documents are withdrawn. The tombstone
 * keeps the code, mentor, school, category and standard (counts per school and category), fees and
 * receipt (accounting, earlier levels' in `levelHistory` too) and the consent record (evidence,
 * kept a year after the withdrawal). Scores and ranks go: a result is the candidate's own.
 */
export function erasedCandidateFields(erasedAt: Date): Record<string, unknown> {
  return {
    'personalDetails.fullName': '',
    'personalDetails.fatherName': '',
    'personalDetails.motherName': '',
    'personalDetails.gender': '',
    'personalDetails.dateOfBirth': '',
    'personalDetails.religion': '',
    'personalDetails.region': '',
    'personalDetails.motherTongue': '',
    'contactDetails.phoneNumber': '',
    'contactDetails.email': '',
    guardianDetails: null,
    'orphanDetails.isOrphan': false,
    'permanentAddress.addressLines': '',
    'permanentAddress.village': '',
    'permanentAddress.taluka': '',
    'permanentAddress.district': '',
    'permanentAddress.state': '',
    'permanentAddress.pin': '',
    phoneNumber: '',
    nameSearch: '',
    nameWords: [],
    photoKey: '',
    signatureKey: '',
    seatNumber: null,
    center: null,
    examTime: null,
    hallTicketReleased: false,
    certificateReleased: false,
    results: [],
    resultLevels: [],
    erasedAt,
  };
}

/**
 * What an edition's retention purge takes once its results are a configured time old: photo,
 * signature, the mother's and guardian's names and every phone number. The name, school and
 * category stay (certificates and their verification, results).
 */
export function retentionPurgedFields(purgedAt: Date): Record<string, unknown> {
  return {
    'personalDetails.motherName': '',
    'contactDetails.phoneNumber': '',
    guardianDetails: null,
    phoneNumber: '',
    photoKey: '',
    signatureKey: '',
    retentionPurgedAt: purgedAt,
  };
}

/** The purged fields as the form names them (the retention report lists them). */
export const RETENTION_PURGED_FIELD_NAMES = ['Photo', 'Signature', "Mother's name", "Parent or guardian's name and mobile", 'Mobile number'];
