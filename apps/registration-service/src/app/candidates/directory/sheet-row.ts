import { examTimeIso, TBA, type CandidateSheetRow } from '@kbe/contracts';
import type { DirectoryEntry } from './directory-entry';

/** One row of the CSV export, from the directory alone (no read of the store). */
export function sheetRowOf(entry: DirectoryEntry): CandidateSheetRow {
  const { sheet } = entry;
  return {
    candidateId: entry.code,
    name: sheet.fullName,
    fatherName: sheet.fatherName,
    category: entry.category,
    standard: entry.standard,
    schoolName: sheet.schoolName,
    district: entry.district ?? '',
    mentorCode: entry.mentorCode,
    contact: entry.phoneNumber,
    email: sheet.email,
    feesPaid: entry.feesPaid,
    receiptNumber: sheet.receiptNumber,
    hallTicketReleased: entry.hallTicketReleased,
    certificateReleased: entry.certificateReleased,
    consentStatus: entry.consent,
    center: sheet.center ?? TBA,
    seatNumber: sheet.seatNumber ?? TBA,
    examTime: sheet.examTime === null ? TBA : examTimeIso(new Date(sheet.examTime)),
    createdAt: new Date(entry.createdAt).toISOString(),
    deletedAt: entry.deletedAt === null ? null : new Date(entry.deletedAt).toISOString(),
  };
}
