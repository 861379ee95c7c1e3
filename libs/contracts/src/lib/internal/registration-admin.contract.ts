/**
 * registration-service's internal API as admin-service reads it (`x-internal-token`, served
 * outside `/api`, never routed by the edge). admin-service never reads registration's collections:
 * the admin area's dashboard, candidates, mentors, schools, inbox, releases, SMS group sizes, data
 * requests and retention all come from here (the correction queue too, at CORRECTION_INTERNAL_PATHS
 * in corrections.contract.ts). documents-service reads a candidate and its files at `candidate` and
 * `candidateFile` (its shape in registration-documents.contract.ts). admin-service parses every reply
 * with these schemas; the request bodies are the admin API's own, already checked by admin-service
 * (admin-api.schema.ts, corrections.schema.ts, data-rights.schema.ts) and again by the owner.
 *
 * Every reply is `{ success: true, data }`. Objects are loose: a field the owner adds passes
 * through unchanged. Small replies are checked whole against their interface; the candidate
 * replies (every registration field, typed by AdminCandidateDetail) and the mentor detail
 * (MentorRegistration) check the envelope and the essential fields, and are typed by the interface.
 */
import { z } from 'zod';
import type {
  AdminCandidateDetail,
  AdminDashboardData,
  AdminMentorDetail,
  AdminMentorListData,
  AdminMentorListItem,
  AdminSchoolListData,
  CandidateSheetRow,
  ContactInboxData,
} from '../admin-api.schema';
import { RELEASE_SKIP_REASONS } from '../admin-api.schema';
import type { Pagination } from '../api-responses';
import { CONSENT_STATUSES } from '../consent.contract';
import { CORRECTABLE_FIELDS, CORRECTION_STATUSES, type CorrectionQueue, type CorrectionView } from '../corrections.contract';
import { DATA_REQUEST_KINDS, DATA_REQUEST_STATUSES, type DataRequestQueue, type DataRequestView, type RetentionReport } from '../data-rights.contract';
import { PORTAL_ROLES } from '../portal.contract';
import { SMS_RECIPIENT_GROUPS, type SmsRecipientGroup } from '../registration-events';

const segment = (value: string): string => encodeURIComponent(value);

export const REGISTRATION_INTERNAL_PATHS = {
  /** `GET` -> `data: AdminDashboardData`. */
  dashboard: '/internal/dashboard',
  /** `GET` -> `data: RegistrationStatistics`. */
  statistics: '/internal/statistics',
  /**
   * `GET ?filter…&page&limit` -> `data: { candidates: InternalCandidate[], pagination }`;
   * `POST` (the registration form, JSON or multipart) -> `data: InternalCandidate`.
   */
  candidates: '/internal/candidates',
  /** `GET ?filter…&after&limit` -> `data: CandidateSheet`: the CSV export's rows in code order. */
  candidatesSheet: '/internal/candidates/sheet',
  /** `GET` -> `data: Record<SmsRecipientGroup, number>`. */
  candidateGroupSizes: '/internal/candidates/group-sizes',
  /** `POST { kind, candidateCodes, releasedBy }` -> `data: { results: ReleaseBatchResult[] }`. */
  candidatesRelease: '/internal/candidates/release',
  /** `GET`, `PUT` CandidateRegistration -> `data: InternalCandidate`; `DELETE` -> `{ success, message }` (a soft delete). */
  candidate: (candidateCode: string) => `/internal/candidates/${segment(candidateCode)}`,
  /** `POST` -> `data: InternalCandidate`. */
  candidateRestore: (candidateCode: string) => `/internal/candidates/${segment(candidateCode)}/restore`,
  /** `PATCH { feesPaid, receiptNumber }` -> `data: InternalCandidate`. */
  candidateFeesPaid: (candidateCode: string) => `/internal/candidates/${segment(candidateCode)}/fees-paid`,
  /** `PATCH { hallTicketReleased, releasedBy }` -> `data: InternalCandidate`. */
  candidateHallTicket: (candidateCode: string) => `/internal/candidates/${segment(candidateCode)}/hall-ticket`,
  /** `PATCH { certificateReleased, releasedBy }` -> `data: InternalCandidate`. */
  candidateCertificate: (candidateCode: string) => `/internal/candidates/${segment(candidateCode)}/certificate`,
  /** `PATCH` ExamAssignmentInput -> `data: InternalCandidate`. */
  candidateExamAssignment: (candidateCode: string) => `/internal/candidates/${segment(candidateCode)}/exam-assignment`,
  /** `GET` -> the JPEG. */
  candidateFile: (candidateCode: string, file: 'photo' | 'signature') => `/internal/candidates/${segment(candidateCode)}/files/${file}`,
  /** `GET ?status&search&page&limit` -> `data: AdminMentorListData`; `POST` MentorRegistration -> `data: AdminMentorDetail`. */
  mentors: '/internal/mentors',
  /** `GET`, `PUT` MentorRegistration -> `data: AdminMentorDetail`. */
  mentor: (mentorCode: string) => `/internal/mentors/${segment(mentorCode)}`,
  /** `PATCH { isActive }` -> `data: AdminMentorDetail`. */
  mentorStatus: (mentorCode: string) => `/internal/mentors/${segment(mentorCode)}/status`,
  /** `GET ?search&sort&page&limit` -> `data: AdminSchoolListData`. */
  schools: '/internal/schools',
  /** `GET ?page&limit` -> `data: ContactInboxData`. */
  contactMessages: '/internal/contact-messages',
  /** `GET ?status&page&limit` -> `data: DataRequestQueue`. */
  dataRequests: '/internal/data-requests',
  /** `POST { outcome, note, handledBy }` -> `data: DataRequestView`. */
  dataRequestResolve: (id: string) => `/internal/data-requests/${segment(id)}/resolve`,
  /** `GET` -> `data: RetentionReport`. */
  retention: '/internal/retention',
  /** `PUT { resultsPublishedOn }` -> `data: RetentionReport`. */
  retentionResultsDate: '/internal/retention/results-date',
} as const;

