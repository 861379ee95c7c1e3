/**
 * The school report of a level's published results (docs/results.md, "School report"): a school's
 * (or a mentor's) pupils with their scores, ranks, medals and qualification, as CSV and PDF, in the
 * school portal and in the admin's Results tab.
 */

/** A level's name, as EXAM_LEVELS (exams.schema.ts, which needs zod) spells it. */
type ExamLevel = 'Mains' | 'Advanced' | 'Super Advanced';

/** The levels the portal's picker offers, first to last (EXAM_LEVELS without zod). */
export const REPORT_LEVELS: readonly ExamLevel[] = ['Mains', 'Advanced', 'Super Advanced'];

/** The portal's routes (the session's bearer token); `?level=` names the level. */
export const PORTAL_RESULTS_PATHS = {
  /** `GET ?level=` -> `text/csv` (PORTAL_RESULTS_REPORT_COLUMNS); 404 when none of the pupils has a published result of the level. */
  reportCsv: '/api/portal/results/report.csv',
  /** `GET ?level=` -> `application/pdf`; 404 as the CSV; 503 when the PDF cannot be made just now. */
  reportPdf: '/api/portal/results/report.pdf',
} as const;

/** The admin's PDF beside exams-service's CSV (`RESULTS_ADMIN_PATHS`): `GET ?school=` -> `application/pdf`. */
export const schoolResultsReportPdfPath = (level: ExamLevel): string => `/api/admin/results/${encodeURIComponent(level)}/report.pdf`;

/** The portal report's columns. */
export const PORTAL_RESULTS_REPORT_COLUMNS = [
  'candidate code',
  'name',
  'standard',
  'mentor',
  'roll number',
  'category',
  'score',
  'max marks',
  'absent',
  'rank',
  'medal',
  'qualified',
  'next level',
] as const;

export const PORTAL_RESULTS_MESSAGES = {
  levelRequired: 'level must be Mains, Advanced or Super Advanced',
  notPublished: (level: ExamLevel) => `No ${level} results are published for your pupils yet`,
  pdfUnavailable: 'The PDF could not be made just now. Please try again in a moment, or download the CSV.',
} as const;

/** The report's file names: `SCH-AB2CDE_Mains_results.pdf` (`Super-Advanced` for the last level). */
export function schoolResultsFileName(schoolCode: string, level: string, extension: 'csv' | 'pdf'): string {
  return `${schoolCode}_${level.replace(/\s+/g, '-')}_results.${extension}`;
}
