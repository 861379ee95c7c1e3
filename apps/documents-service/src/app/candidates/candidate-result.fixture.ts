import type { CandidateResult } from '@kbe/contracts';

/** A published result as registration-service keeps it on the candidate, for unit tests: Mains, Sec, rank 2 (silver), qualified. */
export const candidateResult = (overrides: Partial<CandidateResult> = {}): CandidateResult => ({
  level: 'Mains',
  category: 'Sec',
  rollNumber: 'M-21-014-0123-6',
  score: 88,
  maxMarks: 100,
  absent: false,
  rank: 2,
  medal: 'silver',
  qualified: true,
  nextLevel: 'Advanced',
  publishedAt: '2027-02-10T10:00:00.000Z',
  ...overrides,
});
