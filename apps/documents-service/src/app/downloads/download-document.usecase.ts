import { ConflictException, NotFoundException } from '@nestjs/common';
import { documentFileName, notReleasedMessage, type CertificateKind, type DocumentKind, type ExamLevel } from '@kbe/contracts';
import { Metrics } from '@kbe/server-metrics';
import type { CandidateDirectory, CandidateDocumentData } from '../candidates/candidate-directory';
import { chooseCertificate, NoSuchCertificateError, type CertificateAward } from '../documents/certificate-award';
import type { DocumentProvider } from '../documents/document-provider';
import type { AttemptLimiter } from './attempt-limiter';
import { DownloadGate, type Availability, type GateOptions } from './download-gate';


export interface DownloadRequestContext {
  candidateCode: string;
  kind: DocumentKind;
  motherName: string;
  client: string;
  /** A certificate's result level (default: the latest published). */
  level?: ExamLevel;
  /** What a certificate certifies (default: the best earned). */
  certificateKind?: CertificateKind;
}

export interface DownloadedDocument {
  pdf: Buffer;
  fileName: string;
  cached: boolean;
}

export type DownloadUseCaseOptions = GateOptions;

/**
 * A candidate downloads a document through the gate (download-gate.ts): only a released document
 * is served, and a certificate only of a kind earned at a level whose result is published
 * (without any published result, the certificate as before results).
 */
export class DownloadDocumentUseCase {
  private readonly gate: DownloadGate;

  constructor(
    directory: CandidateDirectory,
    private readonly documents: DocumentProvider,
    limiter: AttemptLimiter,
    options: DownloadUseCaseOptions,
    metrics: Metrics,
  ) {
    this.gate = new DownloadGate(directory, limiter, options, metrics);
  }

  async execute(request: DownloadRequestContext): Promise<DownloadedDocument> {
    const { candidateCode, kind } = request;
    const choice = { level: request.level, kind: request.certificateKind };
    const { candidate, log } = await this.gate.admit({ ...request, what: kind }, (found) => availabilityOf(kind, found, choice));
    const { pdf, cached } = await this.documents.pdf(kind, candidate, choice);
    log(cached ? 'served-cached' : 'served-rendered');
    return { pdf, cached, fileName: documentFileName(candidateCode, kind) };
  }
}

/** A released document, and for a certificate an award earned (or none before results); else why not. */
function availabilityOf(
  kind: DocumentKind,
  candidate: CandidateDocumentData,
  choice: { level?: ExamLevel; kind?: CertificateKind },
): Availability<CertificateAward | null> {
  if (!isReleased(kind, candidate)) return { refusal: new ConflictException(notReleasedMessage(kind).text), outcome: 'not-released' };
  if (kind !== 'certificate') return { available: null };
  try {
    return { available: chooseCertificate(candidate, choice) };
  } catch (error) {
    if (error instanceof NoSuchCertificateError) return { refusal: new NotFoundException(error.message), outcome: 'not-earned' };
    throw error;
  }
}

export function isReleased(kind: DocumentKind, candidate: CandidateDocumentData): boolean {
  return kind === 'hall-ticket' ? candidate.hallTicketReleased : candidate.certificateReleased;
}
