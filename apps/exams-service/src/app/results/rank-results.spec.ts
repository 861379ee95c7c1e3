import { rankResults, histogramOf, qualifyingPlacesOf, type ResultEntry } from './rank-results';

const entry = (n: number, score: number | null, fields: Partial<ResultEntry> = {}): ResultEntry => ({
  candidateCode: `KBE1000${String(n).padStart(2, '0')}ABC`,
  rollNumber: `M-21-014-${String(n).padStart(4, '0')}-0`,
  category: 'Prime',
  schoolCode: 'SCH-AAAAAA',
  score,
  absent: score === null,
  ...fields,
});

describe('rankResults', () => {
  it('ranks by score, highest first: ties share a rank and the next rank skips (1, 2, 2, 4)', () => {
    const { results } = rankResults('Mains', [entry(1, 70), entry(2, 90), entry(3, 80), entry(4, 80)]);
    expect(results.map((r) => [r.score, r.rank])).toEqual([
      [90, 1],
      [80, 2],
      [80, 2],
      [70, 4],
    ]);
  });

  it('gives gold, silver and bronze to ranks 1, 2 and 3, ties included: two golds, then bronze at rank 3', () => {
    const { results, categories } = rankResults('Mains', [entry(1, 95), entry(2, 95), entry(3, 90), entry(4, 85)]);
    expect(results.map((r) => [r.rank, r.medal])).toEqual([
      [1, 'gold'],
      [1, 'gold'],
      [3, 'bronze'],
      [4, null],
    ]);
    expect(categories[0]?.medals).toEqual({ gold: 2, silver: 0, bronze: 1 });
  });

  it('qualifies the top 40% of those who sat, rounded up, and everyone tied at the cut-off', () => {
    // 6 sat: ceil(2.4) = 3 places; the third score (70) is the cut-off, shared by two more
    const { results, categories } = rankResults('Mains', [entry(1, 90), entry(2, 80), entry(3, 70), entry(4, 70), entry(5, 70), entry(6, 10)]);
    expect(results.filter((r) => r.qualified).map((r) => r.score)).toEqual([90, 80, 70, 70, 70]);
    expect(categories[0]).toMatchObject({ sat: 6, qualifyingPlaces: 3, cutOff: 70, qualified: 5 });
  });

  it('neither ranks nor qualifies absentees, and lists them after the ranked', () => {
    const { results, categories } = rankResults('Mains', [entry(1, null), entry(2, 40), entry(3, null, { score: null, absent: true })]);
    expect(results.map((r) => [r.candidateCode, r.rank, r.qualified, r.absent])).toEqual([
      ['KBE100002ABC', 1, true, false],
      ['KBE100001ABC', null, false, true],
      ['KBE100003ABC', null, false, true],
    ]);
    expect(categories[0]).toMatchObject({ candidates: 3, sat: 1, absent: 2, qualifyingPlaces: 1, highest: 40, median: 40 });
  });

  it('qualifies nobody at Super Advanced, the last level: no places, no cut-off; ranks and medals stand', () => {
    const { results, categories } = rankResults('Super Advanced', [entry(1, 190), entry(2, 150)]);
    expect(results.map((r) => [r.rank, r.medal, r.qualified])).toEqual([
      [1, 'gold', false],
      [2, 'silver', false],
    ]);
    expect(categories[0]).toMatchObject({ qualifyingPlaces: 0, cutOff: null, qualified: 0 });
  });

  it('summarises each category apart, all three always, with the median and a histogram of 10 buckets', () => {
    const { categories } = rankResults('Mains', [entry(1, 100), entry(2, 55.5), entry(3, 20), entry(4, 0), entry(5, 61, { category: 'Sec' })]);
    expect(categories.map((c) => [c.category, c.candidates, c.sat])).toEqual([
      ['Prime', 4, 4],
      ['Sec', 1, 1],
      ['High', 0, 0],
    ]);
    const prime = categories[0];
    expect(prime).toMatchObject({ highest: 100, median: 37.75, qualifyingPlaces: 2, cutOff: 55.5 });
    expect(prime?.histogram.map((b) => b.count)).toEqual([1, 0, 1, 0, 0, 1, 0, 0, 0, 1]);
    expect(categories[2]).toMatchObject({ sat: 0, cutOff: null, highest: null, median: null, qualified: 0 });
  });
});

describe('qualifyingPlacesOf', () => {
  it('rounds 40% up in whole numbers (15 sat: 6 places, not 7 by floating point)', () => {
    expect([0, 1, 2, 3, 5, 10, 15, 16].map(qualifyingPlacesOf)).toEqual([0, 1, 1, 2, 2, 4, 6, 7]);
  });
});

describe('histogramOf', () => {
  it('spreads 0..maxMarks over ten buckets, the last one including the maximum', () => {
    const buckets = histogramOf([0, 14.5, 15, 149.5, 150], 150);
    expect(buckets[0]).toEqual({ from: 0, to: 15, count: 2 });
    expect(buckets[1]).toEqual({ from: 15, to: 30, count: 1 });
    expect(buckets[9]).toEqual({ from: 135, to: 150, count: 2 });
  });
});
