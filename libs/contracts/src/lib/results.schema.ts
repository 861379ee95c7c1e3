/**
 * Results (exams-service, docs/results.md): a level's scores imported from the OMR sheets, ranks
 * and qualification per category, publication, and what a candidate or parent is shown. Browser,
 * admin remote and services parse with these.
 */
import { z } from 'zod';
import { EXAM_LEVELS, type ExamLevel, ROLL_NUMBER_PATTERN } from './exams.schema';
import { KBE_CATEGORIES, type KbeCategory } from './registration.choices';
import { MEDALS, type Medal, candidateResultApiPath } from './results.rules';

// The medals, certificate kinds and what a result earns are zod-free (the downloads page reads them too).
export { CERTIFICATE_KINDS, MEDALS, certificateKindsOf, type CertificateKind, type Medal } from './results.rules';
import { listPageQuery } from './admin-api.schema';
import { SCHOOL_CODE_PATTERN } from './registration-code.util';

/** Each level's paper (spec: Mains 100 marks, Advanced 150, Super Advanced 200). */
export const MAX_MARKS: Record<ExamLevel, number> = { Mains: 100, Advanced: 150, 'Super Advanced': 200 };

/** Where a qualified candidate goes next; Super Advanced is the last level. */
export const NEXT_LEVEL: Record<ExamLevel, ExamLevel | null> = { Mains: 'Advanced', Advanced: 'Super Advanced', 'Super Advanced': null };

/** The share of those who sat a level's paper (per category) who qualify for the next; rounded up, ties at the cut-off included. */
export const QUALIFYING_SHARE = 0.4;


/** A level's results: none imported, imported and checked by the admin, published, or withdrawn after publication. */
export const RESULT_STATUSES = ['none', 'imported', 'published', 'withdrawn'] as const;
export type ResultStatus = (typeof RESULT_STATUSES)[number];

const segment = (value: string): string => encodeURIComponent(value);

/** exams-service's routes, as the edge serves them. */
export const RESULTS_ADMIN_PATHS = {
  /** `POST` ResultsImportRequest -> `data: ResultsImportReport` (409 when results are stored and `replace` is not set). */
  import: '/api/admin/results/import',
  /** `GET` -> `data: LevelResultsSummary` (ranks, cut-offs and the histogram per category). */
  summary: (level: ExamLevel) => `/api/admin/results/${segment(level)}`,
  /** `GET ?category=&page=&limit=` -> ranked rows of the level. */
  candidates: (level: ExamLevel) => `/api/admin/results/${segment(level)}/candidates`,
  /**
   * `POST` { level } -> `data: LevelResultsSummary`: 200 published; 202 when the publication runs on
   * (at scale), its `publication` showing progress: poll `summary` until `publication.finishedAt`.
   */
  publish: '/api/admin/results/publish',
  /** `POST` { level } -> `data: LevelResultsSummary`; 409 once certificates of the level are released. */
  withdraw: '/api/admin/results/withdraw',
} as const;

/** Public: the non-personal merit list (roll numbers and ranks of the qualified), when the edition shows it. */
export const meritListPath = (level: ExamLevel): string => `/api/results/${segment(level)}/merit-list`;

/** The candidate's own result, through the downloads gate (documents-service). */
export const candidateResultPath = candidateResultApiPath;

const level = z.enum(EXAM_LEVELS, { error: 'Level must be Mains, Advanced or Super Advanced' });

/** The largest results file taken (20,000 lines of roll number, score and absent fit in well under 1 MB). */
export const RESULTS_CSV_MAX_BYTES = 2 * 1024 * 1024;

/**
 * The CSV's columns, in any order and any case: `roll number` or `candidate code` (one of them
 * names the candidate), `score` (0 to the level's maximum, halves allowed) and `absent` (yes/no,
 * empty = no). A line marked absent carries no score.
 */
export const RESULTS_CSV_COLUMNS = ['roll number', 'candidate code', 'score', 'absent'] as const;

export const resultsImportRequestSchema = z.strictObject({
  level,
  csv: z
    .string({ error: 'csv must be the file as text' })
    .min(1, { error: 'The file is empty' })
    .max(RESULTS_CSV_MAX_BYTES, { error: 'The file must be at most 2 MB' }),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).default(false),
  /** Replace the level's stored results with this file (audited); without it a different file is refused. */
  replace: z.boolean({ error: 'replace must be true or false' }).default(false),
});
export type ResultsImportRequest = z.input<typeof resultsImportRequestSchema>;

/** One problem of the file: `line` 1 is the header; `line: null` for a candidate of the level with no line. */
export interface ResultsImportProblem {
  line: number | null;
  field: 'roll number' | 'candidate code' | 'score' | 'absent' | 'header' | null;
  message: string;
}

/** What an import did (or, in a dry run, would do). With any problem nothing is stored. */
export interface ResultsImportReport {
  level: ExamLevel;
  dryRun: boolean;
  /** Lines read, the header not counted. */
  lines: number;
  /** Whether the results were stored (false in a dry run, with problems, or when unchanged). */
  stored: boolean;
  /** The file is the one already stored: nothing changed. */
  unchanged: boolean;
  /** Stored results were replaced (`replace: true`). */
  replaced: boolean;
  sat: number;
  absent: number;
  problems: ResultsImportProblem[];
}

