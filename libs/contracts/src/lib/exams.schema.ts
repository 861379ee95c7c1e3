/**
 * Exam operations (exams-service, docs/exam-operations.md): centres with rooms and sittings, the
 * seat allocation job and the seats it issues. Browser, admin remote and service parse with these.
 */
import { z } from 'zod';
import { MAX_LONG_TEXT_LENGTH, exactDigits, requiredText } from './field.rules';
import { KBE_CATEGORIES } from './registration.choices';
import { CANDIDATE_CODE_PATTERN } from './registration-code.util';

/** The competition's three levels: Mains (taluka), Advanced (district), Super Advanced (state). */
export const EXAM_LEVELS = ['Mains', 'Advanced', 'Super Advanced'] as const;
export type ExamLevel = (typeof EXAM_LEVELS)[number];

/** How long each level's paper runs: two sittings of one room may not overlap within it. */
export const PAPER_MINUTES: Record<ExamLevel, number> = { Mains: 90, Advanced: 120, 'Super Advanced': 150 };

/** A centre's code: 3 to 10 upper-case letters or digits, e.g. NSK01. */
export const CENTRE_CODE_PATTERN = /^[A-Z0-9]{3,10}$/;
export const MAX_ROOMS_PER_CENTRE = 200;
export const MAX_ROOM_CAPACITY = 500;

const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

const timeField = (label: string) =>
  z.string({ error: `${label} must be a time like 10:30` }).trim().regex(TIME_PATTERN, { error: `${label} must be a time like 10:30 (24-hour)` });

export const roomSchema = z.strictObject({
  name: requiredText('Room name', 40),
  capacity: z
    .number({ error: 'Capacity must be a whole number' })
    .int({ error: 'Capacity must be a whole number' })
    .min(1, { error: 'Capacity must be at least 1' })
    .max(MAX_ROOM_CAPACITY, { error: `Capacity must be at most ${MAX_ROOM_CAPACITY}` }),
});
export type Room = z.infer<typeof roomSchema>;

/** A sitting's fields (the JSON Schema of the API); `sittingSchema` adds its own rule. */
export const sittingShapeSchema = z.strictObject({
  level: z.enum(EXAM_LEVELS, { error: 'Level must be Mains, Advanced or Super Advanced' }),
  category: z.enum(KBE_CATEGORIES, { error: 'Category must be Prime, Sec or High' }),
  date: z.iso.date({ error: 'Date must be a calendar day like 2026-01-18' }),
  startTime: timeField('Start time'),
  reportingTime: timeField('Reporting time'),
  /** The rooms this paper uses (names of the centre's rooms); absent: every room. */
  rooms: z.array(requiredText('Room name', 40)).min(1, { error: 'A sitting uses at least one room' }).optional(),
});

const REPORTING_BEFORE_START = 'Reporting time must be before the start time';
const reportsBeforeStart = (sitting: { reportingTime: string; startTime: string }): boolean => minutesOf(sitting.reportingTime) < minutesOf(sitting.startTime);

export const sittingSchema = sittingShapeSchema.refine(reportsBeforeStart, { error: REPORTING_BEFORE_START, path: ['reportingTime'] });
export type Sitting = z.infer<typeof sittingShapeSchema>;

/** The rooms a sitting uses. */
export const roomsOfSitting = (centre: Pick<Centre, 'rooms'>, sitting: Pick<Sitting, 'rooms'>): string[] =>
  sitting.rooms ?? centre.rooms.map((room) => room.name);

/** Two sittings overlap when they share a room (names in any case) on one day and one starts before the other's paper ends. */
export function sittingsOverlap(a: Sitting, b: Sitting, roomsOfA: string[], roomsOfB: string[]): boolean {
  const shared = new Set(roomsOfB.map((room) => room.toLowerCase()));
  if (a.date !== b.date || !roomsOfA.some((room) => shared.has(room.toLowerCase()))) return false;
  const [startA, startB] = [minutesOf(a.startTime), minutesOf(b.startTime)];
  return startA < startB + PAPER_MINUTES[b.level] && startB < startA + PAPER_MINUTES[a.level];
}

