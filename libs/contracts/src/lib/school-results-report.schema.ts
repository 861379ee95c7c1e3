import { z } from 'zod';
import { EXAM_LEVELS } from './exams.schema';
import { PORTAL_RESULTS_MESSAGES } from './school-results-report.contract';

/** `GET /api/portal/results/report.{csv,pdf}?level=`. */
export const portalResultsReportQuerySchema = z.strictObject(
  { level: z.enum(EXAM_LEVELS, { error: PORTAL_RESULTS_MESSAGES.levelRequired }) },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown query parameter: ${(issue.keys ?? []).join(', ')}` : undefined) },
);
export type PortalResultsReportQuery = z.infer<typeof portalResultsReportQuerySchema>;
