import type { CandidateDocumentData } from './candidate-directory';

/** A registered candidate as registration-service's lookup answers it, for unit tests. */
export const candidateDocumentData = (overrides: Partial<CandidateDocumentData> = {}): CandidateDocumentData => ({
  candidateCode: 'KBE123456ABC',
  language: 'en',
  personalDetails: { fullName: 'Aarav Patil', fatherName: 'Suresh Patil', motherName: 'Meena  Patil' },
  educationalDetails: { schoolName: 'Nashik Model School', standard: '8th', kbeCategory: 'Sec', kbeStageParticipated: 'Mains' },
  feesPaid: true,
  hallTicketReleased: true,
  certificateReleased: false,
  seatNumber: null,
  center: null,
  examTime: null,
  examSeat: null,
  level: 'Mains',
  results: [],
  ...overrides,
});
