import type { FieldError } from './validation-result.util';

/** Every successful answer: `{ success: true, message, data }`. */
export interface ApiSuccess<T> {
  success: true;
  message: string;
  data: T;
}

/** Every error answer (NestJS style); `errors` lists field problems of a 400. */
export interface ApiErrorBody {
  statusCode: number;
  message: string;
  errors?: FieldError[];
}

export interface SchoolRegistered {
  schoolCode: string;
  schoolName: string;
}
export type SchoolRegistrationResponse = ApiSuccess<SchoolRegistered> & { schoolCode: string };

export interface MentorRegistered {
  mentorCode: string;
  name: string;
  schoolCode: string;
}
export type MentorRegistrationResponse = ApiSuccess<MentorRegistered> & { mentorCode: string };

export interface CandidateRegistered {
  candidateCode: string;
  /** Same value as candidateCode (spec: candidateId). */
  candidateId: string;
  fullName: string;
  mentorCode: string;
}
export type CandidateRegistrationResponse = ApiSuccess<CandidateRegistered> & { candidateCode: string };

/** Public school lookup (`GET /api/schools?code=`): only what a mentor needs to confirm. */
export interface SchoolLookupItem {
  code: string;
  name: string;
  city: string;
}
export type SchoolLookupResponse = ApiSuccess<SchoolLookupItem[]>;

/**
 * Candidate search answer (`GET /api/candidates/search/{code}`). It never contains the
 * mother's name (checked on the server only) and the phone number is masked.
 */
export interface CandidateSearchResult {
  candidateCode: string;
  fullName: string;
  fatherName: string;
  /** '******1234' */
  maskedPhoneNumber: string;
  /** The same masked number under the name the download page reads ('******1234'). */
  phoneNumber: string;
  hallTicketReleased: boolean;
  certificateReleased: boolean;
  /** Parental consent: the downloads page links to the consent page while it is pending. */
  consentStatus?: 'pending' | 'given' | 'withdrawn';
  /** Spec section 3 shape of the same values (never the mother's name). */
  personalDetails: { fullName: string; fatherName: string };
  contactDetails: { phoneNumber: string };
}
export type CandidateSearchResponse = ApiSuccess<CandidateSearchResult>;

/** '9876541234' -> '******1234'; anything shorter than 5 characters is fully masked. */
export function maskPhoneNumber(phone: string): string {
  const digits = phone.trim();
  if (digits.length < 5) return '*'.repeat(digits.length);
  return '*'.repeat(digits.length - 4) + digits.slice(-4);
}

/** Paging of every list answer. */
export interface Pagination {
  current: number;
  pages: number;
  total: number;
}

/** Public statistics (`GET /api/statistics`); active candidates are those whose fees are paid. */
export interface RegistrationStatistics {
  totalSchools: number;
  totalMentors: number;
  totalCandidates: number;
  activeCandidates: number;
}
export type StatisticsResponse = ApiSuccess<RegistrationStatistics>;
