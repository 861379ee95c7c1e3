/**
 * Roll numbers as the contract writes them (ROLL_NUMBER_PATTERN): `M-05-014-0123-6` is Mains,
 * district 05, centre 014, the 123rd seat of the centre, check digit 6. The check digit is Luhn's
 * over the digits with the level as 1 (Mains), 2 (Advanced) or 3 (Super Advanced) in front
 * (`1050140123`), so a mistyped digit is always caught and two swapped neighbours are caught
 * unless they are 0 and 9.
 */
import { EXAM_LEVELS, ROLL_NUMBER_PATTERN, type ExamLevel } from '@kbe/contracts';

const LEVEL_LETTERS: Record<ExamLevel, 'M' | 'A' | 'S'> = { Mains: 'M', Advanced: 'A', 'Super Advanced': 'S' };
const LEVEL_DIGITS: Record<'M' | 'A' | 'S', string> = { M: '1', A: '2', S: '3' };

export interface RollNumberParts {
  level: ExamLevel;
  /** 1..99: the centre's district (maharashtra-districts.ts), 99 when it is not a known district. */
  districtNumber: number;
  /** 1..999 */
  centreNumber: number;
  /** 1..9999, within the centre and level. */
  sequence: number;
}

/** Luhn's sum over digits whose last one is the check digit. */
function luhnSum(digits: string): number {
  let sum = 0;
  for (let i = digits.length - 1, double = false; i >= 0; i -= 1, double = !double) {
    const digit = digits.charCodeAt(i) - 48;
    const value = double ? digit * 2 : digit;
    sum += value > 9 ? value - 9 : value;
  }
  return sum;
}

/** The digit that makes `payload` followed by it pass Luhn's check. */
export function luhnCheckDigit(payload: string): number {
  return (10 - (luhnSum(`${payload}0`) % 10)) % 10;
}

function checkPart(name: string, value: number, max: number): void {
  if (!Number.isInteger(value) || value < 1 || value > max) {
    throw new RangeError(`Roll number ${name} must be a whole number from 1 to ${max}, not ${value}`);
  }
}

export function rollNumber({ level, districtNumber, centreNumber, sequence }: RollNumberParts): string {
  const letter = LEVEL_LETTERS[level];
  if (!letter) throw new RangeError(`Roll number level must be one of ${EXAM_LEVELS.join(', ')}, not ${String(level)}`);
  checkPart('district', districtNumber, 99);
  checkPart('centre', centreNumber, 999);
  checkPart('sequence', sequence, 9999);
  const district = String(districtNumber).padStart(2, '0');
  const centre = String(centreNumber).padStart(3, '0');
  const seat = String(sequence).padStart(4, '0');
  const check = luhnCheckDigit(`${LEVEL_DIGITS[letter]}${district}${centre}${seat}`);
  return `${letter}-${district}-${centre}-${seat}-${check}`;
}

/** Written as the contract says, and its check digit matches. */
export function isValidRollNumber(text: string): boolean {
  if (!ROLL_NUMBER_PATTERN.test(text)) return false;
  const letter = text[0] as 'M' | 'A' | 'S';
  return luhnSum(`${LEVEL_DIGITS[letter]}${text.slice(1).replace(/-/g, '')}`) % 10 === 0;
}
