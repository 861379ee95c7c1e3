import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { indiaDay, nextIndiaMidnight, type OtpPolicy } from './otp.policy';
import type { OtpChallenge, OtpStore } from './otp.store';

/** The current time, injected so tests can move it. */
export interface OtpClock {
  now(): Date;
}

/** Who a code is for: `purpose` names the use (`parental-consent`), `subject` the one it is about. */
export interface OtpSubject {
  purpose: string;
  subject: string;
}

export type OtpIssue =
  | { kind: 'issued'; code: string; sentAt: Date; expiresAt: Date; resendAt: Date; destinationHash: string }
  | { kind: 'too-soon'; retryAt: Date }
  | { kind: 'daily-limit'; retryAt: Date };

export type OtpVerification =
  | { kind: 'verified'; destinationHash: string; sentAt: Date }
  | { kind: 'wrong'; triesLeft: number }
  | { kind: 'exhausted' }
  | { kind: 'expired' }
  | { kind: 'none' };

export interface OtpServiceOptions {
  policy: OtpPolicy;
  /** Key of the hashes of codes and destinations (never stored with them). */
  hashKey: Buffer;
  clock: OtpClock;
  /** A uniformly random integer in [0, max): node's crypto by default; tests may fix it. */
  random?: (max: number) => number;
}

/**
 * One-time codes: made with crypto, kept only as keyed hashes, a limited number of tries, an
 * expiry, a pause before the next code and a daily number of codes per destination. It neither
 * sends the code nor knows what it unlocks: the caller delivers `code` (an SMS) and acts on
 * `verified`. Every statement of its store is by key (FerretDB reaches only `_id` by an index).
 */
export class OtpService {
  private readonly random: (max: number) => number;

  constructor(
    private readonly store: OtpStore,
    private readonly options: OtpServiceOptions,
  ) {
    this.random = options.random ?? ((max) => randomInt(max));
  }

  get policy(): OtpPolicy {
    return this.options.policy;
  }

  /** The keyed hash of a destination (a phone number): how records name it without keeping it. */
  hashDestination(destination: string): string {
    return this.hmac(`destination:${destination}`);
  }

  /** A new code for `subject`, sent to `destination`, unless sent too recently or too often today. */
  async issue(subject: OtpSubject, destination: string): Promise<OtpIssue> {
    const { policy, clock } = this.options;
    const id = challengeId(subject);
    const now = clock.now();
    const previous = await this.store.find(id);
    if (previous && now.getTime() < previous.sentAt.getTime() + policy.resendAfterMs) {
      return { kind: 'too-soon', retryAt: new Date(previous.sentAt.getTime() + policy.resendAfterMs) };
    }
    const destinationHash = this.hashDestination(destination);
    const sendKey = `${destinationHash}:${indiaDay(now)}`;
    if (!(await this.store.countSend(sendKey, policy.maxSendsPerDay))) return { kind: 'daily-limit', retryAt: nextIndiaMidnight(now) };

    const code = String(this.random(10 ** policy.digits)).padStart(policy.digits, '0');
    const challenge: OtpChallenge = {
      id,
      codeHash: this.codeHash(id, now, code),
      attempts: 0,
      sentAt: now,
      expiresAt: new Date(now.getTime() + policy.validForMs),
      destinationHash,
    };
    if (!(await this.store.put(challenge, previous?.sentAt ?? null))) {
      // Another request stored a code a moment ago: this one is not sent and not counted.
      await this.store.uncountSend(sendKey);
      return { kind: 'too-soon', retryAt: new Date(now.getTime() + policy.resendAfterMs) };
    }
    return { kind: 'issued', code, sentAt: now, expiresAt: challenge.expiresAt, resendAt: new Date(now.getTime() + policy.resendAfterMs), destinationHash };
  }

  /** Takes back a code that could not be delivered: it does not work and does not count for the day. */
  async withdraw(subject: OtpSubject, issued: Extract<OtpIssue, { kind: 'issued' }>): Promise<void> {
    if (await this.store.remove(challengeId(subject), issued.sentAt)) {
      await this.store.uncountSend(`${issued.destinationHash}:${indiaDay(issued.sentAt)}`);
    }
  }

  /** Checks a code typed for `subject`; a right code works once. */
  async verify(subject: OtpSubject, code: string): Promise<OtpVerification> {
    const { policy, clock } = this.options;
    const id = challengeId(subject);
    const challenge = await this.store.find(id);
    if (!challenge) return { kind: 'none' };
    if (clock.now().getTime() >= challenge.expiresAt.getTime()) return { kind: 'expired' };
    const tried = await this.store.takeAttempt(id, challenge.sentAt, policy.maxAttempts);
    if (!tried) return { kind: 'exhausted' };
    const expected = Buffer.from(challenge.codeHash, 'hex');
    const given = Buffer.from(this.codeHash(id, challenge.sentAt, code.trim()), 'hex');
    if (expected.length === given.length && timingSafeEqual(expected, given)) {
      // Removing it is what makes it single-use: of two requests with the right code, one wins.
      if (!(await this.store.remove(id, challenge.sentAt))) return { kind: 'none' };
      return { kind: 'verified', destinationHash: challenge.destinationHash, sentAt: challenge.sentAt };
    }
    return { kind: 'wrong', triesLeft: Math.max(0, policy.maxAttempts - tried.attempts) };
  }

  /** A code's hash is bound to its challenge and its send: it is worth nothing for another. */
  private codeHash(id: string, sentAt: Date, code: string): string {
    return this.hmac(`code:${id}:${sentAt.getTime()}:${code}`);
  }

  private hmac(text: string): string {
    return createHmac('sha256', this.options.hashKey).update(text).digest('hex');
  }
}

export function challengeId(subject: OtpSubject): string {
  return `${subject.purpose}:${subject.subject}`;
}
