/**
 * A school's report of a level's published results (issues 27 and 29): the rows the portal
 * (registration-service) and the admin (exams-service) send documents-service's internal route
 * `POST /internal/documents/school-results.pdf` (`x-internal-token`, never routed by the edge),
 * which answers the readable PDF (a table per category, the medal and qualified counts on top).
 * Nothing is stored. documents-service parses the body with schoolResultsReportSchema.
 */
import { z } from 'zod';
import { EXAM_LEVELS } from '../exams.schema';
import { KBE_CATEGORIES } from '../registration.choices';
import { CANDIDATE_CODE_PATTERN, SCHOOL_CODE_PATTERN } from '../registration-code.util';
import { MEDALS } from '../results.schema';

/** The most rows one report takes (a large school has a few hundred pupils at a level). */
export const SCHOOL_RESULTS_REPORT_MAX_ROWS = 20_000;

const shortText = (max: number) => z.string().max(max).nullable();

/** One pupil's line; the admin's report (exams-service) knows no name, standard or mentor (null). */
export const schoolResultsReportRowSchema = z.strictObject({
  candidateCode: z.string().regex(CANDIDATE_CODE_PATTERN, { error: 'must look like KBE123456ABC' }),
  name: shortText(200),
  standard: shortText(40),
  mentorCode: shortText(40),
  rollNumber: shortText(40),
  category: z.enum(KBE_CATEGORIES),
  score: z.number().min(0).nullable(),
  maxMarks: z.number().int().positive(),
  absent: z.boolean(),
  rank: z.number().int().positive().nullable(),
  medal: z.enum(MEDALS).nullable(),
  qualified: z.boolean(),
  nextLevel: z.enum(EXAM_LEVELS).nullable(),
});
export type SchoolResultsReportRow = z.infer<typeof schoolResultsReportRowSchema>;

export const schoolResultsReportSchema = z.strictObject({
  schoolCode: z.string().regex(SCHOOL_CODE_PATTERN, { error: 'must look like SCH-AB2CDE' }),
  /** Null when the sender does not know it (exams-service). */
  schoolName: shortText(200),
  /** The mentor whose pupils these are, when a mentor asked (the portal); null for the whole school. */
  mentorCode: shortText(40),
  level: z.enum(EXAM_LEVELS),
  /** ISO 8601: when the report was asked for. */
  generatedAt: z.iso.datetime(),
  rows: z.array(schoolResultsReportRowSchema).max(SCHOOL_RESULTS_REPORT_MAX_ROWS),
});
export type SchoolResultsReport = z.infer<typeof schoolResultsReportSchema>;
