import { ConflictException, ForbiddenException, HttpException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import {
  DOWNLOAD_MESSAGES,
  countOf,
  documentFileName,
  normaliseMotherName,
  notReleasedMessage,
  type DocumentKind,
} from '@kbe/contracts';
import { DOWNLOAD_LOCKOUTS, Metrics } from '@kbe/server-metrics';
import { setTimeout as delay } from 'node:timers/promises';
import type { Counter } from 'prom-client';
import type { CandidateDirectory, CandidateDocumentData } from '../candidates/candidate-directory';
import type { DocumentProvider } from '../documents/document-provider';
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

export interface DownloadRequestContext {
  candidateCode: string;
  kind: DocumentKind;
  motherName: string;
  client: string;
}

export interface DownloadedDocument {
  pdf: Buffer;
  fileName: string;
  cached: boolean;
}

export interface DownloadUseCaseOptions {
  /** How an address's failures are slowed down before its lock refuses them. */
  slowdown: AddressSlowdown;
  now?: () => Date;
  /** Waits before a slowed answer (tests replace it). */
  sleep?: (ms: number) => Promise<void>;
}

/**
 * A candidate downloads a document: the mother's name is compared here (never in the browser),
 * and only a released document is served. Every attempt is logged with its outcome, never with
 * the submitted name.
 *
 * Two protections, on different keys:
 * - the mother's-name gate, per candidate: wrong names lock that candidate, from any address;
 * - enumeration, per client address: unknown codes and the first wrong name of each candidate
 *   count against the address; its failing answers are slowed down, then, once locked, refused
 *   (429, without saying whether the code exists).
 * A correct name for a candidate that is not locked is always served: an address's failures only
 * ever change the answer to a failure.
 */
export class DownloadDocumentUseCase {
  private readonly logger = new Logger('DownloadAttempt');
  private readonly now: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly lockouts: Counter<'key'>;

  constructor(
    private readonly directory: CandidateDirectory,
    private readonly documents: DocumentProvider,
    private readonly limiter: AttemptLimiter,
    private readonly options: DownloadUseCaseOptions,
    metrics: Metrics,
  ) {
    this.now = options.now ?? (() => new Date());
    this.sleep = options.sleep ?? ((ms) => delay(ms));
    this.lockouts = metrics.counter(DOWNLOAD_LOCKOUTS);
  }

  async execute(request: DownloadRequestContext): Promise<DownloadedDocument> {
    const { candidateCode, kind, client } = request;
    const keys = { candidate: candidateKey(candidateCode), address: addressKey(client) };
    // Never the submitted name: only who asked for what, and what happened.
    const log = (outcome: string) =>
      this.logger.log(`download attempt candidate=${candidateCode} document=${kind} client=${client} outcome=${outcome}`);

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
    let refusal = refusalOf(request, candidate);
    // A copy kept in memory may predate a release or a corrected name whose change event is
    // still on its way: a refusal stands only when registration-service's record says so too.
    if (refusal && refusal !== 'unknown-code' && this.directory.findFresh) {
      candidate = await this.directory.findFresh(candidateCode);
      refusal = refusalOf(request, candidate);
    }
    if (!candidate || refusal === 'unknown-code') {
      throw await this.addressFailure(keys.address, true, 'unknown-code', new NotFoundException(CANDIDATE_NOT_FOUND), log);
    }
    if (refusal === 'name-mismatch') {
      // The gate's own count, always; the address's only for the candidate's first wrong name in
      // its window (and the one that locks it, which spends the window): many wrong names of one
      // candidate are that candidate's lock, not enumeration.
      const [state] = await this.limiter.recordFailure([keys.candidate], this.now());
      const firstOfCandidate = (state?.failures ?? 0) <= 1;
      const mismatch = new ForbiddenException(DOWNLOAD_MESSAGES.verificationFailed.text);
      throw await this.addressFailure(keys.address, firstOfCandidate, 'name-mismatch', mismatch, log);
    }
    if (refusal === 'not-released') {
      log('not-released');
      throw new ConflictException(notReleasedMessage(kind).text);
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
    const { pdf, cached } = await this.documents.pdf(kind, candidate);
    log(cached ? 'served-cached' : 'served-rendered');
    return { pdf, cached, fileName: documentFileName(candidateCode, kind) };
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

type Refusal = 'unknown-code' | 'name-mismatch' | 'not-released';

/** Why this candidate's record refuses the request, or null when the document may be served. */
function refusalOf(request: DownloadRequestContext, candidate: CandidateDocumentData | null): Refusal | null {
  if (!candidate) return 'unknown-code';
  if (normaliseMotherName(candidate.personalDetails.motherName) !== normaliseMotherName(request.motherName)) return 'name-mismatch';
  if (!isReleased(request.kind, candidate)) return 'not-released';
  return null;
}

export function isReleased(kind: DocumentKind, candidate: CandidateDocumentData): boolean {
  return kind === 'hall-ticket' ? candidate.hallTicketReleased : candidate.certificateReleased;
}
