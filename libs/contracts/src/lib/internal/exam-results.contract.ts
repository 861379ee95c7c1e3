/**
 * registration-service's side of results (internal API, `x-internal-token`, never routed by the
 * edge). When the admin publishes a level, exams-service hands every candidate's result to
 * `results`, where the candidate record keeps it (the downloads gate, certificates, the school
 * report and the SMS read it there) and a qualified candidate moves on to the next level. A
 * withdrawal takes them back. Both sides parse with these schemas (docs/results.md).
 */
import { z } from 'zod';
import { EXAM_LEVELS } from '../exams.schema';
import { candidateResultSchema } from '../results.schema';
import { CANDIDATE_CODE_PATTERN } from '../registration-code.util';

export const EXAM_RESULT_PATHS = {
  /** `PUT` ExamResultsRequest -> `data: ExamResultsOutcome`. */
  results: '/internal/candidates/results',
  /** `POST` ResultsWithdrawalRequest -> `data: { withdrawn }`; 409 once a certificate of the level is released. */
  withdrawal: '/internal/candidates/results/withdrawal',
} as const;

export const EXAM_RESULTS_BATCH_MAX = 1_000;

export const examResultsRequestSchema = z.strictObject({
  results: z
    .array(candidateResultSchema.extend({ candidateCode: z.string().regex(CANDIDATE_CODE_PATTERN) }))
    .max(EXAM_RESULTS_BATCH_MAX, { error: `At most ${EXAM_RESULTS_BATCH_MAX} results at once` }),
});
export type ExamResultsRequest = z.input<typeof examResultsRequestSchema>;

/**
 * What became of each: `published` (stored, the guardian is told; a qualified candidate moved on),
 * `unchanged` (already so), `not-found` (no live candidate: erased since the paper).
 */
export const EXAM_RESULT_OUTCOMES = ['published', 'unchanged', 'not-found'] as const;
export type ExamResultOutcome = (typeof EXAM_RESULT_OUTCOMES)[number];

export const examResultsOutcomeSchema = z.object({
  outcomes: z.array(z.object({ candidateCode: z.string(), outcome: z.enum(EXAM_RESULT_OUTCOMES) })),
});
export type ExamResultsOutcome = z.infer<typeof examResultsOutcomeSchema>;
export const examResultsResponseSchema = z.object({ success: z.literal(true), data: examResultsOutcomeSchema });

export const resultsWithdrawalRequestSchema = z.strictObject({
  level: z.enum(EXAM_LEVELS, { error: 'Level must be Mains, Advanced or Super Advanced' }),
});
export type ResultsWithdrawalRequest = z.infer<typeof resultsWithdrawalRequestSchema>;

export const resultsWithdrawalResponseSchema = z.object({ success: z.literal(true), data: z.object({ withdrawn: z.number().int().nonnegative() }) });
