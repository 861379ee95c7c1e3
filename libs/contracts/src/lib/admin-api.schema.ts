import { z } from 'zod';
import type { ApiSuccess, Pagination } from './api-responses';
import type { CandidateRegistration } from './candidate.schema';
import { KBE_CATEGORIES } from './registration.choices';
import { CONSENT_STATUSES, type ConsentStatus } from './consent.contract';
import type { CandidateLanguage } from './language';
import { EXAM_LEVELS, type ExamLevel } from './exams.schema';
import { EXAM_TIME_FORMAT_MESSAGE, EXAM_TIME_INPUT_PATTERN, parseExamTime } from './exam-time.util';
import { MAX_TEXT_LENGTH } from './field.rules';
import type { MentorRegistration } from './mentor.schema';
import { CANDIDATE_CODE_PATTERN } from './registration-code.util';

/**
 * The admin API (spec sections 2-8, issue 8): request schemas, answer types and messages shared
 * by admin-service and the admin remote. Every answer is `{ success, message, data }` unless said
 * otherwise; every error is `{ statusCode, message, errors? }` (`ApiErrorBody`).
 */

// ---------------------------------------------------------------------------------------------
// Roles, messages
// ---------------------------------------------------------------------------------------------

/** `admin` may do everything; `viewer` only reads (a write answers 403). */
export const ADMIN_ROLES = ['admin', 'viewer'] as const;
export type AdminRole = (typeof ADMIN_ROLES)[number];

export interface AdminUser {
  username: string;
  role: AdminRole;
}

export const ADMIN_MESSAGES = {
  loginSucceeded: 'Login Successful',
  loginWelcome: 'Welcome to the admin dashboard!',
  invalidCredentials: 'Invalid username or password',
  /** 429 answer of the login; `Retry-After` says when to try again. */
  tooManyAttempts: 'Too many failed login attempts. Please wait and try again.',
  loggedOut: 'Logged Out',
  /** 401 without a token, per endpoint family (spec section 6). */
  noTokenLists: 'No authentication token found',
  noTokenSms: 'Admin authentication required',
  noTokenBulkRelease: 'Authentication token not found',
  /** 401 for a token that is malformed, expired, revoked or signed by another key. */
  invalidToken: 'Invalid or expired token',
  /** 403 for a viewer's write. */
  forbidden: 'Your role may view but not change anything',
  paymentRequiredTitle: 'Payment Required',
  paymentRequired: 'Candidate must pay fees before hall ticket can be released.',
  /** 409 of a hall ticket's release while the edition asks for a seat (EDITION_SEAT_REQUIRED_FOR_HALL_TICKET) and there is none. */
  seatRequiredTitle: 'No Exam Seat',
  seatRequired: 'Candidate has no exam seat yet: allocate seats (or assign one) before releasing the hall ticket',
  noCandidatesTitle: 'No Candidates',
  noEligibleCandidates: 'No eligible candidates found for hall ticket release.',
  candidateNotFound: 'Candidate not found',
  mentorNotFound: 'Mentor not found',
  jobNotFound: 'Release job not found',
  campaignNotFound: 'SMS campaign not found',
} as const;

// ---------------------------------------------------------------------------------------------
// Login, session
// ---------------------------------------------------------------------------------------------

export const adminLoginSchema = z.object({
  username: z.string({ error: 'Username is required' }).trim().min(1, { error: 'Username is required' }).max(64),
  password: z.string({ error: 'Password is required' }).min(1, { error: 'Password is required' }).max(200),
});
export type AdminLoginInput = z.input<typeof adminLoginSchema>;

/** `POST /api/admin/login` 200. A failure is 401 `{ message: invalidCredentials }` or 429 + `Retry-After`. */
export interface AdminLoginResponse {
  success: true;
  message: string;
  token: string;
  /** Seconds until the token expires. */
  expiresIn: number;
  user: AdminUser;
}

/** `GET /api/admin/me` 200. */
export interface AdminMeResponse {
  user: AdminUser;
}

/** `POST /api/admin/logout` 200: the token's `jti` is refused from now on. */
export type AdminLogoutResponse = ApiSuccess<null>;

// ---------------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------------

export interface DashboardStats {
  totalCandidates: number;
  /** Candidates whose fees are paid (DECISIONS). */
  activeCandidates: number;
  totalMentors: number;
  totalSchools: number;
}

export interface CountByKey {
  key: string;
  count: number;
}

