import { EXAM_LEVELS, ROLL_NUMBER_PATTERN } from '@kbe/contracts';
import fc from 'fast-check';
import { isValidRollNumber, luhnCheckDigit, rollNumber } from './roll-number';

const parts = fc.record({
  level: fc.constantFrom(...EXAM_LEVELS),
  districtNumber: fc.integer({ min: 1, max: 99 }),
  centreNumber: fc.integer({ min: 1, max: 999 }),
  sequence: fc.integer({ min: 1, max: 9999 }),
});

/** The positions of the digits in `M-05-014-0123-6`. */
const digitPositions = (text: string) => [...text].flatMap((char, i) => (/\d/.test(char) ? [i] : []));
const replaceAt = (text: string, i: number, char: string) => `${text.slice(0, i)}${char}${text.slice(i + 1)}`;

describe('rollNumber', () => {
  it('writes level letter, district, centre, sequence and the Luhn check digit', () => {
    // Luhn over 1050140123: the check digit is the one that brings the sum to a multiple of 10.
    expect(rollNumber({ level: 'Mains', districtNumber: 5, centreNumber: 14, sequence: 123 })).toBe('M-05-014-0123-5');
    expect(rollNumber({ level: 'Advanced', districtNumber: 26, centreNumber: 1, sequence: 1 })).toMatch(/^A-26-001-0001-\d$/);
    expect(rollNumber({ level: 'Super Advanced', districtNumber: 99, centreNumber: 999, sequence: 9999 })).toMatch(/^S-99-999-9999-\d$/);
  });

  it('computes the Luhn check digit of the textbook example', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    // 3*2 + 2 + 1*2 + 0 + 4*2 + 1 + 0 + 5 + 0 + 1 = 25, so 5.
    expect(luhnCheckDigit('1050140123')).toBe(5);
  });

  it('writes the contract pattern and passes its own check for every valid part', () => {
    fc.assert(
      fc.property(parts, (value) => {
        const text = rollNumber(value);
        expect(text).toMatch(ROLL_NUMBER_PATTERN);
        expect(isValidRollNumber(text)).toBe(true);
      }),
    );
  });

  it.each([
    [{ districtNumber: 0 }, 'district must be a whole number from 1 to 99, not 0'],
    [{ districtNumber: 100 }, 'district must be a whole number from 1 to 99, not 100'],
    [{ centreNumber: 0 }, 'centre must be a whole number from 1 to 999, not 0'],
    [{ centreNumber: 1000 }, 'centre must be a whole number from 1 to 999, not 1000'],
    [{ sequence: 0 }, 'sequence must be a whole number from 1 to 9999, not 0'],
    [{ sequence: 10_000 }, 'sequence must be a whole number from 1 to 9999, not 10000'],
    [{ sequence: 1.5 }, 'sequence must be a whole number from 1 to 9999, not 1.5'],
    [{ level: 'Final' }, 'level must be one of Mains, Advanced, Super Advanced, not Final'],
  ])('refuses %j', (bad, message) => {
    expect(() => rollNumber({ level: 'Mains', districtNumber: 5, centreNumber: 14, sequence: 123, ...(bad as object) })).toThrow(`Roll number ${message}`);
  });
});

describe('isValidRollNumber', () => {
  const good = rollNumber({ level: 'Mains', districtNumber: 5, centreNumber: 14, sequence: 123 });

  it.each(['', 'M05014012346', 'M-5-014-0123-4', 'X-05-014-0123-4', 'm-05-014-0123-4', ` ${good}`, `${good}0`])('refuses the malformed %j', (text) => {
    expect(isValidRollNumber(text)).toBe(false);
  });

  it('refuses a wrong check digit', () => {
    const check = Number(good.slice(-1));
    for (let digit = 0; digit <= 9; digit += 1) expect(isValidRollNumber(replaceAt(good, good.length - 1, String(digit)))).toBe(digit === check);
  });

  it('catches every single mistyped digit, the check digit and the level letter included', () => {
    fc.assert(
      fc.property(parts, (value) => {
        const text = rollNumber(value);
        for (const i of digitPositions(text)) {
          for (let digit = 0; digit <= 9; digit += 1) {
            if (String(digit) !== text[i]) expect(isValidRollNumber(replaceAt(text, i, String(digit)))).toBe(false);
          }
        }
        for (const letter of ['M', 'A', 'S']) {
          if (letter !== text[0]) expect(isValidRollNumber(replaceAt(text, 0, letter))).toBe(false);
        }
      }),
    );
  });

  it('catches every swap of two neighbouring digits except 0 and 9 (Luhn cannot see 09 against 90)', () => {
    let caught = 0;
    fc.assert(
      fc.property(parts, (value) => {
        const text = rollNumber(value);
        const positions = digitPositions(text);
        for (let k = 1; k < positions.length; k += 1) {
          const [i, j] = [positions[k - 1] as number, positions[k] as number];
          const [a, b] = [text[i] as string, text[j] as string];
          if (a === b) continue;
          const swapped = replaceAt(replaceAt(text, i, b), j, a);
          const zeroNine = (a === '0' && b === '9') || (a === '9' && b === '0');
          if (zeroNine) continue;
          expect(isValidRollNumber(swapped)).toBe(false);
          caught += 1;
        }
      }),
    );
    expect(caught).toBeGreaterThan(0);
  });

  it('lets 09 and 90 through, the one swap Luhn cannot see', () => {
    const text = rollNumber({ level: 'Mains', districtNumber: 5, centreNumber: 14, sequence: 900 });
    expect(text.slice(9, 13)).toBe('0900');
    expect(isValidRollNumber(`${text.slice(0, 9)}9000${text.slice(13)}`)).toBe(true);
  });
});
