import { EXAM_LEVELS } from './exams.schema';
import * as rules from './results.rules';
import * as schema from './results.schema';

const sat = { absent: false, medal: null, qualified: false, nextLevel: null } as const;

describe('results.rules (the zod-free results rules)', () => {
  it('names the kinds, medals and levels as results.schema and exams.schema do', () => {
    expect(rules.CERTIFICATE_KINDS).toEqual(schema.CERTIFICATE_KINDS);
    expect(rules.MEDALS).toEqual(schema.MEDALS);
    expect([...rules.LEVELS_LATEST_FIRST].reverse()).toEqual([...EXAM_LEVELS]);
    expect(rules.candidateResultApiPath('KBE123456ABC')).toBe(schema.candidateResultPath('KBE123456ABC'));
  });

  it.each([
    ['absent', { ...sat, absent: true }, [], null],
    ['sat', sat, ['participation'], 'participation'],
    ['a medal', { ...sat, medal: 'gold' }, ['participation', 'merit'], 'merit'],
    ['qualified', { ...sat, qualified: true, nextLevel: 'Advanced' }, ['participation', 'qualifying'], 'qualifying'],
    ['a medal and qualified', { ...sat, medal: 'bronze', qualified: true, nextLevel: 'Super Advanced' }, ['participation', 'merit', 'qualifying'], 'merit'],
    ['qualified at the last level', { ...sat, qualified: true, nextLevel: null }, ['participation'], 'participation'],
  ] as const)('earns with %s what results.schema says, the best first by preference', (_, result, kinds, best) => {
    expect(rules.certificateKindsOf(result)).toEqual(kinds);
    expect(schema.certificateKindsOf(result)).toEqual(kinds);
    expect(rules.bestCertificateKind(result)).toBe(best);
  });

  it('gives ranks 1 to 3 their medal', () => {
    expect([1, 2, 3, 4, null].map(rules.medalOfRank)).toEqual(['gold', 'silver', 'bronze', null, null]);
  });
});
