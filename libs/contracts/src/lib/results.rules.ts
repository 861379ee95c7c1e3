/**
 * What a candidate's result earns, without zod: browser code (the downloads page) imports these
 * from `@kbe/contracts/zod-free`, services from `@kbe/contracts` (results.schema.ts re-exports them).
 */
/** A level's name, as EXAM_LEVELS (exams.schema.ts, which needs zod) spells it; results.rules.spec.ts checks they agree. */
type ExamLevel = 'Mains' | 'Advanced' | 'Super Advanced';

/** Ranks 1, 2 and 3 of a category (ties included). */
export const MEDALS = ['gold', 'silver', 'bronze'] as const;
export type Medal = (typeof MEDALS)[number];

/** What a certificate says a candidate earned at a level. */
export const CERTIFICATE_KINDS = ['participation', 'merit', 'qualifying'] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

/** The kind a certificate is of when none is asked: the best earned (merit > qualifying > participation). */
export const CERTIFICATE_PREFERENCE: readonly CertificateKind[] = ['merit', 'qualifying', 'participation'];

/** The levels from the latest to the first: a candidate's latest published result is the first found. */
export const LEVELS_LATEST_FIRST: readonly ExamLevel[] = ['Super Advanced', 'Advanced', 'Mains'];

/** What of a result decides the certificates it earns. */
export interface EarningResult {
  absent: boolean;
  medal: Medal | null;
  qualified: boolean;
  nextLevel: ExamLevel | null;
}

/** The certificates a result earns: participation for sitting, merit for a medal, qualifying when qualified for a next level. */
export function certificateKindsOf(result: EarningResult): CertificateKind[] {
  if (result.absent) return [];
  const kinds: CertificateKind[] = ['participation'];
  if (result.medal) kinds.push('merit');
  if (result.qualified && result.nextLevel) kinds.push('qualifying');
  return kinds;
}

/** The best certificate a result earns (null: none, the candidate was absent). */
export function bestCertificateKind(result: EarningResult): CertificateKind | null {
  const earned = certificateKindsOf(result);
  return CERTIFICATE_PREFERENCE.find((kind) => earned.includes(kind)) ?? null;
}

/** The medal of a rank (1 gold, 2 silver, 3 bronze), null beyond. */
export function medalOfRank(rank: number | null): Medal | null {
  return rank !== null && rank >= 1 && rank <= MEDALS.length ? (MEDALS[rank - 1] ?? null) : null;
}

/** The candidate's own result, through the downloads gate (documents-service): results.schema.ts's `candidateResultPath`, for the browser. */
export const candidateResultApiPath = (code: string): string => `/api/candidates/${encodeURIComponent(code)}/result`;
