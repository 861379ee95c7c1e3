import {
  KBE_CATEGORIES,
  MAX_MARKS,
  MEDALS,
  NEXT_LEVEL,
  QUALIFYING_SHARE,
  type CategoryResults,
  type ExamLevel,
  type KbeCategory,
  type Medal,
  type RankedResult,
  type ScoreBucket,
} from '@kbe/contracts';

/** One candidate's line of a level as imported: a score, or absent (no score). */
export interface ResultEntry {
  candidateCode: string;
  rollNumber: string | null;
  category: KbeCategory;
  schoolCode: string;
  score: number | null;
  absent: boolean;
}

export interface RankedLevel {
  /** Per category in KBE_CATEGORIES order: ranked by rank then roll number, the absentees after them. */
  results: RankedResult[];
  /** One per category, all three always. */
  categories: CategoryResults[];
}

const HISTOGRAM_BUCKETS = 10;
const SHARE_PERCENT = Math.round(QUALIFYING_SHARE * 100);

/** ceil(40% of sat) in whole numbers: 0.4 * 15 is 6.000000000000001 in floating point, 15 * 40 / 100 is 6. */
export function qualifyingPlacesOf(sat: number): number {
  return Math.ceil((sat * SHARE_PERCENT) / 100);
}

/**
 * Ranks a level's results per category (docs/results.md). Standard competition ranking by score,
 * highest first: equal scores share a rank and the next rank skips (1, 2, 2, 4). Ranks 1, 2 and 3
 * take gold, silver and bronze, ties included (two golds, then bronze at rank 3). The top 40% of
 * those who sat qualify, rounded up, and everyone tied at the cut-off score with them. Absentees
 * are neither ranked nor qualified. Super Advanced is the last level: nobody qualifies there (no
 * places, no cut-off), ranks and medals stand. Pure and deterministic: ties are listed by roll number.
 */
export function rankResults(level: ExamLevel, entries: readonly ResultEntry[]): RankedLevel {
  const results: RankedResult[] = [];
  const categories: CategoryResults[] = [];
  for (const category of KBE_CATEGORIES) {
    const ranked = rankCategory(level, category, entries.filter((entry) => entry.category === category));
    results.push(...ranked.results);
    categories.push(ranked.summary);
  }
  return { results, categories };
}

function rankCategory(level: ExamLevel, category: KbeCategory, entries: readonly ResultEntry[]): { results: RankedResult[]; summary: CategoryResults } {
  const sat = entries.filter((entry) => !entry.absent && entry.score !== null).sort((a, b) => (b.score ?? 0) - (a.score ?? 0) || byRoll(a, b));
  const absent = entries.filter((entry) => entry.absent || entry.score === null).sort(byRoll);
  const hasNextLevel = NEXT_LEVEL[level] !== null;
  const qualifyingPlaces = hasNextLevel ? qualifyingPlacesOf(sat.length) : 0;
  const cutOff = qualifyingPlaces > 0 ? (sat[qualifyingPlaces - 1]?.score ?? null) : null;
  const medals: Record<Medal, number> = { gold: 0, silver: 0, bronze: 0 };
  const results: RankedResult[] = [];
  let rank = 0;
  sat.forEach((entry, index) => {
    if (index === 0 || entry.score !== sat[index - 1]?.score) rank = index + 1;
    const medal = rank <= MEDALS.length ? (MEDALS[rank - 1] ?? null) : null;
    if (medal) medals[medal] += 1;
    results.push({ ...rowOf(entry), rank, medal, qualified: cutOff !== null && (entry.score ?? 0) >= cutOff });
  });
  results.push(...absent.map((entry): RankedResult => ({ ...rowOf(entry), score: null, absent: true, rank: null, medal: null, qualified: false })));
  const scores = sat.map((entry) => entry.score ?? 0);
  return {
    results,
    summary: {
      category,
      candidates: entries.length,
      sat: sat.length,
      absent: absent.length,
      qualifyingPlaces,
      cutOff,
      qualified: results.filter((result) => result.qualified).length,
      medals,
      highest: scores[0] ?? null,
      median: medianOf(scores),
      histogram: histogramOf(scores, MAX_MARKS[level]),
    },
  };
}

/** The middle score (the mean of the two middle ones of an even count); scores sorted highest first. */
function medianOf(descending: readonly number[]): number | null {
  if (descending.length === 0) return null;
  const middle = Math.floor(descending.length / 2);
  const upper = descending[middle - 1] ?? 0;
  const at = descending[middle] ?? 0;
  return descending.length % 2 === 1 ? at : (upper + at) / 2;
}

/** Ten equal buckets over 0..maxMarks: each from its lower bound up to (not including) the next, the last one including maxMarks. */
export function histogramOf(scores: readonly number[], maxMarks: number): ScoreBucket[] {
  const width = maxMarks / HISTOGRAM_BUCKETS;
  const buckets = Array.from({ length: HISTOGRAM_BUCKETS }, (_, i): ScoreBucket => ({ from: i * width, to: (i + 1) * width, count: 0 }));
  for (const score of scores) {
    const bucket = buckets[Math.min(HISTOGRAM_BUCKETS - 1, Math.floor(score / width))];
    if (bucket) bucket.count += 1;
  }
  return buckets;
}

function rowOf(entry: ResultEntry): Omit<RankedResult, 'rank' | 'medal' | 'qualified'> {
  return { candidateCode: entry.candidateCode, rollNumber: entry.rollNumber, category: entry.category, schoolCode: entry.schoolCode, score: entry.score, absent: entry.absent };
}

function byRoll(a: ResultEntry, b: ResultEntry): number {
  const left = a.rollNumber ?? a.candidateCode;
  const right = b.rollNumber ?? b.candidateCode;
  return left < right ? -1 : left > right ? 1 : 0;
}
