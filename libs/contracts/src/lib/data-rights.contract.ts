/**
 * A guardian's rights over a candidate's data (DPDP Act 2023, sections 6(4), 11-13): withdraw
 * consent (the data is erased), see everything held, ask for a correction or an erasure. Every
 * action is proved by a code sent to the guardian's mobile, as consent is. No zod here: the
 * consent page imports it.
 */
import type { ConsentNoticeLanguage } from './consent.contract';

const segment = (value: string): string => encodeURIComponent(value);

/** What a guardian's code unlocks; each code works only for its own action. */
export const GUARDIAN_OTP_ACTIONS = ['consent', 'withdrawal', 'data-request'] as const;
export type GuardianOtpAction = (typeof GUARDIAN_OTP_ACTIONS)[number];

/** `POST /api/consent/{candidateCode}/otp` body: optional, `{ action: 'consent' }` when absent. */
export interface GuardianOtpRequest {
  action?: GuardianOtpAction;
}

/** `POST /api/consent/{candidateCode}/withdraw` `{ otp }` -> `data` */
export interface ConsentWithdrawn {
  candidateCode: string;
  status: 'withdrawn';
  withdrawnAt: string;
  /** `done` once photo, signature, personal fields and documents are gone; else it finishes in the background. */
  erasure: 'done' | 'under-way';
}

/** `POST /api/consent/{candidateCode}/session` `{ otp }` -> `data`: the bearer token of the rights calls below. */
export interface GuardianSession {
  token: string;
  expiresAt: string;
}

/** How long a guardian's session lasts after the code. */
export const GUARDIAN_SESSION_MINUTES = 15;

export const DATA_REQUEST_KINDS = ['access', 'correction', 'erasure'] as const;
export type DataRequestKind = (typeof DATA_REQUEST_KINDS)[number];

export const DATA_REQUEST_KIND_LABELS: Record<DataRequestKind, string> = {
  access: 'Access (data downloaded)',
  correction: 'Correction',
  erasure: 'Erasure',
};

export const DATA_REQUEST_STATUSES = ['open', 'done', 'refused'] as const;
export type DataRequestStatus = (typeof DATA_REQUEST_STATUSES)[number];

/** Days within which a request must be answered (the notice promises it). */
export const DATA_REQUEST_DUE_DAYS = 90;

/** One guardian's request, as the guardian and the admin queue see it. */
export interface DataRequestView {
  /** `DR000123` */
  id: string;
  candidateCode: string;
  kind: DataRequestKind;
  /** What the guardian wrote (a correction: what is wrong and what it should say). */
  details: string;
  status: DataRequestStatus;
  requestedAt: string;
  dueAt: string;
  /** Admin username, or `self-service` for a download. */
  handledBy: string | null;
  handledAt: string | null;
  /** What was done, or why it was refused. */
  resolution: string | null;
}

/** `POST /api/consent/{candidateCode}/requests` body (with the session's bearer token). */
export interface DataRequestInput {
  kind: Exclude<DataRequestKind, 'access'>;
  details: string;
}

/** `GET /api/admin/data-requests?status=open|closed|all&page=&limit=` -> `data` */
export interface DataRequestQueue {
  items: DataRequestView[];
  page: number;
  limit: number;
  total: number;
  /** Open requests, and those of them past their due date. */
  open: number;
  overdue: number;
}

/** `POST /api/admin/data-requests/{id}/resolve` body */
export interface DataRequestResolution {
  outcome: Exclude<DataRequestStatus, 'open'>;
  note: string;
}

/**
 * Everything held about a candidate (`GET /api/consent/{candidateCode}/data`, and the readable
 * PDF of it at `.../data.pdf`): the registration as given, what the organisers added, the consent
 * record, the requests, and where else a trace is kept and for how long.
 */
export interface CandidateDataExport {
  generatedAt: string;
  candidateCode: string;
  registeredAt: string;
  /** The form as stored (every section of spec section 3 and the guardian). */
  registration: Record<string, unknown>;
  /** Added by the organisers: fees, receipt, seat, centre, exam time, releases. */
  organiserRecord: {
    feesPaid: boolean;
    receiptNumber: string | null;
    seatNumber: string | null;
    center: string | null;
    examTime: string | null;
    hallTicketReleased: boolean;
    certificateReleased: boolean;
  };
  /** The photo and signature as stored (`data:image/jpeg;base64,...`), null when erased. */
  files: { photo: string | null; signature: string | null };
  consent: {
    status: 'pending' | 'given' | 'withdrawn';
    givenAt: string | null;
    noticeVersion: string | null;
    lang: ConsentNoticeLanguage | null;
    method: string | null;
    withdrawnAt: string | null;
    /** The number the code went to, masked as the search shows numbers. */
    codeSentTo: string | null;
  };
  requests: DataRequestView[];
  /** Other places a trace is kept, in plain words with how long (SMS log, audit log, backups). */
  elsewhere: string[];
}