/** `GET /api/admin/dashboard` -> `data`. */
export interface AdminDashboardData {
  stats: DashboardStats;
  /** The last 30 days, oldest first, `date` as YYYY-MM-DD (UTC); days without registrations count 0. */
  registrationsPerDay: { date: string; count: number }[];
  byCategory: CountByKey[];
  byStandard: CountByKey[];
  /** Largest first, at most 20. */
  byDistrict: CountByKey[];
  fees: { paid: number; unpaid: number };
  releases: { hallTickets: number; certificates: number };
}
export type AdminDashboardResponse = ApiSuccess<AdminDashboardData>;

// ---------------------------------------------------------------------------------------------
// Lists
// ---------------------------------------------------------------------------------------------

export const ADMIN_PAGE_SIZE_MAX = 100;
export const ADMIN_PAGE_SIZE_DEFAULT = 20;

const fromQuery = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value);
const queryInt = (label: string, max: number) =>
  z.preprocess(
    fromQuery,
    z
      .number({ error: `${label} must be a whole number between 1 and ${max}` })
      .int({ error: `${label} must be a whole number between 1 and ${max}` })
      .min(1, { error: `${label} must be a whole number between 1 and ${max}` })
      .max(max, { error: `${label} must be a whole number between 1 and ${max}` })
      .optional(),
  );
/** `?search=` of every list: trimmed, at most 100 characters, blank means none (NUL refused: it cannot travel in a database regular expression). */
export const listSearchQuery = z
  .string({ error: 'search must be text' })
  .trim()
  .max(100, { error: 'search must be at most 100 characters' })
  // eslint-disable-next-line no-control-regex -- the one character refused is NUL, on purpose
  .regex(/^[^\u0000]*$/, { error: 'search must not contain a NUL character' })
  .optional()
  .transform((value) => (value ? value : undefined));
const unknownQueryKey = {
  error: (issue: { code: string; keys?: string[] }) =>
    issue.code === 'unrecognized_keys' ? `Unknown query parameter: ${(issue.keys ?? []).join(', ')}` : undefined,
};
/** `?page=&limit=` of every list. */
export const listPageQuery = { page: queryInt('page', 100_000), limit: queryInt('limit', ADMIN_PAGE_SIZE_MAX) };

export const CANDIDATE_FEES_FILTERS = ['all', 'paid', 'unpaid'] as const;
export const RELEASED_FILTERS = ['all', 'released', 'not-released'] as const;
export const CANDIDATE_SORTS = ['newest', 'oldest', 'name', 'candidateId'] as const;
export type CandidateFeesFilter = (typeof CANDIDATE_FEES_FILTERS)[number];
export type ReleasedFilter = (typeof RELEASED_FILTERS)[number];
export type CandidateSort = (typeof CANDIDATE_SORTS)[number];

/** The filter part of a candidate list, also the scope of bulk releases and CSV exports. */
export const candidateFilterFields = {
  filter: z.enum(CANDIDATE_FEES_FILTERS, { error: 'filter must be all, paid or unpaid' }).optional(),
  /** Hall ticket released or not. */
  released: z.enum(RELEASED_FILTERS, { error: 'released must be all, released or not-released' }).optional(),
  certificate: z.enum(RELEASED_FILTERS, { error: 'certificate must be all, released or not-released' }).optional(),
  category: z.enum(KBE_CATEGORIES, { error: 'category must be Prime, Sec or High' }).optional(),
  /** Parental consent pending (no record), given or withdrawn. */
  consent: z.enum(CONSENT_STATUSES, { error: 'consent must be pending, given or withdrawn' }).optional(),
  /** Name anywhere (any case), candidate id prefix or mobile number prefix. */
  search: listSearchQuery,
};

/** `?level=`: the candidates who sit that level now (Mains until a published result moves them on). */
export const candidateLevelFilter = z.enum(EXAM_LEVELS, { error: 'level must be Mains, Advanced or Super Advanced' }).optional();

/**
 * `GET /api/admin/candidates?filter=&released=&certificate=&category=&level=&search=&page=&limit=&sort=&deleted=`
 * (`deleted=true` lists soft-deleted candidates, for restore). Also `GET .../candidates/export.csv`.
 */
export const adminCandidateListQuerySchema = z.strictObject(
  {
    ...candidateFilterFields,
    level: candidateLevelFilter,
    sort: z.enum(CANDIDATE_SORTS, { error: 'sort must be newest, oldest, name or candidateId' }).optional(),
    deleted: z.enum(['true', 'false'], { error: 'deleted must be true or false' }).optional(),
    ...listPageQuery,
  },
  unknownQueryKey,
);
export type AdminCandidateListQuery = z.input<typeof adminCandidateListQuerySchema>;