/**
 * A centre's fields (the JSON Schema of the API: a request that fails it is malformed, 400).
 * `centreRuleIssues` holds the rules across fields that JSON Schema cannot state (a request that
 * breaks one is well formed but cannot be stored, 422); `centreSchema` is both, for forms.
 */
export const centreShapeSchema = z.strictObject({
  code: z
    .string({ error: 'Centre code is required' })
    .trim()
    .toUpperCase()
    .regex(CENTRE_CODE_PATTERN, { error: 'Centre code must be 3 to 10 letters or digits, e.g. NSK01' }),
  name: requiredText('Centre name', 120),
  address: requiredText('Address', MAX_LONG_TEXT_LENGTH),
  district: requiredText('District', 60),
  taluka: requiredText('Taluka', 60),
  contact: exactDigits(10, 'Contact must be a 10-digit mobile number'),
  rooms: z
    .array(roomSchema, { error: 'Rooms must be a list' })
    .min(1, { error: 'A centre needs at least one room' })
    .max(MAX_ROOMS_PER_CENTRE, { error: `A centre has at most ${MAX_ROOMS_PER_CENTRE} rooms` }),
  sittings: z.array(sittingShapeSchema, { error: 'Sittings must be a list' }).max(50, { error: 'A centre has at most 50 sittings' }),
});

export interface CentreRuleIssue {
  path: (string | number)[];
  message: string;
}

/** The rules across a centre's fields: reporting before the start, rooms named once, sittings' rooms known and not shared at once. */
export function centreRuleIssues(centre: z.output<typeof centreShapeSchema>): CentreRuleIssue[] {
  const issues: CentreRuleIssue[] = [];
  const names = centre.rooms.map((room) => room.name.toLowerCase());
  names.forEach((name, i) => {
    if (names.indexOf(name) !== i) issues.push({ path: ['rooms', i, 'name'], message: `Room ${centre.rooms[i]?.name} is listed twice` });
  });
  centre.sittings.forEach((sitting, i) => {
    if (!reportsBeforeStart(sitting)) issues.push({ path: ['sittings', i, 'reportingTime'], message: REPORTING_BEFORE_START });
    for (const room of sitting.rooms ?? []) {
      if (!names.includes(room.toLowerCase())) issues.push({ path: ['sittings', i, 'rooms'], message: `Room ${room} is not one of the centre's rooms` });
    }
    for (let j = 0; j < i; j += 1) {
      const earlier = centre.sittings[j];
      if (earlier && sittingsOverlap(earlier, sitting, roomsOfSitting(centre, earlier), roomsOfSitting(centre, sitting))) {
        issues.push({
          path: ['sittings', i],
          message: `Sitting ${i + 1} (${sitting.level} ${sitting.category}, ${sitting.date} ${sitting.startTime}) overlaps sitting ${j + 1} in a shared room`,
        });
      }
    }
  });
  return issues;
}

export const centreSchema = centreShapeSchema.superRefine((centre, context) => {
  for (const issue of centreRuleIssues(centre)) context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
});
export type CentreInput = z.input<typeof centreSchema>;
export type Centre = z.output<typeof centreSchema>;

/** `PUT /api/admin/centres/{code}`: the whole centre; its code is the path's (a body code, if any, must match). */
export const centreUpdateShapeSchema = centreShapeSchema.extend({ code: centreShapeSchema.shape.code.optional() });
export const centreUpdateSchema = centreSchema;

/** The CSV import's columns: one line per room; a centre's lines repeat its details; sittings as `level|category|date|startTime|reportingTime[|room;room]` separated by `,` in one cell. */
export const CENTRE_CSV_COLUMNS = ['code', 'name', 'address', 'district', 'taluka', 'contact', 'room', 'capacity', 'sittings'] as const;

/** A centre as the API answers it: the contract's centre, its issued number (1..999 within the edition) and its timestamps. */
export interface CentreView extends Centre {
  number: number;
  createdAt: string;
  updatedAt: string;
}

/** `GET /api/admin/centres`: `search` a prefix of code, name, district or taluka; `district` exact; `limit` at most 100. */
export interface CentreListQuery {
  search?: string;
  district?: string;
  page?: number;
  limit?: number;
}

