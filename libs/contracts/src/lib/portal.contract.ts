/**
 * The school and mentor portal (`/einstein-quest/school-portal`): a school (by its school code) or
 * a mentor (by their mentor code) signs in with a one-time code sent to the registered mobile and
 * follows their pupils. A school sees its own mentors and pupils, a mentor their own pupils only.
 * No zod here: the sign-in page imports it and stays small.
 */
import { CANDIDATE_DETAIL_FIELDS } from './candidate-detail-fields';
import type { ConsentStatus } from './consent.contract';

/**
 * A page's place in a list: the shape of api-responses' `Pagination`, declared here because that
 * module reaches zod (zod-free.spec.ts) and this one must not.
 */
interface Pagination {
  current: number;
  pages: number;
  total: number;
}

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
  /**
   * `POST` multipart (`file`: the sheet, CSV or XLSX; `photos`: a ZIP; `dryRun`: true|false) -> 202
   * `data: PortalImportJob`; `GET ?page&limit` -> `data: PortalImportList` (the caller's, newest first).
   */
  imports: '/api/portal/imports',
  /** `POST` -> 202 `data: ClassHallTicketsJob` (the same job at once while nothing changed); 409 when none is released. */
  hallTickets: '/api/portal/hall-tickets',
  /** `GET` -> `data: ClassHallTicketsJob`; 404 for an unknown job or another's. */
  hallTicketsJob: (id: string) => `/api/portal/hall-tickets/${encodeURIComponent(id)}`,
  /** `GET` -> the PDF (attachment) once completed; 409 before. */
  hallTicketsFile: (id: string) => `/api/portal/hall-tickets/${encodeURIComponent(id)}/file`,
} as const;

/** `GET` -> `data: PortalImportJob` (404 for an unknown id and for another school's or mentor's job alike). */
export function portalImportPath(id: string): string {
  return `${PORTAL_PATHS.imports}/${encodeURIComponent(id)}`;
}

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
  ...CANDIDATE_DETAIL_FIELDS,
  'educationalDetails.fees',
  'language',
  'photo',
  'signature',
] as const;
export type PortalImportColumn = (typeof PORTAL_IMPORT_COLUMNS)[number];

/** What one upload may hold (`POST /api/portal/imports`); beyond them the upload is refused (400 or 413). */
export const PORTAL_IMPORT_LIMITS = {
  /** The sheet (CSV or XLSX). */
  sheetBytes: 2 * 1024 * 1024,
  sheetLabel: '2 MB',
  /** Pupils (rows under the header). */
  rows: 1000,
  /** The ZIP of photos and signatures. */
  archiveBytes: 150 * 1024 * 1024,
  archiveLabel: '150 MB',
  archiveEntries: 2500,
} as const;

export const PORTAL_IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type PortalImportStatus = (typeof PORTAL_IMPORT_STATUSES)[number];

/**
 * What became of one row: `valid` (a dry run found nothing wrong), `registered`, `already-registered`
 * (an earlier upload, or the public form, registered the same pupil: `candidateCode` is that first
 * code), `invalid` (its `errors`, at the form's fields), `failed` (it could not be stored just now;
 * uploading the file again retries it).
 */
export const PORTAL_IMPORT_ROW_STATUSES = ['valid', 'registered', 'already-registered', 'invalid', 'failed'] as const;
export type PortalImportRowStatus = (typeof PORTAL_IMPORT_ROW_STATUSES)[number];

/** One problem of a row: the column (the candidate schema's name, or `photo`, `signature`) and the form's message. */
export interface PortalImportFieldError {
  field: string;
  message: string;
  /** The message's key (`messageKeyOf`), when the contracts know the text. */
  key?: string;
  values?: Record<string, string | number>;
}

export interface PortalImportRow {
  /** The row's line in the sheet, 1-based (the header is line 1, the first pupil line 2). */
  row: number;
  status: PortalImportRowStatus;
  candidateCode?: string;
  /** The pupil's full name as the row gives it. */
  name?: string;
  errors: PortalImportFieldError[];
}

