/**
 * The school and mentor portal (`/einstein-quest/school-portal`): a school (by its school code) or
 * a mentor (by their mentor code) signs in with a one-time code sent to the registered mobile and
 * follows their pupils. A school sees its own mentors and pupils, a mentor their own pupils only.
 * No zod here: the sign-in page imports it and stays small.
 */
import type { ConsentStatus } from './consent.contract';
import type { Pagination } from './api-responses';

export const PORTAL_ROLES = ['school', 'mentor'] as const;
export type PortalRole = (typeof PORTAL_ROLES)[number];

/** How long a portal session lasts after sign-in (absolute; signing in again starts a new one). */
export const PORTAL_SESSION_MINUTES = 60;

export const PORTAL_PATHS = {
  /** `POST` `{ code }` -> `data: PortalOtpSent` */
  otp: '/api/portal/otp',
  /** `POST` `{ code, otp }` -> `data: PortalSession` */
  login: '/api/portal/login',
  /** `POST` with the session's bearer token -> 204; the token stops working at once. */
  logout: '/api/portal/logout',
  /** `GET` -> `data: PortalAccount` */
  me: '/api/portal/me',
  /** `GET ?` PortalCandidateQuery -> `data: PortalCandidateList` */
  candidates: '/api/portal/candidates',
  /** `GET ?` the same filters -> `text/csv` of every matching pupil (PORTAL_CSV_COLUMNS). */
  candidatesExport: '/api/portal/candidates/export.csv',
  /** `GET` (school only; 403 for a mentor) -> `data: { mentors: PortalMentorRow[] }` */
  mentors: '/api/portal/mentors',
  /** `GET` -> `text/csv`: the bulk-registration columns and one example row. */
  importTemplate: '/api/portal/imports/template.csv',
} as const;

/** `POST /api/portal/otp` body. */
export interface PortalOtpRequest {
  /** A school code (`SCH-7KQ2XM`) or a mentor code (`MEN-4HT9PA`), any case, spaces trimmed. */
  code: string;
}

/** `POST /api/portal/otp` -> `data`: where the code went, masked, and when another may be asked. */
export interface PortalOtpSent {
  role: PortalRole;
  /** The registered mobile with all but the last 4 digits hidden: `******3210`. */
  maskedNumber: string;
  expiresAt: string;
  resendAt: string;
}

/** `POST /api/portal/login` body. */
export interface PortalLoginRequest {
  code: string;
  otp: string;
}

/** `POST /api/portal/login` -> `data`: the bearer token of every other portal call. */
export interface PortalSession {
  token: string;
  expiresAt: string;
  role: PortalRole;
  /** The school or mentor code signed in with. */
  code: string;
  /** The school's name, or the mentor's. */
  name: string;
}

/** The counts at the top of the overview: over every pupil in scope, not the current page. */
export interface PortalCounts {
  candidates: number;
  consentGiven: number;
  consentPending: number;
  consentWithdrawn: number;
  feesPaid: number;
  /** Pupils without a photo or without a signature. */
  missingFiles: number;
  hallTicketsReleased: number;
  certificatesReleased: number;
}

/** `GET /api/portal/me` -> `data` */
export interface PortalAccount {
  role: PortalRole;
  code: string;
  name: string;
  schoolCode: string;
  schoolName: string;
  /** A school's mentors (0 for a mentor). */
  mentors: number;
  counts: PortalCounts;
  expiresAt: string;
}

/** One pupil in the overview: status columns only, no contact data of the family. */
export interface PortalCandidateRow {
  candidateCode: string;
  name: string;
  category: string;
  standard: string;
  mentorCode: string;
  consentStatus: ConsentStatus;
  feesPaid: boolean;
  hasPhoto: boolean;
  hasSignature: boolean;
  hallTicketReleased: boolean;
  certificateReleased: boolean;
  createdAt: string;
}

export interface PortalCandidateList {
  candidates: PortalCandidateRow[];
  pagination: Pagination;
  /** Counts over the whole scope (unfiltered). */
  counts: PortalCounts;
}

/** One of a school's mentors. */
export interface PortalMentorRow {
  mentorCode: string;
  name: string;
  phoneNumber: string;
  candidates: number;
  active: boolean;
}

/** The columns of the portal's CSV export, in order. */
export const PORTAL_CSV_COLUMNS = [
  'candidateCode',
  'name',
  'category',
  'standard',
  'mentorCode',
  'consentStatus',
  'feesPaid',
  'hasPhoto',
  'hasSignature',
  'hallTicketReleased',
  'certificateReleased',
  'createdAt',
] as const;

export const PORTAL_MESSAGES = {
  codeRequired: 'Please enter your school code or mentor code',
  codeFormat: 'Enter a school code like SCH-7KQ2XM or a mentor code like MEN-4HT9PA',
  unknownCode: 'No school or mentor is registered with this code',
  inactiveMentor: 'This mentor code is not active. Please contact your school or the organisers',
  otpRequired: 'Please enter the code sent to your mobile',
  otpFormat: 'The code is the 6 digits sent to your mobile',
  otpWrong: 'The code is not right. Please check the SMS and try again',
  otpExpired: 'The code has expired. Please ask for a new one',
  otpExhausted: 'Too many wrong tries. Please ask for a new code',
  otpNone: 'Please ask for a code first',
  tooSoon: 'A code was sent a moment ago. Please wait before asking again',
  dailyLimit: 'Too many codes were sent to this mobile today. Please try again tomorrow',
  smsUnavailable: 'The code could not be sent just now. Please try again in a moment',
  signInRequired: 'Please sign in to the school portal',
  sessionExpired: 'Your session has ended. Please sign in again',
  schoolsOnly: 'Only the school can see its mentors',
} as const;

/**
 * The columns of the bulk-registration CSV (`GET /api/portal/imports/template.csv`): every field of
 * the candidate registration form, flattened with the candidate schema's names (`personalDetails.
 * fullName`), then the photo's and the signature's file names in the ZIP sent with the CSV.
 */
export const PORTAL_IMPORT_COLUMNS = [
  'mentorCode',
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
  'educationalDetails.fees',
  'language',
  'photo',
  'signature',
] as const;
export type PortalImportColumn = (typeof PORTAL_IMPORT_COLUMNS)[number];

/** The portal's page (the shell's route): the sign-in SMS names it. */
export const PORTAL_PAGE_PATH = '/einstein-quest/school-portal';
