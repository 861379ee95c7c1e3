import { examTimeOf, type ConsentStatus, type ExamLevel } from '@kbe/contracts';
import { FIRST_LEVEL, levelOf } from '../exam-result';

/**
 * What the candidate directory keeps of one candidate: the fields the admin lists filter, sort,
 * search and count on, and the columns of the CSV export, nothing else (about 20,000 of these per
 * process; docs/adr/0006).
 */
export interface DirectoryEntry {
  code: string;
  /** Milliseconds since the epoch. */
  createdAt: number;
  /** Normalised full name (normaliseText): sorted on, and its words searched by prefix. */
  nameSearch: string;
  phoneNumber: string;
  mentorCode: string;
  schoolCode: string;
  category: string;
  standard: string;
  district: string | null;
  taluka: string | null;
  /** The level the candidate sits now (seating, the admin list's level filter). */
  level: ExamLevel;
  /** The roll number of the seat exams-service allocated; null when none (or typed by hand). */
  rollNumber: string | null;
  feesPaid: boolean;
  hallTicketReleased: boolean;
  certificateReleased: boolean;
  /** Parental consent: filtered and counted on, the consent-pending SMS group. */
  consent: ConsentStatus;
  /** The guardian's mobile when the registration named one (consent reminders go there), else null. */
  guardianPhone: string | null;
  /** A photo and a signature are stored (their keys are set; an erasure clears them). */
  hasPhoto: boolean;
  hasSignature: boolean;
  /** Milliseconds since the epoch; null while the candidate is live. */
  deletedAt: number | null;
  /**
   * A 32-bit hash of what the candidate's documents print (names, school, category, stage,
   * language, seat, centre, time, photo and signature, level): a change of it is a new PDF. A class's
   * hall tickets are cached by it (portal/hall-tickets).
   */
  printed: number;
  /** The export's other columns: the store decodes whole documents, too slow for 20,000 rows. */
  sheet: SheetFields;
}

export interface SheetFields {
  fullName: string;
  fatherName: string;
  schoolName: string;
  email: string;
  receiptNumber: string | null;
  center: string | null;
  seatNumber: string | null;
  /** Milliseconds since the epoch; null while unassigned. */
  examTime: number | null;
}

/** The stored fields an entry is made of (a find projection). */
export const DIRECTORY_ENTRY_PROJECTION = {
  candidateCode: 1,
  createdAt: 1,
  nameSearch: 1,
  phoneNumber: 1,
  mentorCode: 1,
  schoolCode: 1,
  'educationalDetails.kbeCategory': 1,
  'educationalDetails.standard': 1,
  'educationalDetails.kbeStageParticipated': 1,
  'personalDetails.motherName': 1,
  language: 1,
  'permanentAddress.district': 1,
  'permanentAddress.taluka': 1,
  examSeat: 1,
  level: 1,
  feesPaid: 1,
  hallTicketReleased: 1,
  certificateReleased: 1,
  consentStatus: 1,
  'guardianDetails.phoneNumber': 1,
  photoKey: 1,
  signatureKey: 1,
  deletedAt: 1,
  'personalDetails.fullName': 1,
  'personalDetails.fatherName': 1,
  'educationalDetails.schoolName': 1,
  'contactDetails.email': 1,
  receiptNumber: 1,
  center: 1,
  seatNumber: 1,
  examTime: 1,
} as const;

/** A stored candidate as read with DIRECTORY_ENTRY_PROJECTION (or whole). */
export interface StoredDirectoryFields {
  candidateCode: string;
  createdAt: Date;
  nameSearch: string;
  phoneNumber: string;
  mentorCode: string;
  schoolCode: string;
  educationalDetails?: { kbeCategory?: string; standard?: string; schoolName?: string; kbeStageParticipated?: string };
  permanentAddress?: { district?: string | null; taluka?: string | null };
  examSeat?: { rollNumber?: string; room?: string; centreAddress?: string; reportingTime?: string } | null;
  personalDetails?: { fullName?: string; fatherName?: string; motherName?: string };
  language?: string;
  contactDetails?: { email?: string | null };
  receiptNumber?: string | null;
  center?: string | null;
  seatNumber?: string | null;
  /** A date; a text on candidates assigned before exam times were dates. */
  examTime?: Date | string | null;
  level?: ExamLevel | null;
  feesPaid?: boolean;
  hallTicketReleased?: boolean;
  certificateReleased?: boolean;
  consentStatus?: 'given' | 'withdrawn' | null;
  guardianDetails?: { phoneNumber?: string | null } | null;
  photoKey?: string | null;
  signatureKey?: string | null;
  deletedAt?: Date | null;
}

