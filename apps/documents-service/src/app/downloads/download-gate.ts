import { ForbiddenException, HttpException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import { countOf, DOWNLOAD_MESSAGES, normaliseMotherName } from '@kbe/contracts';
import { DOWNLOAD_LOCKOUTS, Metrics } from '@kbe/server-metrics';
import { setTimeout as delay } from 'node:timers/promises';
import type { Counter } from 'prom-client';
import type { CandidateDirectory, CandidateDocumentData } from '../candidates/candidate-directory';
import { addressKey, candidateKey, slowdownDelayMs, type AddressSlowdown, type AttemptLimiter } from './attempt-limiter';

export const CANDIDATE_NOT_FOUND = 'Candidate not found';

/** 429 or 503: the client should try again after `retryAfterSeconds` (sent as Retry-After). */
export class RetryLaterException extends HttpException {
  constructor(
    status: HttpStatus.TOO_MANY_REQUESTS | HttpStatus.SERVICE_UNAVAILABLE,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super({ statusCode: status, message }, status);
  }
}

/** A locked candidate: 'Too many failed attempts. Please try again in 15 minutes.' */
export function lockedMessage(seconds: number): string {
  return `Too many failed attempts. Please try again in ${waitText(seconds)}.`;
}

/**
 * The answer to a failure from an address locked for enumeration. It says nothing about whether
 * the code exists, and tells the candidate that correct details still work.
 */
export function addressLockedMessage(seconds: number): string {
  return `These details could not be verified, and too many attempts from your network have failed. Please check the candidate code and your mother's name, or try again in ${waitText(seconds)}.`;
}

function waitText(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  return seconds < 60 ? countOf(seconds, 'second') : countOf(minutes, 'minute');
}

export interface GateRequest {
  candidateCode: string;
  motherName: string;
  client: string;
  /** What is asked for, for the attempt log: 'hall-ticket', 'certificate', 'result'. */
  what: string;
}

export interface GateOptions {
  /** How an address's failures are slowed down before its lock refuses them. */
  slowdown: AddressSlowdown;
  now?: () => Date;
  /** Waits before a slowed answer (tests replace it). */
  sleep?: (ms: number) => Promise<void>;
}

/** What the candidate's record gives the request once the name is right: what was asked for, or why not. */
export type Availability<T> = { available: T } | { refusal: HttpException; outcome: string };

/** The candidate and what was asked for, past the gate; `log` records the attempt's outcome. */
export interface Admitted<T> {
  candidate: CandidateDocumentData;
  value: T;
  log: (outcome: string) => void;
}

/**
 * The downloads gate: the mother's name is compared here (never in the browser), and every
 * attempt is logged with its outcome, never with the submitted name. Documents and the result go
 * through the same gate, so their failures count together and lock alike.
 *
 * Two protections, on different keys:
 * - the mother's-name gate, per candidate: wrong names lock that candidate, from any address;
 * - enumeration, per client address: unknown codes and the first wrong name of each candidate
 *   count against the address; its failing answers are slowed down, then, once locked, refused
 *   (429, without saying whether the code exists).
 * A correct name for a candidate that is not locked is always admitted: an address's failures
 * only ever change the answer to a failure.
 */
export class DownloadGate {
  private readonly logger = new Logger('DownloadAttempt');
  private readonly now: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly lockouts: Counter<'key'>;

  constructor(
    private readonly directory: CandidateDirectory,
    private readonly limiter: AttemptLimiter,
    private readonly options: GateOptions,
    metrics: Metrics,
  ) {
    this.now = options.now ?? (() => new Date());
    this.sleep = options.sleep ?? ((ms) => delay(ms));
    this.lockouts = metrics.counter(DOWNLOAD_LOCKOUTS);
  }

  /**
   * Admits a request with the right mother's name for a candidate that is not locked, and gives
   * what `availability` finds in the record; its refusal (not released, not earned) is thrown as
   * it is, once registration-service's own record confirms it.
   */
  async admit<T>(request: GateRequest, availability: (candidate: CandidateDocumentData) => Availability<T>): Promise<Admitted<T>> {
    const { candidateCode, what, client } = request;
    const keys = { candidate: candidateKey(candidateCode), address: addressKey(client) };
    // Never the submitted name: only who asked for what, and what happened.
    const log = (outcome: string) =>
      this.logger.log(`download attempt candidate=${candidateCode} document=${what} client=${client} outcome=${outcome}`);

    // The lookup starts with the lock check (one round trip's wait instead of two); a locked
    // candidate still answers 429 whatever the lookup finds, so nothing about it leaks.
    const lookup = this.directory.find(candidateCode);
    lookup.catch(() => undefined); // awaited below, unless the lock answers first
    const attempts = await this.limiter.status([keys.candidate], this.now());
    if (attempts.lockedFor > 0) {
      log('locked');
      this.lockouts.inc({ key: 'candidate' });
      throw new RetryLaterException(HttpStatus.TOO_MANY_REQUESTS, lockedMessage(attempts.lockedFor), attempts.lockedFor);
    }

    let candidate = await lookup;
    let answer = answerOf(request, candidate, availability);
    // A copy kept in memory may predate a release, a published result or a corrected name whose
    // change event is still on its way: a refusal stands only when registration-service's record says so too.
    if (isRefusal(answer) && this.directory.findFresh) {
      candidate = await this.directory.findFresh(candidateCode);
      answer = answerOf(request, candidate, availability);
    }
    if (!candidate || answer === 'unknown-code') {
      throw await this.addressFailure(keys.address, true, 'unknown-code', new NotFoundException(CANDIDATE_NOT_FOUND), log);
    }
    if (answer === 'name-mismatch') {
      // The gate's own count, always; the address's only for the candidate's first wrong name in
      // its window (and the one that locks it, which spends the window): many wrong names of one
      // candidate are that candidate's lock, not enumeration.
      const [state] = await this.limiter.recordFailure([keys.candidate], this.now());
      const firstOfCandidate = (state?.failures ?? 0) <= 1;
      const mismatch = new ForbiddenException(DOWNLOAD_MESSAGES.verificationFailed.text);
      throw await this.addressFailure(keys.address, firstOfCandidate, 'name-mismatch', mismatch, log);
    }
    if ('refusal' in answer) {
      log(answer.outcome);
      throw answer.refusal;
    }
    // A success forgets the candidate's failures; with none on record there is nothing to write.
    // The stored record has the last word: a lock made through another replica still holds.
    if (attempts.withFailures.has(keys.candidate)) {
      const lockedFor = await this.limiter.reset(keys.candidate, this.now());
      if (lockedFor > 0) {
        log('locked');
        this.lockouts.inc({ key: 'candidate' });
        throw new RetryLaterException(HttpStatus.TOO_MANY_REQUESTS, lockedMessage(lockedFor), lockedFor);
      }
    }
    return { candidate, value: answer.available, log };
  }

  /**
   * The answer to a failure, as the address's record makes it: 429 while the address is locked
   * (its failures are then not even counted: nothing to write while it is refused), otherwise the
   * refusal itself, held back by the address's slowdown once it has many failures.
   */
  private async addressFailure(
    key: string,
    count: boolean,
    outcome: string,
    refusal: HttpException,
    log: (outcome: string) => void,
  ): Promise<HttpException> {
    const known = await this.limiter.status([key], this.now());
    let lockedFor = known.lockedFor;
    let failures = 0;
    if (lockedFor === 0 && count) {
      const now = this.now();
      const [state] = await this.limiter.recordFailure([key], now);
      failures = state?.failures ?? 0;
      const until = state?.lockedUntil?.getTime() ?? 0;
      lockedFor = until > now.getTime() ? Math.ceil((until - now.getTime()) / 1000) : 0;
    }
    if (lockedFor > 0) {
      log(`${outcome} address-locked`);
      this.lockouts.inc({ key: 'address' });
      return new RetryLaterException(HttpStatus.TOO_MANY_REQUESTS, addressLockedMessage(lockedFor), lockedFor);
    }
    const wait = slowdownDelayMs(failures, this.options.slowdown);
    log(wait > 0 ? `${outcome} slowed=${wait}ms` : outcome);
    if (wait > 0) await this.sleep(wait);
    return refusal;
  }
}

/** A refusal a fresher record may lift: a wrong name or what the record refuses (never an unknown code). */
function isRefusal<T>(answer: 'unknown-code' | 'name-mismatch' | Availability<T>): boolean {
  return answer === 'name-mismatch' || (typeof answer === 'object' && 'refusal' in answer);
}

/** The gate's own refusals, or what the record gives (or refuses) once the name is right. */
function answerOf<T>(
  request: GateRequest,
  candidate: CandidateDocumentData | null,
  availability: (candidate: CandidateDocumentData) => Availability<T>,
): 'unknown-code' | 'name-mismatch' | Availability<T> {
  if (!candidate) return 'unknown-code';
  if (normaliseMotherName(candidate.personalDetails.motherName) !== normaliseMotherName(request.motherName)) return 'name-mismatch';
  return availability(candidate);
}
