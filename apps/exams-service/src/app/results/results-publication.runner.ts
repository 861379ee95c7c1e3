import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { MAX_MARKS, NEXT_LEVEL, type ExamLevel, type ExamResultsRequest, type RankedResult } from '@kbe/contracts';
import { InternalCallError } from '@kbe/server-auth';
import { errorMessage } from '@kbe/server-bootstrap';
import { AUDIT_LOG, type AuditActor, type AuditLog } from '../audit/audit-log';
import { RESULTS_HAND_OVER, type ResultsHandOver } from './results-hand-over';
import { RESULT_REPOSITORY, type ResultRepository } from './result.repository';

/** Results per hand-over call, as the seat hand-over: a few seconds of registration-service's work each. */
export const RESULTS_HAND_OVER_BATCH = 250;
/** How long a publication holds its level without a batch going through (its heartbeat). */
export const PUBLICATION_LAPSE_MS = 5 * 60_000;
/** Tries per batch; sending a batch again is harmless (what is stored answers `unchanged`). */
const HAND_OVER_ATTEMPTS = 3;

/**
 * Runs publications in this process. A publication hands every result of the level to
 * registration-service, which keeps it on the candidate and moves a qualified one on to the next
 * level, in batches, each tried again after a timeout or a failure on its side, counting progress
 * on the level's record; when every batch went through the level is published (audited). One that
 * stops leaves the level as it was, with the error: publishing again sends every batch again,
 * harmlessly. One a stopped process left unfinished is marked stopped at the next start.
 */
@Injectable()
export class ResultsPublicationRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ResultsPublicationRunner.name);
  private readonly running = new Map<ExamLevel, Promise<void>>();

  constructor(
    @Inject(RESULT_REPOSITORY) private readonly results: ResultRepository,
    @Inject(RESULTS_HAND_OVER) private readonly handOver: ResultsHandOver,
    @Inject(AUDIT_LOG) private readonly audit: AuditLog,
  ) {}

  /** Runs the publication the caller claimed, in the background; the promise settles when it ends. */
  start(level: ExamLevel, publishedAt: Date, actor: AuditActor): Promise<void> {
    const run = this.run(level, publishedAt, actor).finally(() => this.running.delete(level));
    this.running.set(level, run);
    return run;
  }

  async onApplicationBootstrap(): Promise<void> {
    const lapsed = Date.now() - PUBLICATION_LAPSE_MS;
    for (const level of await this.results.unfinishedPublications()) {
      // another replica's publication may be running: only one whose heartbeat has lapsed was stopped
      if (level.publication && level.publication.heartbeatAt.getTime() < lapsed) {
        await this.results.updatePublication(level._id, { finishedAt: new Date(), error: 'Stopped by a restart of exams-service; publish again (results sent twice are kept once).' });
      }
    }
  }

  async onApplicationShutdown(): Promise<void> {
    await Promise.allSettled([...this.running.values()]);
  }

  private async run(level: ExamLevel, publishedAt: Date, actor: AuditActor): Promise<void> {
    try {
      const results = (await this.results.all(level)).map((row) => candidateResultOf(level, row, publishedAt.toISOString()));
      await this.results.updatePublication(level, { total: results.length, heartbeatAt: new Date() });
      for (let i = 0; i < results.length; i += RESULTS_HAND_OVER_BATCH) {
        await this.send(results.slice(i, i + RESULTS_HAND_OVER_BATCH));
        await this.results.updatePublication(level, { processed: Math.min(results.length, i + RESULTS_HAND_OVER_BATCH), heartbeatAt: new Date() });
      }
      await this.results.updateLevel(level, { status: 'published', publishedAt, withdrawnAt: null });
      await this.results.updatePublication(level, { finishedAt: new Date() });
      await this.audit.record(actor, { action: 'results.publish', target: { type: 'results', id: level }, details: { results: results.length, publishedAt: publishedAt.toISOString() } });
    } catch (error) {
      const message = errorMessage(error);
      this.logger.error(`Publication of ${level} stopped: ${message}`);
      await this.results.updatePublication(level, { finishedAt: new Date(), error: message }).catch(() => undefined);
    }
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