/** `GET /api/portal/imports/{id}` -> `data`: a dry run's report, or an import's progress and outcome per row. */
export interface PortalImportJob {
  id: string;
  dryRun: boolean;
  status: PortalImportStatus;
  /** The sheet's name as uploaded. */
  fileName: string;
  /** Rows in the sheet. */
  total: number;
  processed: number;
  /** A dry run: rows that would register. */
  registered: number;
  alreadyRegistered: number;
  /** Rows invalid or failed. */
  failed: number;
  createdAt: string;
  finishedAt: string | null;
  /** Rows done so far, in sheet order. */
  rows: PortalImportRow[];
}

/** One job in the list: its counts without the rows. */
export type PortalImportSummary = Omit<PortalImportJob, 'rows'>;

/** `GET /api/portal/imports` -> `data` */
export interface PortalImportList {
  imports: PortalImportSummary[];
  pagination: Pagination;
}

export const PORTAL_IMPORT_MESSAGES = {
  fileRequired: 'Please choose the sheet of pupils (CSV or XLSX) to upload',
  fileType: 'The sheet must be a CSV file or an Excel workbook (.xlsx)',
  fileUnreadable: 'The sheet could not be read. Please save it again as CSV (UTF-8) or XLSX and upload it',
  fileTooLarge: `The sheet must be smaller than ${PORTAL_IMPORT_LIMITS.sheetLabel}`,
  tooManyRows: `The sheet has more than ${PORTAL_IMPORT_LIMITS.rows} pupils. Please split it into smaller sheets`,
  noRows: 'The sheet has no pupils under its header row',
  photosType: 'The photos must be a ZIP file',
  photosUnreadable: 'The ZIP of photos could not be read. Please make it again and upload it',
  photosTooLarge: `The ZIP of photos must be smaller than ${PORTAL_IMPORT_LIMITS.archiveLabel}`,
  tooManyPhotos: `The ZIP holds more than ${PORTAL_IMPORT_LIMITS.archiveEntries} files. Please split the sheet and its photos`,
  dryRun: 'dryRun must be true or false',
  notFound: 'No such import',
  mentorNotYours: 'A mentor can only register their own pupils: leave the Mentor Code empty or enter yours',
  mentorNotInSchool: "This Mentor Code is not one of your school's active mentors",
  rowFailed: 'This pupil could not be registered just now. Please upload the file again later',
} as const;

/** The sheet's header is not the template's: which columns are unknown, which are missing. */
export function portalImportColumnsMessage(unknown: readonly string[], missing: readonly string[]): string {
  const parts: string[] = [];
  if (unknown.length > 0) parts.push(`unknown column${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`);
  if (missing.length > 0) parts.push(`missing column${missing.length > 1 ? 's' : ''}: ${missing.join(', ')}`);
  return `The sheet's columns must be the template's (${PORTAL_PATHS.importTemplate}); ${parts.join('; ')}`;
}

/** The portal's page (the shell's route): the sign-in SMS names it. */
export const PORTAL_PAGE_PATH = '/einstein-quest/school-portal';

export const CLASS_HALL_TICKETS_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ClassHallTicketsStatus = (typeof CLASS_HALL_TICKETS_STATUSES)[number];

/**
 * One PDF with every released hall ticket of the school's (or mentor's) pupils, ordered by seat
 * number, then candidate code (roll numbers will come first once they exist).
 */
export interface ClassHallTicketsJob {
  id: string;
  status: ClassHallTicketsStatus;
  /** Released hall tickets the PDF holds once completed. */
  total: number;
  /** Hall tickets in the PDF so far. */
  rendered: number;
  /** Pupils in scope whose hall ticket is not released: counted and listed by code. */
  skipped: { count: number; candidateCodes: string[] };
  createdAt: string;
  finishedAt: string | null;
  /** `SCH-7KQ2XM_hall-tickets.pdf` (the school's or the mentor's code). */
  fileName: string;
}

export const PORTAL_HALL_TICKET_MESSAGES = {
  noneReleased: 'None of your pupils has a released hall ticket yet',
  jobNotFound: 'No such hall-ticket file was requested with this account',
  notReady: 'The hall-ticket file is still being prepared. Please try again when its status is completed',
  failed: 'The hall-ticket file could not be made. Please request it again',
  unavailable: 'The hall tickets could not be prepared just now. Please try again in a moment',
} as const;

/** The file name of a class's hall tickets. */
export const classHallTicketsFileName = (code: string): string => `${code}_hall-tickets.pdf`;
