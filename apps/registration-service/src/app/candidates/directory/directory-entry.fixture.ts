import type { DirectoryEntry } from './directory-entry';

/** When the test candidates registered, unless a test says otherwise. */
export const T0 = Date.parse('2025-10-01T00:00:00Z');

/** A directory entry for tests: an unpaid Sec candidate from Nashik, with `fields` over it. */
export function entry(code: string, fields: Partial<DirectoryEntry> = {}): DirectoryEntry {
  return {
    code,
    createdAt: T0,
    nameSearch: 'some one',
    phoneNumber: '9000000000',
    mentorCode: 'MEN-AAAAAA',
    schoolCode: 'SCH-AAAAAA',
    category: 'Sec',
    standard: '8th',
    district: 'Nashik',
    taluka: 'Niphad',
    level: 'Mains',
    rollNumber: null,
    feesPaid: false,
    hallTicketReleased: false,
    certificateReleased: false,
    consent: 'pending',
    guardianPhone: null,
    hasPhoto: true,
    hasSignature: true,
    deletedAt: null,
    printed: 0,
    sheet: { fullName: 'Some One', fatherName: 'Some Father', schoolName: 'Some School', email: '', receiptNumber: null, center: null, seatNumber: null, examTime: null },
    ...fields,
  };
}
