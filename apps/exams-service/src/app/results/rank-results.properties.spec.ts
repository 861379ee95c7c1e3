/**
 * The ranking's promises, checked over generated score sets of a category (halves, ties and
 * absentees included): shared ranks, skips, the 40% rule with its ties, absentees, medals, determinism.
 */
import { MAX_MARKS, type ExamLevel } from '@kbe/contracts';
import fc from 'fast-check';
import { qualifyingPlacesOf, rankResults, type ResultEntry } from './rank-results';

const RUNS = { numRuns: 300 };

/** A category's lines: scores in halves over 0..maxMarks (few distinct values, so ties are frequent), some absent. */
const entriesArbitrary = (level: ExamLevel) =>
  fc.array(fc.option(fc.integer({ min: 0, max: MAX_MARKS[level] * 2 }).map((halves) => halves / 2), { nil: null, freq: 5 }), { maxLength: 60 }).map((scores) =>
    scores.map(
      (score, i): ResultEntry => ({
        candidateCode: `KBE${String(100000 + i)}ABC`,
        rollNumber: `M-21-014-${String(i).padStart(4, '0')}-0`,
        category: (['Prime', 'Sec', 'High'] as const)[i % 3] ?? 'Prime',
        schoolCode: 'SCH-AAAAAA',
        score,
        absent: score === null,
      }),
    ),
  );
const levelArbitrary = fc.constantFrom<ExamLevel>('Mains', 'Advanced');

describe('rankResults (properties)', () => {
  it('equal scores share a rank; a rank is 1 + the number who scored more (so ranks skip after a tie)', () => {
    fc.assert(
      fc.property(levelArbitrary.chain((level) => fc.tuple(fc.constant(level), entriesArbitrary(level))), ([level, entries]) => {
        const { results } = rankResults(level, entries);
        for (const result of results.filter((r) => !r.absent)) {
          const higher = results.filter((other) => !other.absent && other.category === result.category && (other.score ?? 0) > (result.score ?? 0)).length;
          expect(result.rank).toBe(higher + 1);
        }
      }),
      RUNS,
    );
  });

  it('qualifies at least ceil(40% of sat) per category, and exactly those who scored the cut-off or more', () => {
    fc.assert(
      fc.property(levelArbitrary.chain((level) => fc.tuple(fc.constant(level), entriesArbitrary(level))), ([level, entries]) => {
        const { results, categories } = rankResults(level, entries);
        for (const summary of categories) {
          const sat = results.filter((r) => r.category === summary.category && !r.absent);
          const qualified = sat.filter((r) => r.qualified);
          expect(summary.qualifyingPlaces).toBe(qualifyingPlacesOf(sat.length));
          expect(qualified.length).toBeGreaterThanOrEqual(qualifyingPlacesOf(sat.length));
          expect(summary.qualified).toBe(qualified.length);
          for (const r of sat) expect(r.qualified).toBe(summary.cutOff !== null && (r.score ?? 0) >= summary.cutOff);
        }
      }),
      RUNS,
    );
  });

  it('never ranks, qualifies or decorates an absentee; medals only at ranks 1 to 3', () => {
    fc.assert(
      fc.property(levelArbitrary.chain((level) => fc.tuple(fc.constant(level), entriesArbitrary(level))), ([level, entries]) => {
        const { results } = rankResults(level, entries);
        expect(results).toHaveLength(entries.length);
        for (const r of results.filter((result) => result.absent)) expect([r.rank, r.medal, r.qualified, r.score]).toEqual([null, null, false, null]);
        for (const r of results.filter((result) => result.medal !== null)) expect(r.rank).toBeLessThanOrEqual(3);
        for (const r of results.filter((result) => result.rank !== null && result.rank <= 3)) expect(r.medal).toBe(['gold', 'silver', 'bronze'][(r.rank ?? 1) - 1]);
      }),
      RUNS,
    );
  });

  it('qualifies nobody at Super Advanced', () => {
    fc.assert(
      fc.property(entriesArbitrary('Super Advanced'), (entries) => {
        expect(rankResults('Super Advanced', entries).results.some((r) => r.qualified)).toBe(false);
      }),
      RUNS,
    );
  });

  it('is deterministic: the same lines in any order give the same ranking', () => {
    fc.assert(
      fc.property(
        entriesArbitrary('Mains').chain((entries) => fc.tuple(fc.constant(entries), fc.shuffledSubarray(entries, { minLength: entries.length, maxLength: entries.length }))),
        ([entries, shuffled]) => {
          expect(rankResults('Mains', shuffled)).toEqual(rankResults('Mains', entries));
        },
      ),
      RUNS,
    );
  });
});
