import type { CategoryResults, LevelResultsSummary, RankedResult, ResultsImportReport } from '@kbe/contracts';

/** Ten buckets over 0..100 holding the given counts (zero where not given). */
export function histogram(counts: number[] = [], maxMarks = 100) {
  const width = maxMarks / 10;
  return Array.from({ length: 10 }, (_, i) => ({ from: i * width, to: (i + 1) * width, count: counts[i] ?? 0 }));
}

/** A category's results as the server reports them (Prime: 10 sat, 2 absent, 4 places unless overridden). */
export function categoryResults(overrides: Partial<CategoryResults> = {}): CategoryResults {
  return {
    category: 'Prime',
    candidates: 12,
    sat: 10,
    absent: 2,
    qualifyingPlaces: 4,
    cutOff: 61,
    qualified: 5,
    medals: { gold: 1, silver: 1, bronze: 2 },
    highest: 92.5,
    median: 48,
    histogram: histogram([0, 0, 1, 2, 2, 0, 3, 1, 0, 1]),
    ...overrides,
  };
}

/** A Mains summary (imported, not published; Prime only) unless overridden. */
export function levelSummary(overrides: Partial<LevelResultsSummary> = {}): LevelResultsSummary {
  return {
    level: 'Mains',
    status: 'imported',
    maxMarks: 100,
    importedAt: '2027-02-01T06:30:00.000Z',
    importedBy: 'asha',
    publishedAt: null,
    categories: [categoryResults()],
    ...overrides,
  };
}

/** What an import reports (a clean Mains dry run of 12 lines unless overridden). */
export function importReport(overrides: Partial<ResultsImportReport> = {}): ResultsImportReport {
  return { level: 'Mains', dryRun: true, lines: 12, stored: false, unchanged: false, replaced: false, sat: 10, absent: 2, problems: [], ...overrides };
}

/** A ranked line (rank n, qualified for n <= 4) unless overridden. */
export function rankedResult(n: number, overrides: Partial<RankedResult> = {}): RankedResult {
  return {
    candidateCode: `KBE${100000 + n}ABC`,
    rollNumber: `M-21-014-${String(n).padStart(4, '0')}-0`,
    category: 'Prime',
    schoolCode: 'SCH-NSK4P2',
    score: 100 - n * 5,
    absent: false,
    rank: n,
    medal: n === 1 ? 'gold' : n === 2 ? 'silver' : n === 3 ? 'bronze' : null,
    qualified: n <= 4,
    ...overrides,
  };
}
