import type { CandidateDataExport } from '@kbe/contracts';

/** A guardian's data export as registration-service builds it (photo and signature given), for tests. */
export const candidateDataExport = (overrides: Partial<CandidateDataExport> = {}): CandidateDataExport => ({
  generatedAt: '2026-01-10T10:00:00.000Z',
  candidateCode: 'KBE123456ABC',
  registeredAt: '2025-09-01T04:30:00.000Z',
  registration: {
    mentorCode: 'MEN123456ABC',
    schoolCode: 'SCH123456ABC',
    personalDetails: { fullName: 'आरव पाटील', fatherName: 'Suresh Patil', motherName: 'Meena Patil', dateOfBirth: '2012-05-04' },
    contactDetails: { phoneNumber: '9876543210', email: '' },
    guardianDetails: null,
    orphanDetails: { isOrphan: false },
    educationalDetails: { schoolName: 'Nashik Model School', standard: '8th', kbeCategory: 'Sec' },
  },
  organiserRecord: {
    feesPaid: true,
    receiptNumber: 'R-0042',
    seatNumber: null,
    center: null,
    examTime: '2025-11-05T04:30:00.000Z',
    hallTicketReleased: true,
    certificateReleased: false,
  },
  files: { photo: 'data:image/jpeg;base64,/9j/4AAQSkZJRgABAQ==', signature: null },
  consent: {
    status: 'given',
    givenAt: '2025-09-01T05:00:00.000Z',
    noticeVersion: '2025-08',
    lang: 'mr',
    method: 'otp',
    withdrawnAt: null,
    codeSentTo: '98xxxxxx10',
  },
  requests: [
    {
      id: 'DR000123',
      candidateCode: 'KBE123456ABC',
      kind: 'correction',
      details: 'The father’s name is spelt Suresh, not Suresj.',
      status: 'done',
      requestedAt: '2025-12-01T06:00:00.000Z',
      dueAt: '2026-03-01T06:00:00.000Z',
      handledBy: 'admin.meera',
      handledAt: '2025-12-02T07:00:00.000Z',
      resolution: 'Corrected.',
    },
  ],
  elsewhere: ['SMS log of the notifications service: the number and the text.', 'Backups: overwritten in turn.'],
  ...overrides,
});
