import { certificateKindsOf, type CandidateResult, type CertificateKind, type ExamLevel } from '@kbe/contracts';
import { CERTIFICATE_PREFERENCE, LEVELS_LATEST_FIRST } from '@kbe/contracts/zod-free';
import type { CandidateDocumentData } from '../candidates/candidate-directory';

/** What a certificate of a published result certifies: the result and what it earned. */
export interface CertificateAward {
  kind: CertificateKind;
  result: CandidateResult;
}

/** What a download asks of a certificate: the result's level and the kind (each defaulted when absent). */
export interface CertificateChoice {
  level?: ExamLevel;
  kind?: CertificateKind;
}

/** The certificate asked for was not earned, or its result is not published (404, with this message). */
export class NoSuchCertificateError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoSuchCertificateError';
  }
}

/** The result of a level was not published (404, with this message). */
export class NoPublishedResultError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NoPublishedResultError';
  }
}

/** The candidate's published result of `level`, or without one the latest published (Super Advanced > Advanced > Mains). */
export function publishedResult(candidate: Pick<CandidateDocumentData, 'candidateCode' | 'results'>, level?: ExamLevel): CandidateResult {
  const result = level
    ? candidate.results.find((published) => published.level === level)
    : LEVELS_LATEST_FIRST.map((latest) => candidate.results.find((published) => published.level === latest)).find(Boolean);
  if (!result) throw new NoPublishedResultError(noResultMessage(candidate.candidateCode, level));
  return result;
}

function noResultMessage(candidateCode: string, level: ExamLevel | undefined): string {
  return level ? `No result of ${candidateCode} is published for the ${level} level` : `No result of ${candidateCode} is published yet`;
}

/**
 * The certificate a download gets:
 * - no published result and nothing asked: null, the certificate as before results (participation
 *   in the registered stage);
 * - otherwise the result of the level asked, or the latest published one the candidate sat (the
 *   latest published when absent at every level), and the kind asked, or the best earned
 *   (merit > qualifying > participation).
 * A kind not earned, or a level without a published result, is refused with a message that says so.
 */
export function chooseCertificate(candidate: Pick<CandidateDocumentData, 'candidateCode' | 'results'>, choice: CertificateChoice = {}): CertificateAward | null {
  const code = candidate.candidateCode;
  if (candidate.results.length === 0) {
    if (!choice.level && !choice.kind) return null;
    throw new NoSuchCertificateError(noResultMessage(code, choice.level));
  }
  let result: CandidateResult;
  try {
    result = choice.level ? publishedResult(candidate, choice.level) : defaultResult(candidate);
  } catch (error) {
    throw error instanceof NoPublishedResultError ? new NoSuchCertificateError(error.message) : error;
  }
  const earned = certificateKindsOf(result);
  const kind = choice.kind ?? CERTIFICATE_PREFERENCE.find((preferred) => earned.includes(preferred));
  if (!kind) throw new NoSuchCertificateError(`No certificate: ${code} was absent at the ${result.level} level`);
  if (!earned.includes(kind)) throw new NoSuchCertificateError(notEarnedMessage(code, kind, result));
  return { kind, result };
}

/** The latest published result the candidate sat; the latest published when absent at every level. */
function defaultResult(candidate: Pick<CandidateDocumentData, 'candidateCode' | 'results'>): CandidateResult {
  const sat = LEVELS_LATEST_FIRST.map((level) => candidate.results.find((result) => result.level === level && !result.absent)).find(Boolean);
  return sat ?? publishedResult(candidate);
}

function notEarnedMessage(code: string, kind: CertificateKind, result: CandidateResult): string {
  const at = `at the ${result.level} level`;
  if (result.absent) return `No ${kind} certificate: ${code} was absent ${at}`;
  if (kind === 'merit') return `No merit certificate: ${code} won no medal ${at}`;
  if (kind === 'qualifying') {
    return result.qualified
      ? `No qualifying certificate: ${result.level} is the last level, there is no next level to qualify for`
      : `No qualifying certificate: ${code} did not qualify for the next level ${at}`;
  }
  return `No ${kind} certificate: ${code} did not earn one ${at}`;
}

/** The part of a certificate's cache key that tells its awards apart: 'mains-merit', 'super-advanced-qualifying'. */
export function awardVariant(award: CertificateAward): string {
  return `${award.result.level.toLowerCase().replace(/\s+/g, '-')}-${award.kind}`;
}
