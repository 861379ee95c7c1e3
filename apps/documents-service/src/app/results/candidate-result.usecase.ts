import { NotFoundException } from '@nestjs/common';
import type { CandidateResult, ExamLevel } from '@kbe/contracts';
import { Metrics } from '@kbe/server-metrics';
import type { CandidateDirectory } from '../candidates/candidate-directory';
import { NoPublishedResultError, publishedResult } from '../documents/certificate-award';
import type { AttemptLimiter } from '../downloads/attempt-limiter';
import { DownloadGate, type Availability, type GateOptions } from '../downloads/download-gate';

export interface CandidateResultRequestContext {
  candidateCode: string;
  motherName: string;
  client: string;
  /** The level asked (default: the latest published). */
  level?: ExamLevel;
}

/**
 * A candidate's (or parent's) own result, through the downloads gate: the same mother's name
 * check, the same failures and lock-outs as the downloads (a wrong name here counts there). The
 * result of the level asked, or the latest published (Super Advanced > Advanced > Mains); 404
 * when none is published.
 */
export class CandidateResultUseCase {
  private readonly gate: DownloadGate;

  constructor(directory: CandidateDirectory, limiter: AttemptLimiter, options: GateOptions, metrics: Metrics) {
    this.gate = new DownloadGate(directory, limiter, options, metrics);
  }

  async execute(request: CandidateResultRequestContext): Promise<CandidateResult> {
    const { value, log } = await this.gate.admit({ ...request, what: 'result' }, (candidate): Availability<CandidateResult> => {
      try {
        return { available: publishedResult(candidate, request.level) };
      } catch (error) {
        if (error instanceof NoPublishedResultError) return { refusal: new NotFoundException(error.message), outcome: 'no-result' };
        throw error;
      }
    });
    log('served-result');
    return value;
  }
}
