/**
 * registration-service's side of exam operations (internal API, `x-internal-token`, never routed
 * by the edge). exams-service reads the candidates it seats from `seating` and hands the seats it
 * issues to `seats`, where the candidate record (and so the hall ticket) takes them. Both sides
 * parse with these schemas (docs/exam-operations.md).
 */
import { z } from 'zod';
import { CONSENT_STATUSES } from '../consent.contract';
import { EXAM_LEVELS, seatSchema } from '../exams.schema';
import { CANDIDATE_CODE_PATTERN } from '../registration-code.util';

export const EXAM_SEAT_PATHS = {
  /** `GET ?after=<code>&limit=` -> `data: SeatingPage`: live candidates in code order. */
  seating: '/internal/candidates/seating',
  /** `PUT` ExamSeatsRequest -> `data: ExamSeatsResult`. */
  seats: '/internal/candidates/seats',
} as const;

export const SEATING_PAGE_MAX = 2_000;

const candidateCode = z.string().regex(CANDIDATE_CODE_PATTERN, { error: 'Candidate codes look like KBE123456ABC' });

export const seatingQuerySchema = z.strictObject({
  after: candidateCode.optional(),
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int({ error: 'limit must be a whole number' })
    .min(1, { error: 'limit must be at least 1' })
    .max(SEATING_PAGE_MAX, { error: `limit must be at most ${SEATING_PAGE_MAX}` })
    .default(500),
});
export type SeatingQuery = z.infer<typeof seatingQuerySchema>;

/** What seating needs of a candidate: where they live, their school, whether they may sit, their seat. */
export const seatingCandidateSchema = z.object({
  candidateCode: z.string(),
  level: z.enum(EXAM_LEVELS),
  category: z.string(),
  district: z.string(),
  taluka: z.string(),
  schoolCode: z.string(),
  feesPaid: z.boolean(),
  consent: z.enum(CONSENT_STATUSES),
  hallTicketReleased: z.boolean(),
  /** The seat number on record, allocated or typed by an admin (null: none). */
  seatNumber: z.string().nullable(),
  /** The roll number of the seat exams-service issued (null: none, or a manual assignment). */
  rollNumber: z.string().nullable(),
});
export type SeatingCandidate = z.infer<typeof seatingCandidateSchema>;

export const seatingPageSchema = z.object({
  candidates: z.array(seatingCandidateSchema),
  /** The `after` of the next page; null on the last one. */
  next: z.string().nullable(),
});
export type SeatingPage = z.infer<typeof seatingPageSchema>;
export const seatingResponseSchema = z.object({ success: z.literal(true), data: seatingPageSchema });

export const EXAM_SEATS_BATCH_MAX = 1_000;

export const examSeatsRequestSchema = z.strictObject({
  seats: z.array(seatSchema).max(EXAM_SEATS_BATCH_MAX, { error: `At most ${EXAM_SEATS_BATCH_MAX} seats at once` }),
  /** Candidates whose allocated seat is withdrawn (a re-seat left them without one). */
  cleared: z.array(candidateCode).max(EXAM_SEATS_BATCH_MAX, { error: `At most ${EXAM_SEATS_BATCH_MAX} codes at once` }).default([]),
});
export type ExamSeatsRequest = z.input<typeof examSeatsRequestSchema>;

/**
 * What became of each: `assigned`; `reissued` (assigned to a candidate whose hall ticket is out:
 * the next download prints the new seat, and the guardian is told); `unchanged` (already so);
 * `cleared`; `roll-number-fixed` (the hall ticket is released with another roll number, which may
 * no longer change); `not-found` (no live candidate).
 */
export const EXAM_SEAT_OUTCOMES = ['assigned', 'reissued', 'unchanged', 'cleared', 'roll-number-fixed', 'not-found'] as const;
export type ExamSeatOutcome = (typeof EXAM_SEAT_OUTCOMES)[number];

export const examSeatsResultSchema = z.object({
  results: z.array(z.object({ candidateCode: z.string(), outcome: z.enum(EXAM_SEAT_OUTCOMES) })),
});
export type ExamSeatsResult = z.infer<typeof examSeatsResultSchema>;
export const examSeatsResponseSchema = z.object({ success: z.literal(true), data: examSeatsResultSchema });