/** `{ success: true, data }`, as every internal answer. */
const envelope = <S extends z.ZodType>(data: S) => z.looseObject({ success: z.literal(true), data });

/** A large reply typed already: the schema checks `shape` (other fields pass through) and its output is typed `T`. */
const essentials = <T>(shape: z.core.$ZodLooseShape): z.ZodType<T> => z.looseObject(shape) as unknown as z.ZodType<T>;

const paginationSchema: z.ZodType<Pagination> = z.looseObject({
  current: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});

const countByKey = z.looseObject({ key: z.string(), count: z.number() });

/** Whole. */
export const adminDashboardSchema: z.ZodType<AdminDashboardData> = z.looseObject({
  stats: z.looseObject({ totalCandidates: z.number(), activeCandidates: z.number(), totalMentors: z.number(), totalSchools: z.number() }),
  registrationsPerDay: z.array(z.looseObject({ date: z.string(), count: z.number() })),
  byCategory: z.array(countByKey),
  byStandard: z.array(countByKey),
  byDistrict: z.array(countByKey),
  fees: z.looseObject({ paid: z.number(), unpaid: z.number() }),
  releases: z.looseObject({ hallTickets: z.number(), certificates: z.number() }),
});
export const adminDashboardResponseSchema = envelope(adminDashboardSchema);

/** A candidate's row of the CSV export, whole. */
export const candidateSheetRowSchema: z.ZodType<CandidateSheetRow> = z.looseObject({
  candidateId: z.string(),
  name: z.string(),
  fatherName: z.string(),
  category: z.string(),
  center: z.string(),
  contact: z.string(),
  email: z.string(),
  mentorCode: z.string(),
  schoolName: z.string(),
  standard: z.string(),
  district: z.string(),
  feesPaid: z.boolean(),
  receiptNumber: z.string().nullable(),
  hallTicketReleased: z.boolean(),
  certificateReleased: z.boolean(),
  consentStatus: z.enum(CONSENT_STATUSES),
  seatNumber: z.string(),
  examTime: z.string(),
  createdAt: z.string(),
  deletedAt: z.string().nullable(),
});
/** One cursor page of the export: `nextCursor` is the `after` of the next page, null on the last. */
export const candidateSheetResponseSchema = envelope(z.looseObject({ rows: z.array(candidateSheetRowSchema), nextCursor: z.string().nullable() }));

/**
 * A candidate as registration-service shows it to admin-service: the list row's fields and every
 * registration field (AdminCandidateDetail; `photo` and `signature` are internal paths, which
 * admin-service replaces with signed links). Essentials: the row's identity, state and the
 * registration's sections.
 */
export const internalCandidateSchema = essentials<AdminCandidateDetail>({
  id: z.string(),
  candidateId: z.string(),
  candidateCode: z.string(),
  name: z.string(),
  mentorCode: z.string(),
  feesPaid: z.boolean(),
  hallTicketReleased: z.boolean(),
  certificateReleased: z.boolean(),
  consentStatus: z.enum(CONSENT_STATUSES),
  seatNumber: z.string(),
  examTime: z.string(),
  createdAt: z.string(),
  personalDetails: z.looseObject({}),
  contactDetails: z.looseObject({}),
  permanentAddress: z.looseObject({}),
  educationalDetails: z.looseObject({}),
});
export type InternalCandidate = AdminCandidateDetail;
export const internalCandidateResponseSchema = envelope(internalCandidateSchema);
export const internalCandidateListResponseSchema = envelope(z.looseObject({ candidates: z.array(internalCandidateSchema), pagination: paginationSchema }));
/** `DELETE` of a candidate: no data. */
export const candidateDeletedResponseSchema = z.looseObject({ success: z.literal(true), message: z.string() });

/** Sizes of the SMS recipient groups (live candidates), whole. */
export const recipientGroupSizesResponseSchema = envelope(
  z.record(z.enum(SMS_RECIPIENT_GROUPS), z.number().int().nonnegative()) as unknown as z.ZodType<Record<SmsRecipientGroup, number>>,
);