export interface ScoreBucket {
  /** Inclusive lower bound. */
  from: number;
  /** Exclusive upper bound, but the last bucket includes the maximum. */
  to: number;
  count: number;
}

export interface CategoryResults {
  category: KbeCategory;
  /** Candidates of the level and category with a line. */
  candidates: number;
  sat: number;
  absent: number;
  /** ceil(40% of sat). */
  qualifyingPlaces: number;
  /** The lowest qualifying score (null when nobody sat). */
  cutOff: number | null;
  /** Qualified, ties at the cut-off included (may exceed qualifyingPlaces). */
  qualified: number;
  medals: Record<Medal, number>;
  highest: number | null;
  median: number | null;
  /** Ten buckets over 0..maxMarks. */
  histogram: ScoreBucket[];
}

/**
 * A publication's progress: results are handed to registration-service in batches (about a minute
 * at 20,000), so `publish` answers 202 when it runs on and the level turns `published` when every
 * batch went through; `error` says why one stopped (the level stays as it was: publish again).
 */
export interface ResultsPublication {
  startedAt: string;
  startedBy: string;
  total: number;
  processed: number;
  percent: number;
  finishedAt: string | null;
  error: string | null;
}

export interface LevelResultsSummary {
  level: ExamLevel;
  status: ResultStatus;
  maxMarks: number;
  importedAt: string | null;
  importedBy: string | null;
  publishedAt: string | null;
  categories: CategoryResults[];
  /** The latest publication (running, finished or stopped); null before any. */
  publication?: ResultsPublication | null;
}

/** One ranked line of a level (admin list, school report). */
export interface RankedResult {
  candidateCode: string;
  rollNumber: string | null;
  category: KbeCategory;
  schoolCode: string;
  score: number | null;
  absent: boolean;
  /** Null for absentees. */
  rank: number | null;
  medal: Medal | null;
  qualified: boolean;
}

export const resultsLevelRequestSchema = z.strictObject({ level });
export type ResultsLevelRequest = z.infer<typeof resultsLevelRequestSchema>;

/** `{level}` of the results paths (`Super%20Advanced` in a URL). */
export const resultsLevelParam = level;

const unknownQueryKey = {
  error: (issue: { code: string; keys?: string[] }) => (issue.code === 'unrecognized_keys' ? `Unknown query parameter: ${(issue.keys ?? []).join(', ')}` : undefined),
};

/** `GET /api/admin/results/{level}/candidates?category=&page=&limit=`: ranked rows, a category's or all three (by category). */
export const resultsCandidatesQuerySchema = z.strictObject(
  {
    category: z.enum(KBE_CATEGORIES, { error: 'category must be Prime, Sec or High' }).optional(),
    ...listPageQuery,
  },
  unknownQueryKey,
);
export type ResultsCandidatesQuery = z.input<typeof resultsCandidatesQuerySchema>;

/** `GET /api/admin/results/{level}/report.csv?school=`: one school's report. */
export const schoolResultsReportQuerySchema = z.strictObject(
  {
    school: z
      .string({ error: 'school must be a school code, e.g. SCH-AB2CDE' })
      .trim()
      .toUpperCase()
      .regex(SCHOOL_CODE_PATTERN, { error: 'school must be a school code, e.g. SCH-AB2CDE' }),
  },
  unknownQueryKey,
);
export type SchoolResultsReportQuery = z.input<typeof schoolResultsReportQuerySchema>;

/** The school report's columns. */
export const SCHOOL_RESULTS_REPORT_COLUMNS = ['candidate code', 'roll number', 'category', 'score', 'absent', 'rank', 'medal', 'qualified'] as const;

/** `POST /api/candidates/{code}/result`: the downloads gate's proof, and the level (default: the latest published). */
export const candidateResultRequestSchema = z.strictObject({
  motherName: z
    .string({ error: "Mother's name is required" })
    .trim()
    .min(1, { error: "Mother's name is required" })
    .max(100, { error: "Mother's name must be at most 100 characters" }),
  level: level.optional(),
});
export type CandidateResultRequest = z.input<typeof candidateResultRequestSchema>;

/** What a candidate or parent is shown, and what registration-service keeps on the candidate per published level. */
export const candidateResultSchema = z.object({
  level,
  category: z.enum(KBE_CATEGORIES),
  rollNumber: z.string().regex(ROLL_NUMBER_PATTERN).nullable(),
  score: z.number().min(0).nullable(),
  maxMarks: z.number().int().positive(),
  absent: z.boolean(),
  rank: z.number().int().positive().nullable(),
  medal: z.enum(MEDALS).nullable(),
  qualified: z.boolean(),
  /** The level a qualified candidate goes on to (null: not qualified, or the last level). */
  nextLevel: level.nullable(),
  publishedAt: z.string(),
});
export type CandidateResult = z.infer<typeof candidateResultSchema>;


export interface MeritListEntry {
  rollNumber: string;
  rank: number;
}

export interface MeritList {
  level: ExamLevel;
  publishedAt: string;
  categories: { category: KbeCategory; entries: MeritListEntry[] }[];
}