/** `GET /api/admin/retention` -> `data`: the purge of an edition's sensitive fields, before and after. */
export interface RetentionReport {
  editionYear: number;
  /** When the edition's results were published (YYYY-MM-DD), null until the admin records it. */
  resultsPublishedOn: string | null;
  retentionDays: number;
  /** resultsPublishedOn + retentionDays, null without a results date. */
  purgeDueOn: string | null;
  state: 'no-results-date' | 'waiting' | 'due' | 'running' | 'done';
  /** Dry run: candidates whose photo, signature, mother's and guardian's names and numbers would go. */
  candidates: number;
  /** What the purge has done so far (0 before it starts). */
  purged: number;
  startedAt: string | null;
  finishedAt: string | null;
  /** The fields the purge erases, named as the form names them. */
  fields: string[];
}

/** `PUT /api/admin/retention/results-date` body */
export interface RetentionResultsDate {
  resultsPublishedOn: string;
}

export const DATA_RIGHTS_MESSAGES = {
  action: 'action must be consent, withdrawal or data-request',
  withdrawn: "Consent is withdrawn. The candidate's photo, signature and personal details are erased.",
  withdrawnUnderWay: "Consent is withdrawn. The candidate's photo, signature and personal details are being erased.",
  alreadyWithdrawn: 'Consent has already been withdrawn for this candidate, and its data erased.',
  /** The admin tries to change, release or open the files of an erased candidate. */
  erasedRecord: "This candidate's personal data has been erased (consent withdrawn or an erasure request); the record cannot be changed.",
  /** The public search and the downloads page of a withdrawn registration. */
  registrationWithdrawn: 'This registration was withdrawn by the parent or guardian, and its personal data erased.',
  sessionRequired: 'Please confirm with the code sent to the parent or guardian first.',
  sessionExpired: 'Your session has ended. Please ask for a new code.',
  sessionStarted: 'Code confirmed. You can now see the data and make requests for 15 minutes.',
  kind: 'kind must be correction or erasure',
  details: 'Please describe what is wrong and what it should say (10 to 2000 characters).',
  erasureDetails: 'The reason may be up to 2000 characters.',
  requestRecorded: 'Your request is recorded.',
  openRequest: 'A request of this kind is already open for this candidate.',
  requestNotFound: 'Data request not found',
  alreadyHandled: 'This request has already been handled.',
  outcome: 'outcome must be done or refused',
  note: 'Please say what was done, or why the request is refused (1 to 500 characters).',
  status: 'status must be open, closed or all',
  resultsDate: 'Expected a date as YYYY-MM-DD',
  resultsDateInFuture: 'The results date cannot be in the future.',
  purgeDone: 'The purge of this edition has already run.',
} as const;

/** `Your request is recorded. The organisers will answer by 25 February 2027.` */
export function requestRecordedMessage(dueAt: Date): string {
  const day = new Intl.DateTimeFormat('en-IN', { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'long', year: 'numeric' }).format(dueAt);
  return `${DATA_RIGHTS_MESSAGES.requestRecorded} The organisers will answer by ${day}.`;
}

export const DATA_RIGHTS_API_PATHS = {
  withdraw: (candidateCode: string) => `/api/consent/${segment(candidateCode)}/withdraw`,
  session: (candidateCode: string) => `/api/consent/${segment(candidateCode)}/session`,
  data: (candidateCode: string) => `/api/consent/${segment(candidateCode)}/data`,
  dataPdf: (candidateCode: string) => `/api/consent/${segment(candidateCode)}/data.pdf`,
  requests: (candidateCode: string) => `/api/consent/${segment(candidateCode)}/requests`,
  adminRequests: '/api/admin/data-requests',
  adminResolve: (id: string) => `/api/admin/data-requests/${segment(id)}/resolve`,
  adminRetention: '/api/admin/retention',
  adminResultsDate: '/api/admin/retention/results-date',
} as const;