export const TBA = 'TBA';

/** One row of the admin candidate tables (spec section 3). */
export interface AdminCandidateListItem {
  id: string;
  candidateId: string;
  candidateCode: string;
  name: string;
  fatherName: string;
  category: string;
  /** 'TBA' until assigned. */
  center: string;
  contact: string;
  email: string;
  mentorCode: string;
  schoolName: string;
  standard: string;
  district: string;
  feesPaid: boolean;
  receiptNumber: string | null;
  hallTicketReleased: boolean;
  certificateReleased: boolean;
  /** Parental consent; the documents wait for it. */
  consentStatus: ConsentStatus;
  /** Short-lived signed links (minutes) to the images, handed to admins only. */
  photo: string;
  signature: string;
  /** 'TBA' until assigned. */
  seatNumber: string;
  stage: string;
  /** The level the candidate sits now (registration-service answers it; Mains until a published result moves them on). */
  level?: ExamLevel;
  /** ISO 8601 in India time ('2025-11-05T10:00:00+05:30'); 'TBA' until assigned. Shown to people with `formatExamTime`. */
  examTime: string;
  createdAt: string;
  /** Set for a soft-deleted candidate (`deleted=true` lists). */
  deletedAt: string | null;
}

/** The columns of the candidates CSV export: a list row without the links and the stage. */
export type CandidateSheetRow = Omit<AdminCandidateListItem, 'id' | 'candidateCode' | 'photo' | 'signature' | 'stage'>;

/**
 * The candidate view: the list row plus every registration field, and the candidate's language
 * (always set: English for candidates registered before it existed), which the edit changes.
 */
export type AdminCandidateDetail = AdminCandidateListItem &
  CandidateRegistration & { schoolCode: string; language: CandidateLanguage };

export interface AdminCandidateListData {
  candidates: AdminCandidateListItem[];
  pagination: Pagination;
}
export type AdminCandidateListResponse = ApiSuccess<AdminCandidateListData>;
export type AdminCandidateResponse = ApiSuccess<AdminCandidateDetail>;

export const MENTOR_STATUS_FILTERS = ['all', 'active', 'inactive'] as const;
export const MENTOR_SORTS = ['newest', 'oldest', 'name', 'mentorCode'] as const;

/** `GET /api/admin/mentors?status=&search=&page=&limit=&sort=`; also `.../mentors/export.csv`. */
export const adminMentorListQuerySchema = z.strictObject(
  {
    status: z.enum(MENTOR_STATUS_FILTERS, { error: 'status must be all, active or inactive' }).optional(),
    search: listSearchQuery,
    sort: z.enum(MENTOR_SORTS, { error: 'sort must be newest, oldest, name or mentorCode' }).optional(),
    ...listPageQuery,
  },
  unknownQueryKey,
);
export type AdminMentorListQuery = z.input<typeof adminMentorListQuerySchema>;

/** One row of the admin mentor table (spec section 3; `location` is the address city). */
export interface AdminMentorListItem {
  id: string;
  mentorCode: string;
  name: string;
  email: string;
  mobile: string;
  location: string;
  isActive: boolean;
  schoolCode: string;
  subjectTeaching: string;
  workExperience: number;
  createdAt: string;
}
export type AdminMentorDetail = AdminMentorListItem & MentorRegistration;
export interface AdminMentorListData {
  mentors: AdminMentorListItem[];
  pagination: Pagination;
}
export type AdminMentorListResponse = ApiSuccess<AdminMentorListData>;
export type AdminMentorResponse = ApiSuccess<AdminMentorDetail>;

export const SCHOOL_SORTS = ['newest', 'oldest', 'name', 'schoolCode'] as const;

/** `GET /api/admin/schools?search=&page=&limit=&sort=` */
export const adminSchoolListQuerySchema = z.strictObject(
  {
    search: listSearchQuery,
    sort: z.enum(SCHOOL_SORTS, { error: 'sort must be newest, oldest, name or schoolCode' }).optional(),
    ...listPageQuery,
  },
  unknownQueryKey,
);
export type AdminSchoolListQuery = z.input<typeof adminSchoolListQuerySchema>;

