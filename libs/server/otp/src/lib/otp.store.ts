/**
 * A code waiting for its subject (one per purpose and subject, e.g. `parental-consent:KBE123456ABC`):
 * only a keyed hash of the code is kept, never the code.
 */
export interface OtpChallenge {
  /** `<purpose>:<subject>`: every read and write is by this key. */
  id: string;
  codeHash: string;
  /** Tries made on this code, right or wrong. */
  attempts: number;
  sentAt: Date;
  expiresAt: Date;
  /** Keyed hash of where the code went (the phone number). */
  destinationHash: string;
}

/** Where codes and the day's send counts are kept; every statement is by key. */
export interface OtpStore {
  find(id: string): Promise<OtpChallenge | null>;
  /**
   * Stores a new code for `challenge.id`: replaces the one sent at `replacing` (or inserts when
   * `replacing` is null). False when another code was stored meanwhile (a concurrent send).
   */
  put(challenge: OtpChallenge, replacing: Date | null): Promise<boolean>;
  /**
   * Takes one try of the code sent at `sentAt`, if it has tries left: the try is counted before
   * the code is compared, so concurrent guesses cannot share a try. Null when none was left (or
   * another code replaced it); the challenge after the try otherwise.
   */
  takeAttempt(id: string, sentAt: Date, maxAttempts: number): Promise<OtpChallenge | null>;
  /** Removes the code sent at `sentAt` (used, or never delivered). False when it was not there any more. */
  remove(id: string, sentAt: Date): Promise<boolean>;
  /** Counts one send under `key` unless `max` were counted: false at the limit. */
  countSend(key: string, max: number): Promise<boolean>;
  /** Takes back a send counted under `key` (the code could not be delivered). */
  uncountSend(key: string): Promise<void>;
}

export const OTP_STORE = Symbol('OTP_STORE');