/** Values many candidates share (mentor, school, category, standard, district) are kept once. */
const shared = new Map<string, string>();
function once(value: string): string {
  const kept = shared.get(value);
  if (kept !== undefined) return kept;
  shared.set(value, value);
  return value;
}

/** FNV-1a, 32 bits, of the UTF-16 code units: cheap enough for 20,000 entries at every pass. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** DirectoryEntry.printed of a stored candidate. */
export function printedHashOf(doc: StoredDirectoryFields): number {
  const examTime = doc.examTime == null ? '' : doc.examTime instanceof Date ? doc.examTime.toISOString() : String(doc.examTime);
  return fnv1a(
    JSON.stringify([
      doc.personalDetails?.fullName ?? '',
      doc.personalDetails?.fatherName ?? '',
      doc.personalDetails?.motherName ?? '',
      doc.educationalDetails?.schoolName ?? '',
      doc.educationalDetails?.standard ?? '',
      doc.educationalDetails?.kbeCategory ?? '',
      doc.educationalDetails?.kbeStageParticipated ?? '',
      doc.language ?? '',
      doc.seatNumber ?? '',
      doc.center ?? '',
      examTime,
      doc.photoKey ?? '',
      doc.signatureKey ?? '',
      ...(doc.examSeat ? [doc.examSeat.room ?? '', doc.examSeat.centreAddress ?? '', doc.examSeat.reportingTime ?? ''] : []),
      // the first level adds nothing: the hashes of candidates stored before levels stay as they were
      ...(levelOf(doc.level) === FIRST_LEVEL ? [] : [levelOf(doc.level)]),
    ]),
  );
}

export function directoryEntryOf(doc: StoredDirectoryFields): DirectoryEntry {
  const district = doc.permanentAddress?.district;
  return {
    code: doc.candidateCode,
    createdAt: new Date(doc.createdAt).getTime(),
    nameSearch: doc.nameSearch ?? '',
    phoneNumber: doc.phoneNumber ?? '',
    mentorCode: once(doc.mentorCode),
    schoolCode: once(doc.schoolCode),
    category: once(doc.educationalDetails?.kbeCategory ?? ''),
    standard: once(doc.educationalDetails?.standard ?? ''),
    district: district == null ? null : once(district),
    taluka: doc.permanentAddress?.taluka == null ? null : once(doc.permanentAddress.taluka),
    level: levelOf(doc.level),
    rollNumber: doc.examSeat?.rollNumber ?? null,
    feesPaid: doc.feesPaid === true,
    hallTicketReleased: doc.hallTicketReleased === true,
    certificateReleased: doc.certificateReleased === true,
    consent: doc.consentStatus ?? 'pending',
    guardianPhone: doc.guardianDetails?.phoneNumber || null,
    hasPhoto: Boolean(doc.photoKey),
    hasSignature: Boolean(doc.signatureKey),
    deletedAt: doc.deletedAt ? new Date(doc.deletedAt).getTime() : null,
    printed: printedHashOf(doc),
    sheet: {
      fullName: doc.personalDetails?.fullName ?? '',
      fatherName: doc.personalDetails?.fatherName ?? '',
      schoolName: once(doc.educationalDetails?.schoolName ?? ''),
      email: doc.contactDetails?.email ?? '',
      receiptNumber: doc.receiptNumber ?? null,
      center: doc.center == null ? null : once(doc.center),
      seatNumber: doc.seatNumber ?? null,
      examTime: examTimeOf(doc.examTime)?.getTime() ?? null,
    },
  };
}
