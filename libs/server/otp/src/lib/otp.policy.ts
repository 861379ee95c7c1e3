/** The rules of one use of one-time codes (consent by a guardian, a sign-in...). */
export interface OtpPolicy {
  /** Digits of a code. */
  digits: number;
  /** How long a code works after it is sent. */
  validForMs: number;
  /** Tries (right or wrong) one code allows. */
  maxAttempts: number;
  /** The least time between two codes of the same subject. */
  resendAfterMs: number;
  /** Codes one destination (a phone) may receive in a day (India time). */
  maxSendsPerDay: number;
}

/** 6 digits, 10 minutes, 5 tries, a new code after 30 s, 5 codes a day per phone. */
export const DEFAULT_OTP_POLICY: OtpPolicy = {
  digits: 6,
  validForMs: 10 * 60_000,
  maxAttempts: 5,
  resendAfterMs: 30_000,
  maxSendsPerDay: 5,
};

/** India Standard Time, UTC+05:30 (no daylight saving): the day a send counts in. */
const IST_OFFSET_MS = 330 * 60_000;

/** The day (YYYY-MM-DD, India time) of an instant. */
export function indiaDay(at: Date): string {
  return new Date(at.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** The next midnight in India after an instant: when a day's sends are counted afresh. */
export function nextIndiaMidnight(at: Date): Date {
  const dayStart = Date.parse(`${indiaDay(at)}T00:00:00.000Z`) - IST_OFFSET_MS;
  return new Date(dayStart + 24 * 3600_000);
}
