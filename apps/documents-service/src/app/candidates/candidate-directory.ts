import type { CandidateLanguage, CandidateResult, ExamLevel } from '@kbe/contracts';

/** What the documents need of a candidate (registration-service's internal view, trimmed). */
export interface CandidateDocumentData {
  candidateCode: string;
  /** The language of the labels (English beneath for Marathi and Hindi). */
  language: CandidateLanguage;
  personalDetails: { fullName: string; fatherName: string; motherName: string };
  educationalDetails: { schoolName: string; standard: string; kbeCategory: string; kbeStageParticipated: string };
  feesPaid: boolean;
  hallTicketReleased: boolean;
  certificateReleased: boolean;
  seatNumber: string | null;
  center: string | null;
  examTime: string | null;
  /** The seat exams-service allocated (null: none, or a seat number typed by an admin). */
  examSeat: CandidateExamSeat | null;
  /** The level the candidate is at now (registration-service's `level`; Mains when absent). */
  level: ExamLevel;
  /** One result per published level (registration-service's `results`; none when absent). */
  results: CandidateResult[];
}

/** What the hall ticket prints of an allocated seat (registration-service's `examSeat`, trimmed). */
export interface CandidateExamSeat {
  /** 'M-21-014-0123-6': the candidate's seat number while the seat holds. */
  rollNumber: string;
  room: string;
  centreAddress: string;
  /** The sitting's day, YYYY-MM-DD (India). */
  date: string;
  /** HH:MM, India time. */
  reportingTime: string;
}

export type CandidateFile = 'photo' | 'signature';

/** registration-service, seen from documents-service (its internal API). */
export interface CandidateDirectory {
  /** null when there is no (live) candidate with that code. */
  find(candidateCode: string): Promise<CandidateDocumentData | null>;
  /**
   * As find, but never from a copy kept in memory. A directory that keeps copies offers it, so a
   * refusal (wrong name, not released) is confirmed against registration-service's own record
   * before it is given: a release or a corrected name whose event is still on its way counts.
   */
  findFresh?(candidateCode: string): Promise<CandidateDocumentData | null>;
  /** The JPEG stored at registration, as stored (never re-encoded). */
  file(candidateCode: string, file: CandidateFile): Promise<Buffer>;
}

export const CANDIDATE_DIRECTORY = Symbol('CANDIDATE_DIRECTORY');

/** registration-service did not answer as expected (down, wrong token, bad data). */
export class CandidateDirectoryError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CandidateDirectoryError';
  }
}
