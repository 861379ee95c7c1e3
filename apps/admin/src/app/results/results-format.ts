import { EXAM_LEVELS, KBE_CATEGORIES, type CategoryResults, type ExamLevel, type KbeCategory, type Medal, type ResultStatus, type ScoreBucket } from '@kbe/contracts';

export const LEVEL_OPTIONS: readonly { value: ExamLevel; label: string }[] = EXAM_LEVELS.map((level) => ({ value: level, label: level }));
export const CATEGORY_OPTIONS: readonly { value: KbeCategory; label: string }[] = KBE_CATEGORIES.map((category) => ({ value: category, label: category }));

export const MEDAL_LABELS: Record<Medal, string> = { gold: 'Gold', silver: 'Silver', bronze: 'Bronze' };

export const STATUS_LABELS: Record<ResultStatus, string> = {
  none: 'No results imported',
  imported: 'Imported, not published',
  published: 'Published',
  withdrawn: 'Withdrawn after publication',
};

/** A score or a statistic that may be missing (nobody sat): '—'. Halves are written as such (42.5). */
export const scoreText = (score: number | null) => (score === null ? '—' : String(score));

/** `0–10`, the last bucket `90–100` including the maximum. */
export const bucketLabel = (bucket: ScoreBucket) => `${bucket.from}–${bucket.to}`;

/** `1 gold, 2 silver, 1 bronze` (ties share a medal). */
export const medalsText = (medals: CategoryResults['medals']) => (Object.keys(MEDAL_LABELS) as Medal[]).map((medal) => `${medals[medal]} ${medal}`).join(', ');

/** The chart's words for a screen reader: where most candidates scored. */
export function histogramSummary(result: CategoryResults): string {
  const busiest = result.histogram.reduce<ScoreBucket | null>((top, bucket) => (top === null || bucket.count > top.count ? bucket : top), null);
  if (!busiest || result.sat === 0) return `${result.category}: nobody sat the paper.`;
  return `${result.category}: ${result.sat} sat; the most candidates (${busiest.count}) scored ${bucketLabel(busiest)}; highest ${scoreText(result.highest)}, median ${scoreText(result.median)}, cut-off ${scoreText(result.cutOff)}.`;
}