/** What became of each code of a release batch. */
export const RELEASE_BATCH_OUTCOMES = ['released', ...RELEASE_SKIP_REASONS, 'failed'] as const;
export type ReleaseBatchOutcome = (typeof RELEASE_BATCH_OUTCOMES)[number];
export const releaseBatchResponseSchema = envelope(
  z.looseObject({
    results: z.array(z.looseObject({ candidateCode: z.string(), outcome: z.enum(RELEASE_BATCH_OUTCOMES), message: z.string().optional() })),
  }),
);

const mentorListItemSchema: z.ZodType<AdminMentorListItem> = z.looseObject({
  id: z.string(),
  mentorCode: z.string(),
  name: z.string(),
  email: z.string(),
  mobile: z.string(),
  location: z.string(),
  isActive: z.boolean(),
  schoolCode: z.string(),
  subjectTeaching: z.string(),
  workExperience: z.number(),
  createdAt: z.string(),
});
/** Whole. */
export const adminMentorListResponseSchema = envelope(
  z.looseObject({ mentors: z.array(mentorListItemSchema), pagination: paginationSchema }) satisfies z.ZodType<AdminMentorListData>,
);
/** Essentials: the row's identity and state; the registration's fields are typed by MentorRegistration. */
export const adminMentorResponseSchema = envelope(
  essentials<AdminMentorDetail>({ id: z.string(), mentorCode: z.string(), name: z.string(), isActive: z.boolean(), schoolCode: z.string() }),
);

/** Whole. */
export const adminSchoolListResponseSchema = envelope(
  z.looseObject({
    schools: z.array(
      z.looseObject({
        id: z.string(),
        schoolCode: z.string(),
        schoolName: z.string(),
        udiseCode: z.string(),
        schoolType: z.string(),
        contact: z.string(),
        city: z.string(),
        state: z.string(),
        principalName: z.string(),
        principalContact: z.string(),
        createdAt: z.string(),
      }),
    ),
    pagination: paginationSchema,
  }) satisfies z.ZodType<AdminSchoolListData>,
);

/** Whole. */
export const contactInboxResponseSchema = envelope(
  z.looseObject({
    messages: z.array(
      z.looseObject({
        id: z.string(),
        firstName: z.string(),
        lastName: z.string(),
        email: z.string(),
        gradeLevel: z.string(),
        message: z.string(),
        createdAt: z.string(),
      }),
    ),
    pagination: paginationSchema,
  }) satisfies z.ZodType<ContactInboxData>,
);

const correctionValue = z.union([z.string(), z.boolean(), z.null()]);
/** A correction request, whole. */
export const correctionViewSchema: z.ZodType<CorrectionView> = z.looseObject({
  id: z.string(),
  candidateCode: z.string(),
  candidateName: z.string(),
  schoolCode: z.string(),
  mentorCode: z.string(),
  requestedBy: z.looseObject({ role: z.enum(PORTAL_ROLES), code: z.string() }),
  changes: z.array(z.looseObject({ field: z.enum(CORRECTABLE_FIELDS), label: z.string(), from: correctionValue, to: correctionValue })),
  note: z.string(),
  status: z.enum(CORRECTION_STATUSES),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  decidedBy: z.string().nullable(),
  reason: z.string().nullable(),
});
export const correctionViewResponseSchema = envelope(correctionViewSchema);
export const correctionQueueResponseSchema = envelope(
  z.looseObject({
    items: z.array(correctionViewSchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    open: z.number().int(),
  }) satisfies z.ZodType<CorrectionQueue>,
);

/** A guardian's data request, whole. */
const dataRequestViewSchema: z.ZodType<DataRequestView> = z.looseObject({
  id: z.string(),
  candidateCode: z.string(),
  kind: z.enum(DATA_REQUEST_KINDS),
  details: z.string(),
  status: z.enum(DATA_REQUEST_STATUSES),
  requestedAt: z.string(),
  dueAt: z.string(),
  handledBy: z.string().nullable(),
  handledAt: z.string().nullable(),
  resolution: z.string().nullable(),
});
export const dataRequestViewResponseSchema = envelope(dataRequestViewSchema);
export const dataRequestQueueResponseSchema = envelope(
  z.looseObject({
    items: z.array(dataRequestViewSchema),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    open: z.number().int(),
    overdue: z.number().int(),
  }) satisfies z.ZodType<DataRequestQueue>,
);

/** The retention purge's report, whole. */
export const retentionReportResponseSchema = envelope(
  z.looseObject({
    editionYear: z.number().int(),
    resultsPublishedOn: z.string().nullable(),
    retentionDays: z.number().int(),
    purgeDueOn: z.string().nullable(),
    state: z.enum(['no-results-date', 'waiting', 'due', 'running', 'done']),
    candidates: z.number().int(),
    purged: z.number().int(),
    startedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    fields: z.array(z.string()),
  }) satisfies z.ZodType<RetentionReport>,
);
