/**
 * Registration codes issued by the server. Letters and digits that look alike over the phone
 * or on paper (0/O, 1/I) are never used.
 */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const SCHOOL_CODE_PREFIX = 'SCH-';
export const MENTOR_CODE_PREFIX = 'MEN-';
export const CANDIDATE_CODE_PREFIX = 'KBE';

export const SCHOOL_CODE_PATTERN = /^SCH-[A-HJ-NP-Z2-9]{6}$/;
export const MENTOR_CODE_PATTERN = /^MEN-[A-HJ-NP-Z2-9]{6}$/;
export const CANDIDATE_CODE_PATTERN = /^KBE\d{6}[A-HJ-NP-Z2-9]{3}$/;

/** Returns an integer in [0, maxExclusive). */
export type RandomIndex = (maxExclusive: number) => number;
/** Returns the current time in epoch milliseconds. */
export type Clock = () => number;

/** Uniform random index from the platform's CSPRNG (Web Crypto, in browsers and Node 20+). */
export const cryptoRandomIndex: RandomIndex = (maxExclusive) => {
  if (!Number.isInteger(maxExclusive) || maxExclusive <= 0 || maxExclusive > 0x1_0000_0000) {
    throw new RangeError(`maxExclusive must be an integer in 1..2^32, got ${maxExclusive}`);
  }
  const buffer = new Uint32Array(1);
  // Rejection sampling keeps the distribution uniform.
  const limit = Math.floor(0x1_0000_0000 / maxExclusive) * maxExclusive;
  for (;;) {
    globalThis.crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return value % maxExclusive;
  }
};

/** `count` characters of CODE_ALPHABET. */
export function randomCodeChars(count: number, random: RandomIndex = cryptoRandomIndex): string {
  let out = '';
  for (let i = 0; i < count; i += 1) {
    const index = random(CODE_ALPHABET.length);
    const char = CODE_ALPHABET[index];
    if (char === undefined) throw new RangeError(`Random index ${index} is outside the code alphabet`);
    out += char;
  }
  return out;
}

/** 'SCH-7KQ2XM'. */
export function generateSchoolCode(random: RandomIndex = cryptoRandomIndex): string {
  return SCHOOL_CODE_PREFIX + randomCodeChars(6, random);
}

/** 'MEN-4HT9PA'. */
export function generateMentorCode(random: RandomIndex = cryptoRandomIndex): string {
  return MENTOR_CODE_PREFIX + randomCodeChars(6, random);
}

/** 'KBE' + last 6 digits of the epoch milliseconds + 3 code characters, e.g. 'KBE123456K7Q'. */
export function generateCandidateCode(
  options: { random?: RandomIndex; now?: Clock } = {},
): string {
  const now = options.now ?? Date.now;
  const digits = String(Math.trunc(now())).padStart(6, '0').slice(-6);
  return CANDIDATE_CODE_PREFIX + digits + randomCodeChars(3, options.random ?? cryptoRandomIndex);
}

export const isSchoolCode = (value: string): boolean => SCHOOL_CODE_PATTERN.test(value);
export const isMentorCode = (value: string): boolean => MENTOR_CODE_PATTERN.test(value);
export const isCandidateCode = (value: string): boolean => CANDIDATE_CODE_PATTERN.test(value);
