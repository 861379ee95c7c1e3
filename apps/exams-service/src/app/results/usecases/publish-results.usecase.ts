import { ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import { MAX_MARKS, NEXT_LEVEL, type ExamLevel, type ExamResultsRequest, type LevelResultsSummary, type RankedResult } from '@kbe/contracts';
import { InternalCallError } from '@kbe/server-auth';
import { errorMessage } from '@kbe/server-bootstrap';
import { AUDIT_LOG, type AuditActor, type AuditLog } from '../../audit/audit-log';
import { RESULTS_HAND_OVER, type ResultsHandOver } from '../results-hand-over';
import { RESULTS_MESSAGES } from '../results.messages';
import { RESULT_REPOSITORY, type ResultRepository } from '../result.repository';
import { summaryOf } from './read-results.usecase';

/** Results per hand-over call, as the seat hand-over: a few seconds of registration-service's work each. */
export const RESULTS_HAND_OVER_BATCH = 250;
/** Tries per batch; sending a batch again is harmless (what is stored answers `unchanged`). */
const HAND_OVER_ATTEMPTS = 3;

/**
 * Publishes a level's imported (or withdrawn) results: every result goes to registration-service,
 * which keeps it on the candidate and moves a qualified one on to the next level, in batches, each
 * tried again after a timeout or a failure on its side; then the level is published (audited).
 * A stop midway leaves the level imported: publishing again sends every batch again, harmlessly.
 */
@Injectable()
export class PublishResultsUseCase {
  private readonly logger = new Logger(PublishResultsUseCase.name);

  constructor(
    @Inject(RESULT_REPOSITORY) private readonly results: ResultRepository,
    @Inject(RESULTS_HAND_OVER) private readonly handOver: ResultsHandOver,
    @Inject(AUDIT_LOG) private readonly audit: AuditLog,
  ) {}

  async execute(level: ExamLevel, actor: AuditActor): Promise<LevelResultsSummary> {
    const stored = await this.results.level(level);
    if (!stored) throw new ConflictException(RESULTS_MESSAGES.nothingImported(level));
    if (stored.status === 'published') throw new ConflictException(RESULTS_MESSAGES.alreadyPublished(level));
    const publishedAt = new Date();
    const results = (await this.results.all(level)).map((row) => candidateResultOf(level, row, publishedAt.toISOString()));
    const started = Date.now();
    for (let i = 0; i < results.length; i += RESULTS_HAND_OVER_BATCH) await this.send(results.slice(i, i + RESULTS_HAND_OVER_BATCH));
    this.logger.log(`${level}: ${results.length} results handed over in ${Date.now() - started} ms`);
    await this.results.updateLevel(level, { status: 'published', publishedAt, withdrawnAt: null });
    await this.audit.record(actor, { action: 'results.publish', target: { type: 'results', id: level }, details: { results: results.length, fileHash: stored.fileHash } });
    return summaryOf(level, { ...stored, status: 'published', publishedAt, withdrawnAt: null });
  }

  private async send(batch: ExamResultsRequest['results']): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await this.handOver.publish(batch);
        return;
      } catch (error) {
        const retriable = !(error instanceof InternalCallError) || error.status === null || error.status >= 500;
        if (!retriable || attempt >= HAND_OVER_ATTEMPTS) throw error;
        this.logger.warn(`results not handed over (try ${attempt} of ${HAND_OVER_ATTEMPTS}), trying again: ${errorMessage(error)}`);
        await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
      }
    }
  }
}

/** A stored row as registration-service keeps it: the candidate's result of the level. */
export function candidateResultOf(level: ExamLevel, row: RankedResult, publishedAt: string): ExamResultsRequest['results'][number] {
  return {
    candidateCode: row.candidateCode,
    level,
    category: row.category,
    rollNumber: row.rollNumber,
    score: row.score,
    maxMarks: MAX_MARKS[level],
    absent: row.absent,
    rank: row.rank,
    medal: row.medal,
    qualified: row.qualified,
    nextLevel: row.qualified ? NEXT_LEVEL[level] : null,
    publishedAt,
  };
}
