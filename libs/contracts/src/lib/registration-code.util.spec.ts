import {
  CANDIDATE_CODE_PATTERN,
  CODE_ALPHABET,
  MENTOR_CODE_PATTERN,
  SCHOOL_CODE_PATTERN,
  cryptoRandomIndex,
  generateCandidateCode,
  generateMentorCode,
  generateSchoolCode,
  isCandidateCode,
  isMentorCode,
  isSchoolCode,
  randomCodeChars,
} from './registration-code.util';

/** A random source that walks through the given indexes. */
const sequence = (...indexes: number[]) => {
  let i = 0;
  return (max: number) => {
    const value = indexes[i % indexes.length] ?? 0;
    i += 1;
    return value % max;
  };
};

describe('registration codes', () => {
  it('uses an alphabet without look-alike characters', () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    for (const ambiguous of ['0', 'O', '1', 'I']) expect(CODE_ALPHABET).not.toContain(ambiguous);
    expect(new Set(CODE_ALPHABET).size).toBe(CODE_ALPHABET.length);
  });

  it('generates school and mentor codes from the injected random source', () => {
    expect(generateSchoolCode(sequence(0, 1, 2, 3, 4, 5))).toBe('SCH-ABCDEF');
    expect(generateMentorCode(sequence(31, 30, 29, 28, 27, 26))).toBe('MEN-987654');
  });

  it('generates a candidate code from the clock and random source', () => {
    const code = generateCandidateCode({ now: () => 1_761_843_123_456, random: sequence(8, 9, 10) });
    expect(code).toBe('KBE123456JKL');
    expect(generateCandidateCode({ now: () => 42, random: sequence(0) })).toBe('KBE000042AAA');
  });

  it('matches its own patterns with the default crypto source', () => {
    for (let i = 0; i < 200; i += 1) {
      expect(generateSchoolCode()).toMatch(SCHOOL_CODE_PATTERN);
      expect(generateMentorCode()).toMatch(MENTOR_CODE_PATTERN);
      expect(generateCandidateCode()).toMatch(CANDIDATE_CODE_PATTERN);
    }
  });

  it('draws every alphabet character over many draws and stays in range', () => {
    const seen = new Set(randomCodeChars(5000));
    expect(seen.size).toBe(CODE_ALPHABET.length);
    for (let i = 0; i < 1000; i += 1) {
      const value = cryptoRandomIndex(7);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(7);
    }
    expect(() => cryptoRandomIndex(0)).toThrow(RangeError);
  });

  it('refuses a random source that returns an index outside the alphabet', () => {
    expect(() => randomCodeChars(1, () => 32)).toThrow(RangeError);
  });

  it.each([
    ['SCH-7KQ2XM', true, false, false],
    ['MEN-4HT9PA', false, true, false],
    ['KBE123456K7Q', false, false, true],
    ['SCH-7KQ2X', false, false, false],
    ['SCH-7KQ2XO', false, false, false],
    ['sch-7kq2xm', false, false, false],
    ['KBE12345K7Q1', false, false, false],
    ['KBE123456K71', false, false, false],
  ])('classifies %s', (code, school, mentor, candidate) => {
    expect(isSchoolCode(code)).toBe(school);
    expect(isMentorCode(code)).toBe(mentor);
    expect(isCandidateCode(code)).toBe(candidate);
  });
});
