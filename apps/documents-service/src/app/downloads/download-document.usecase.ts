import { ConflictException, ForbiddenException, HttpException, HttpStatus, Logger, NotFoundException } from '@nestjs/common';
import {
  DOWNLOAD_MESSAGES,
  documentFileName,
  normaliseMotherName,
  notReleasedMessage,
  type DocumentKind,
} from '@kbe/contracts';
import type { CandidateDirectory, CandidateDocumentData } from '../candidates/candidate-directory';
import type { DocumentProvider } from '../documents/document-provider';
import type { AttemptLimiter } from './attempt-limiter';

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

/** 'Too many failed attempts. Please try again in 15 minutes.' */
export function lockedMessage(seconds: number): string {
  const minutes = Math.ceil(seconds / 60);
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${minutes} minute${minutes === 1 ? '' : 's'}`;
  return `Too many failed attempts. Please try again in ${wait}.`;
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

/**
 * A candidate downloads a document: the mother's name is compared here (never in the browser),
 * failures are counted per candidate and per client address, and only a released document is
 * served. Every attempt is logged with its outcome, never with the submitted name.
 */
export class DownloadDocumentUseCase {
  private readonly logger = new Logger('DownloadAttempt');

  constructor(
    private readonly directory: CandidateDirectory,
    private readonly documents: DocumentProvider,
    private readonly limiter: AttemptLimiter,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async execute(request: DownloadRequestContext): Promise<DownloadedDocument> {
    const { candidateCode, kind, client } = request;
    const keys = { candidate: `candidate:${candidateCode}`, client: `client:${client}` };
    // Never the submitted name: only who asked for what, and what happened.
    const log = (outcome: string) =>
      this.logger.log(`download attempt candidate=${candidateCode} document=${kind} client=${client} outcome=${outcome}`);

    // The lookup starts with the lock check (one round trip's wait instead of two); a locked key
    // still answers 429 whatever the lookup finds, so nothing about the candidate leaks.
    const lookup = this.directory.find(candidateCode);
    lookup.catch(() => undefined); // awaited below, unless the lock answers first
    const attempts = await this.limiter.status([keys.candidate, keys.client], this.now());
    if (attempts.lockedFor > 0) {
      log('locked');
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
      log('unknown-code');
      await this.limiter.recordFailure([keys.client], this.now());
      throw new NotFoundException(CANDIDATE_NOT_FOUND);
    }
    if (refusal === 'name-mismatch') {
      log('name-mismatch');
      await this.limiter.recordFailure([keys.candidate, keys.client], this.now());
      throw new ForbiddenException(DOWNLOAD_MESSAGES.verificationFailed.text);
    }
    if (refusal === 'not-released') {
      log('not-released');
      throw new ConflictException(notReleasedMessage(kind).text);
    }
    // A success forgets the candidate's failures; with none on record there is nothing to write.
    if (attempts.withFailures.has(keys.candidate)) await this.limiter.reset(keys.candidate);
    const { pdf, cached } = await this.documents.pdf(kind, candidate);
    log(cached ? 'served-cached' : 'served-rendered');
    return { pdf, cached, fileName: documentFileName(candidateCode, kind) };
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