export interface AdminSchoolListItem {
  id: string;
  schoolCode: string;
  schoolName: string;
  udiseCode: string;
  schoolType: string;
  contact: string;
  city: string;
  state: string;
  principalName: string;
  principalContact: string;
  createdAt: string;
}
export interface AdminSchoolListData {
  schools: AdminSchoolListItem[];
  pagination: Pagination;
}
export type AdminSchoolListResponse = ApiSuccess<AdminSchoolListData>;

// ---------------------------------------------------------------------------------------------
// Candidate changes
// ---------------------------------------------------------------------------------------------

export const candidateIdParamSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(CANDIDATE_CODE_PATTERN, { error: 'Candidate id must look like KBE123456ABC' });

/** `PATCH /api/admin/candidates/{id}/fees` */
export const feesUpdateSchema = z.strictObject({
  feesPaid: z.boolean({ error: 'feesPaid must be true or false' }),
  receiptNumber: z
    .string({ error: 'Receipt number must be text' })
    .trim()
    .max(50, { error: 'Receipt number must be at most 50 characters' })
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type FeesUpdateInput = z.input<typeof feesUpdateSchema>;

/** `PATCH /api/admin/candidates/{id}/hall-ticket`; releasing an unpaid candidate answers 409 `paymentRequired`. */
export const hallTicketUpdateSchema = z.strictObject({
  hallTicketReleased: z.boolean({ error: 'hallTicketReleased must be true or false' }),
});
/** `PATCH /api/admin/candidates/{id}/certificate` */
export const certificateUpdateSchema = z.strictObject({
  certificateReleased: z.boolean({ error: 'certificateReleased must be true or false' }),
});
export type HallTicketUpdateInput = z.input<typeof hallTicketUpdateSchema>;
export type CertificateUpdateInput = z.input<typeof certificateUpdateSchema>;

const assignmentText = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(MAX_TEXT_LENGTH, { error: `${label} must be at most ${MAX_TEXT_LENGTH} characters` })
    .nullable()
    .optional()
    .transform((value) => (value === '' ? null : value));

/** An exam time as an admin writes it: ISO 8601 with its offset (EXAM_TIME_EXAMPLE); '' or null clears it. */
const examTimeText = z
  .string({ error: EXAM_TIME_FORMAT_MESSAGE })
  // the pattern is what the API document says (blanks around included), so it is checked before trimming
  .regex(new RegExp(EXAM_TIME_INPUT_PATTERN), { error: EXAM_TIME_FORMAT_MESSAGE, abort: true })
  .refine((value) => value.trim() === '' || parseExamTime(value) !== null, { error: EXAM_TIME_FORMAT_MESSAGE })
  .nullable()
  .optional()
  .transform((value) => (typeof value === 'string' ? value.trim() || null : value));

/**
 * `PATCH /api/admin/candidates/{id}/exam-assignment`: a field left out stays; `null` or '' clears
 * it (shown as 'TBA'). At least one field. The exam time is a date-time with its offset
 * ('2025-11-05T10:00+05:30'), stored as an instant.
 */
export const examAssignmentSchema = z
  .strictObject({
    seatNumber: assignmentText('Seat number'),
    center: assignmentText('Centre'),
    examTime: examTimeText,
  })
  .refine((value) => value.seatNumber !== undefined || value.center !== undefined || value.examTime !== undefined, {
    error: 'Give a seat number, centre or exam time',
  })
  // the refinement in JSON Schema terms, for the OpenAPI document
  .meta({ anyOf: [{ required: ['seatNumber'] }, { required: ['center'] }, { required: ['examTime'] }] });
export type ExamAssignmentInput = z.input<typeof examAssignmentSchema>;

/** CSV header of the exam assignment import (one row per candidate; blank cells leave a value as it is). */
export const EXAM_ASSIGNMENT_CSV_COLUMNS = ['candidateId', 'seatNumber', 'center', 'examTime'] as const;
export const EXAM_ASSIGNMENT_CSV_MAX_BYTES = 2 * 1024 * 1024;

/** `POST /api/admin/candidates/exam-assignments/import` */
export const examAssignmentImportSchema = z.strictObject({
  csv: z
    .string({ error: 'csv is required' })
    .min(1, { error: 'csv is required' })
    .max(EXAM_ASSIGNMENT_CSV_MAX_BYTES, { error: 'The CSV file must be at most 2 MB' }),
});
export interface ExamAssignmentImportResult {
  rows: number;
  updated: number;
  /** Rows that were not applied, with the 1-based CSV line and why. */
  failed: { line: number; candidateId: string; message: string }[];
}
export type ExamAssignmentImportResponse = ApiSuccess<ExamAssignmentImportResult>;

/** `PATCH /api/admin/mentors/{code}/status` */
export const mentorStatusSchema = z.strictObject({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});
export type MentorStatusInput = z.input<typeof mentorStatusSchema>;

// ---------------------------------------------------------------------------------------------
// Bulk release jobs
// ---------------------------------------------------------------------------------------------

export const RELEASE_KINDS = ['hall-ticket', 'certificate'] as const;
export type ReleaseKind = (typeof RELEASE_KINDS)[number];

/**
 * `POST /api/admin/hall-tickets/release` and `POST /api/admin/certificates/release`: releases every
 * eligible candidate matching the filter (hall tickets: paid and not yet released). `candidateIds`
 * narrows it to a selection. An empty body means everybody eligible.
 */
export const bulkReleaseSchema = z.strictObject({
  search: listSearchQuery,
  category: candidateFilterFields.category,
  candidateIds: z
    .array(candidateIdParamSchema, { error: 'candidateIds must be a list of candidate ids' })
    .min(1, { error: 'candidateIds must not be empty' })
    .max(1000, { error: 'At most 1000 candidateIds' })
    .optional(),
});
export type BulkReleaseInput = z.input<typeof bulkReleaseSchema>;

export const RELEASE_JOB_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ReleaseJobStatus = (typeof RELEASE_JOB_STATUSES)[number];

/** Why a matching candidate was not released (`not-seated`: a hall ticket while the edition asks for a seat). */
export const RELEASE_SKIP_REASONS = ['fees-unpaid', 'consent-pending', 'not-seated', 'already-released', 'not-found'] as const;
export type ReleaseSkipReason = (typeof RELEASE_SKIP_REASONS)[number];

export interface ReleaseJob {
  id: string;
  kind: ReleaseKind;
  status: ReleaseJobStatus;
  filter: { search?: string; category?: string; candidateIds?: string[] };
  /** Candidates matched by the filter when the job started. */
  total: number;
  processed: number;
  /** 0-100. */
  percent: number;
  released: number;
  skipped: { count: number; reasons: { reason: ReleaseSkipReason; count: number }[] };
  failed: { count: number; items: { candidateId: string; message: string }[] };
  requestedBy: string;
  createdAt: string;
  finishedAt: string | null;
  /** Set when `status` is 'failed' (the job stopped; counts are what was done). */
  error: string | null;
}
/** POST answers 202 with the job; `GET /api/admin/release-jobs/{id}` answers 200 with it. */
export type ReleaseJobResponse = ApiSuccess<ReleaseJob>;

// ---------------------------------------------------------------------------------------------
// Audit, contact inbox
// ---------------------------------------------------------------------------------------------

/** `GET /api/admin/audit?page=&limit=&actor=&action=&target=` (newest first). */
export const auditQuerySchema = z.strictObject(
  {
    actor: z.string().trim().max(64).optional(),
    action: z.string().trim().max(64).optional(),
    /** A candidate id, mentor code, job id or campaign id. */
    target: z.string().trim().max(64).optional(),
    ...listPageQuery,
  },
  unknownQueryKey,
);
export type AuditQuery = z.input<typeof auditQuerySchema>;

export interface AuditEntry {
  id: string;
  /** Admin username; `guardian` for a parent's own action (a withdrawal of consent). */
  actor: string;
  role: AdminRole | 'guardian';
  /** e.g. 'candidate.fees', 'candidate.hall-ticket', 'release-job.create', 'sms.send', 'admin.logout'. */
  action: string;
  target: { type: string; id: string };
  /** What changed, field by field when known. */
  details: Record<string, unknown>;
  /** Client address as seen by the service (X-Forwarded-For of the edge when trusted). */
  ip: string;
  at: string;
}
export interface AuditListData {
  entries: AuditEntry[];
  pagination: Pagination;
}
export type AuditListResponse = ApiSuccess<AuditListData>;

/** `GET /api/admin/messages?page=&limit=&search=` (newest first). */
export const contactInboxQuerySchema = z.strictObject({ search: listSearchQuery, ...listPageQuery }, unknownQueryKey);
export type ContactInboxQuery = z.input<typeof contactInboxQuerySchema>;

export interface ContactMessageItem {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  gradeLevel: string;
  message: string;
  createdAt: string;
}
export interface ContactInboxData {
  messages: ContactMessageItem[];
  pagination: Pagination;
}
export type ContactInboxResponse = ApiSuccess<ContactInboxData>;
