import { EXAM_LEVELS } from './exams.schema';
import * as rules from './results.rules';

const sat = { absent: false, medal: null, qualified: false, nextLevel: null } as const;

describe('results.rules (the zod-free results rules)', () => {
  it('names the levels as exams.schema does, latest first', () => {
    expect([...rules.LEVELS_LATEST_FIRST].reverse()).toEqual([...EXAM_LEVELS]);
    expect(rules.candidateResultApiPath('KBE123456ABC')).toBe('/api/candidates/KBE123456ABC/result');
  });

  it.each([
    ['absent', { ...sat, absent: true }, [], null],
    ['sat', sat, ['participation'], 'participation'],
    ['a medal', { ...sat, medal: 'gold' }, ['participation', 'merit'], 'merit'],
    ['qualified', { ...sat, qualified: true, nextLevel: 'Advanced' }, ['participation', 'qualifying'], 'qualifying'],
    ['a medal and qualified', { ...sat, medal: 'bronze', qualified: true, nextLevel: 'Super Advanced' }, ['participation', 'merit', 'qualifying'], 'merit'],
    ['qualified at the last level', { ...sat, qualified: true, nextLevel: null }, ['participation'], 'participation'],
  ] as const)('earns with %s its certificates, the best first by preference', (_, result, kinds, best) => {
    expect(rules.certificateKindsOf(result)).toEqual(kinds);
    expect(rules.bestCertificateKind(result)).toBe(best);
  });

  it('gives ranks 1 to 3 their medal', () => {
    expect([1, 2, 3, 4, null].map(rules.medalOfRank)).toEqual(['gold', 'silver', 'bronze', null, null]);
  });
});
