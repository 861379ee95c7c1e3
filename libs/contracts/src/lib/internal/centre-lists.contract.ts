/**
 * The printed lists of a centre (docs/printed-lists.md): attendance sheets per room, the door list
 * and the summary. exams-service gathers the centre's seats and asks documents-service (internal
 * API, `x-internal-token`, never routed by the edge) to render them as a job under a key, a SHA-256
 * of what the lists print; the admin area downloads them through exams-service. Both sides parse
 * with these schemas.
 */
import { z } from 'zod';
import { EXAM_LEVELS, ROLL_NUMBER_PATTERN } from '../exams.schema';
import { CANDIDATE_CODE_PATTERN } from '../registration-code.util';

/** The three PDFs of one centre's lists. */
export const CENTRE_LIST_KINDS = ['attendance', 'door-list', 'summary'] as const;
export type CentreListKind = (typeof CENTRE_LIST_KINDS)[number];

const segment = (value: string): string => encodeURIComponent(value);

/** documents-service's side. */
export const CENTRE_LIST_PATHS = {
  /** `POST` CentreListsRequest -> 202 `data: CentreLists` (the existing job when the key is known). */
  lists: '/internal/centre-lists',
  /** `GET` -> `data: CentreLists`; 404 for an unknown key. */
  job: (key: string) => `/internal/centre-lists/${key}`,
  /** `GET` -> the PDF once completed; 409 before, 404 for an unknown key. */
  file: (key: string, kind: CentreListKind) => `/internal/centre-lists/${key}/${kind}`,
} as const;

/**
 * exams-service's admin routes, as the edge serves them: 200 `application/pdf` once rendered, else
 * 202 `{ success, data: CentreListsProgress }` with `Retry-After` (the first call starts the job).
 */
export const CENTRE_LIST_ADMIN_PATHS = {
  attendance: (code: string) => `/api/admin/centres/${segment(code)}/attendance.pdf`,
  doorList: (code: string) => `/api/admin/centres/${segment(code)}/door-list.pdf`,
  summary: (code: string) => `/api/admin/centres/${segment(code)}/summary.pdf`,
} as const;

/** Most seats in one centre's lists (200 rooms of 500 seats hold 100,000; real centres hold a few thousand). */
export const CENTRE_LIST_MAX_SEATS = 20_000;

export const CENTRE_LIST_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type CentreListStatus = (typeof CENTRE_LIST_STATUSES)[number];

/** A SHA-256 of what the lists print, hex. */
export const centreListKeySchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, { error: 'The lists key is 64 lower-case hexadecimal characters (a SHA-256)' });

const listedSeatSchema = z.strictObject({
  candidateCode: z.string().regex(CANDIDATE_CODE_PATTERN, { error: 'Candidate codes look like KBE123456ABC' }),
  rollNumber: z.string().regex(ROLL_NUMBER_PATTERN, { error: 'Roll numbers look like M-05-014-0123-6' }),
  seatInRoom: z.number().int().positive(),
});
export type ListedSeat = z.infer<typeof listedSeatSchema>;

const roomOfCentreSchema = z.strictObject({ name: z.string().min(1), capacity: z.number().int().positive() });

/** One paper written at the centre (a sitting, or seats whose sitting is gone: category null), its rooms in order. */
const listedPaperSchema = z.strictObject({
  level: z.enum(EXAM_LEVELS),
  category: z.string().nullable(),
  date: z.string(),
  startTime: z.string(),
  reportingTime: z.string(),
  /** The rooms the paper has seats in, each with its seats in roll-number order. */
  rooms: z.array(roomOfCentreSchema.extend({ seats: z.array(listedSeatSchema).min(1) })).min(1),
});
export type ListedPaper = z.infer<typeof listedPaperSchema>;

export const centreListsRequestSchema = z
  .strictObject({
    key: centreListKeySchema,
    centre: z.strictObject({ code: z.string().min(1), name: z.string(), address: z.string(), district: z.string(), taluka: z.string() }),
    /** Every room of the centre (the summary lists the unused too). */
    rooms: z.array(roomOfCentreSchema).min(1),
    /** In date and start time order. */
    papers: z.array(listedPaperSchema).min(1, { error: 'The centre has no seats' }),
  })
  .refine((request) => request.papers.reduce((sum, paper) => sum + paper.rooms.reduce((n, room) => n + room.seats.length, 0), 0) <= CENTRE_LIST_MAX_SEATS, {
    error: `A centre's lists hold at most ${CENTRE_LIST_MAX_SEATS} seats`,
  });
export type CentreListsRequest = z.infer<typeof centreListsRequestSchema>;

/** The job as documents-service shows it. */
export const centreListsSchema = z.object({
  key: centreListKeySchema,
  status: z.enum(CENTRE_LIST_STATUSES),
  /** Seats (attendance rows) asked for. */
  total: z.number().int().nonnegative(),
  /** Rows rendered so far. */
  processed: z.number().int().nonnegative(),
  /** Rows whose candidate has no photo to print (erased, or not found): an empty box. */
  withoutPhoto: z.number().int().nonnegative(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** Each PDF's size in bytes once completed. */
  sizes: z.record(z.enum(CENTRE_LIST_KINDS), z.number().int().nonnegative()).nullable(),
  error: z.string().nullable(),
});
export type CentreLists = z.infer<typeof centreListsSchema>;
export const centreListsResponseSchema = z.object({ success: z.literal(true), data: centreListsSchema });

/** What the admin area is answered (202) while the lists are being made. */
export interface CentreListsProgress {
  status: CentreListStatus;
  /** 0-100. */
  percent: number;
  total: number;
  processed: number;
  /** Why the last attempt failed (the next request tries again). */
  error: string | null;
}

export const CENTRE_LIST_MESSAGES = {
  noSeats: (code: string) => `Centre ${code} has no seats allocated: allocate seats before printing its lists`,
  unavailable: 'The printed lists cannot be made right now (documents-service unavailable). Please try again in a minute.',
} as const;
