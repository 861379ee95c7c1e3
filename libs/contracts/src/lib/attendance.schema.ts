/**
 * Attendance after a paper (exams-service, docs/seat-allocation.md): the admin marks who was absent
 * per room of a centre, or imports the invigilators' list; results know who sat the paper.
 */
import { z } from 'zod';
import { EXAM_LEVELS, ROLL_NUMBER_PATTERN } from './exams.schema';

export const MAX_ROLL_NUMBERS_PER_ROOM = 500;

const segment = (value: string): string => encodeURIComponent(value);

/** exams-service's admin routes, as the edge serves them. */
export const ATTENDANCE_ADMIN_PATHS = {
  /** `GET ?level=` -> `data: RoomAttendance[]`; `PUT` RoomAttendanceInput -> `data: RoomAttendance`. */
  rooms: (code: string) => `/api/admin/centres/${segment(code)}/attendance`,
  /** `POST` { level, csv, dryRun } -> `data: AttendanceImportResult`. */
  import: (code: string) => `/api/admin/centres/${segment(code)}/attendance/import`,
} as const;

const rollNumber = z
  .string({ error: 'A roll number is text like M-21-014-0123-6' })
  .trim()
  .toUpperCase()
  .regex(ROLL_NUMBER_PATTERN, { error: 'A roll number looks like M-21-014-0123-6' });

/** `PUT /api/admin/centres/{code}/attendance`: one room's absentees; every other seat of the room sat the paper. */
export const roomAttendanceSchema = z.strictObject({
  level: z.enum(EXAM_LEVELS, { error: 'Level must be Mains, Advanced or Super Advanced' }),
  room: z.string({ error: 'Room is required' }).trim().min(1, { error: 'Room is required' }).max(40, { error: 'Room must be at most 40 characters' }),
  /** A roll number listed twice counts once. */
  absentRollNumbers: z
    .array(rollNumber, { error: 'absentRollNumbers must be a list of roll numbers' })
    .max(MAX_ROLL_NUMBERS_PER_ROOM, { error: `At most ${MAX_ROLL_NUMBERS_PER_ROOM} roll numbers` })
    .transform((rolls) => [...new Set(rolls)]),
});
export type RoomAttendanceInput = z.input<typeof roomAttendanceSchema>;

/** `GET /api/admin/centres/{code}/attendance?level=` */
export const attendanceQuerySchema = z.strictObject({
  level: z.enum(EXAM_LEVELS, { error: 'Level must be Mains, Advanced or Super Advanced' }),
});

/** The import's columns: `rollNumber`, and `absent` as yes / no (also true / false, 1 / 0, A / P). */
export const ATTENDANCE_CSV_COLUMNS = ['rollNumber', 'absent'] as const;

/** `POST /api/admin/centres/{code}/attendance/import`: the CSV's text and whether only to check it. */
export const attendanceImportSchema = z.strictObject({
  level: z.enum(EXAM_LEVELS, { error: 'Level must be Mains, Advanced or Super Advanced' }),
  csv: z.string({ error: 'csv must be the text of the CSV file' }).min(1, { error: 'csv must not be empty' }).max(1_000_000, { error: 'The CSV is larger than 1 MB: split it by room' }),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }),
});

/** One seat as the attendance screen shows it (`absent` null until its room is marked). */
export interface SeatAttendance {
  rollNumber: string;
  candidateCode: string;
  seatInRoom: number;
  absent: boolean | null;
}

/** A room of a paper with its seats in seat order. */
export interface RoomAttendance {
  room: string;
  date: string;
  startTime: string;
  seats: SeatAttendance[];
  /** Seats marked present / absent; unmarked = seats - both. */
  present: number;
  absent: number;
}

export interface AttendanceImportResult {
  dryRun: boolean;
  /** Seats whose mark this import sets (or would set). */
  marked: number;
  unchanged: number;
  problems: { line: number; field: string; message: string }[];
}