/** One problem of a CSV import: its line (the header is line 1), its column, the API's message. */
export interface CentreImportProblem {
  line: number;
  field: string;
  message: string;
}

/** `POST /api/admin/centres/import`: what the import did (or, in a dry run, would do), centres by outcome. */
export interface CentreImportReport {
  dryRun: boolean;
  created: number;
  updated: number;
  unchanged: number;
  /** Centres not imported because of a problem. */
  invalid: number;
  problems: CentreImportProblem[];
}

const segment = (value: string): string => encodeURIComponent(value);

/** exams-service's admin routes, as the edge serves them. */
export const EXAMS_ADMIN_PATHS = {
  centres: '/api/admin/centres',
  centre: (code: string) => `/api/admin/centres/${segment(code)}`,
  centresImport: '/api/admin/centres/import',
  seatAllocation: '/api/admin/seat-allocation',
  seatAllocationJob: (id: string) => `/api/admin/seat-allocation/${segment(id)}`,
} as const;

export const seatAllocationRequestSchema = z.strictObject({
  level: z.enum(EXAM_LEVELS, { error: 'Level must be Mains, Advanced or Super Advanced' }),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).default(false),
  /** Unseat every seated candidate of the level first (not manual assignments, not released hall tickets). */
  reseat: z.boolean({ error: 'reseat must be true or false' }).default(false),
});
export type SeatAllocationRequest = z.input<typeof seatAllocationRequestSchema>;

/** Why a candidate of the level could not be seated. */
export const UNSEATED_REASONS = ['no-sitting-for-category', 'no-room-in-taluka-district-or-nearby', 'district-unknown'] as const;
export type UnseatedReason = (typeof UNSEATED_REASONS)[number];

export const SEAT_ALLOCATION_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type SeatAllocationStatus = (typeof SEAT_ALLOCATION_STATUSES)[number];

/** One room of one sitting, as the allocation leaves it. */
export interface RoomUse {
  centreCode: string;
  room: string;
  level: ExamLevel;
  category: (typeof KBE_CATEGORIES)[number];
  date: string;
  startTime: string;
  used: number;
  capacity: number;
}

/** `POST /api/admin/seat-allocation` answers 202 with it; `GET /api/admin/seat-allocation/{id}` 200. Shaped like the release jobs. */
export interface SeatAllocationJob {
  id: string;
  level: ExamLevel;
  dryRun: boolean;
  status: SeatAllocationStatus;
  /** Eligible candidates of the level (paid, consent given) when the job started. */
  total: number;
  processed: number;
  /** 0-100. */
  percent: number;
  /** Newly seated by this job (planned, in a dry run). */
  seated: number;
  /** Seated before and kept: by an earlier allocation, or by hand (counted apart). */
  kept: { allocated: number; manual: number };
  unseated: { count: number; items: { candidateCode: string; reason: UnseatedReason }[] };
  rooms: RoomUse[];
  requestedBy: string;
  createdAt: string;
  finishedAt: string | null;
  error: string | null;
}

/**
 * A roll number: level letter (M, A, S), the district's two-digit number, the centre's three-digit
 * number, a four-digit sequence within the centre, and a check digit (Luhn over the digits, with
 * the level as 1, 2 or 3), written `M-05-014-0123-6`.
 */
export const ROLL_NUMBER_PATTERN = /^[MAS]-\d{2}-\d{3}-\d{4}-\d$/;

/** A seat as issued: what the hall ticket and the attendance sheet print. */
export const seatSchema = z.object({
  candidateCode: z.string().regex(CANDIDATE_CODE_PATTERN),
  rollNumber: z.string().regex(ROLL_NUMBER_PATTERN),
  level: z.enum(EXAM_LEVELS),
  centreCode: z.string(),
  centreName: z.string(),
  centreAddress: z.string(),
  room: z.string(),
  /** 1-based within the room. */
  seatInRoom: z.number().int().positive(),
  date: z.string(),
  startTime: z.string(),
  reportingTime: z.string(),
});
export type Seat = z.infer<typeof seatSchema>;
