import { BadGatewayException, ConflictException, Inject, Injectable } from '@nestjs/common';
import type { ExamLevel, LevelResultsSummary } from '@kbe/contracts';
import type { AuthenticatedAdmin } from '@kbe/server-auth';
import type { ForwardedRequest } from '@kbe/server-bootstrap';
import { AUDIT_LOG, type AuditLog } from '../../audit/audit-log';
import { PUBLICATION_LAPSE_MS, ResultsPublicationRunner } from '../results-publication.runner';
import { RESULTS_MESSAGES } from '../results.messages';
import { RESULT_REPOSITORY, type ResultRepository } from '../result.repository';
import type { PublicationRecord } from '../result.schema';
import { summaryOf } from './read-results.usecase';

/** How long the request waits for a publication before answering that it runs on (202). */
export const PUBLISH_WAIT_MS = 5_000;

/**
 * Starts the publication of an imported (or withdrawn) level: 409 with nothing imported, when it
 * is published already, or while a publication of it runs. The hand-over runs in the background
 * (ResultsPublicationRunner); a publication that ends within PUBLISH_WAIT_MS is answered as done
 * (the summary, published; 502 with its error when it stopped), a longer one as running (`running`:
 * the summary with its progress, to be polled).
 */
@Injectable()
export class PublishResultsUseCase {
  constructor(
    @Inject(RESULT_REPOSITORY) private readonly results: ResultRepository,
    @Inject(AUDIT_LOG) private readonly audit: AuditLog,
    private readonly runner: ResultsPublicationRunner,
  ) {}

  async execute(level: ExamLevel, admin: AuthenticatedAdmin, request: ForwardedRequest): Promise<{ summary: LevelResultsSummary; running: boolean }> {
    const stored = await this.results.level(level);
    if (!stored) throw new ConflictException(RESULTS_MESSAGES.nothingImported(level));
    if (stored.status === 'published') throw new ConflictException(RESULTS_MESSAGES.alreadyPublished(level));
    const now = new Date();
    const publication: PublicationRecord = { startedAt: now, startedBy: admin.username, heartbeatAt: now, total: stored.sat + stored.absent, processed: 0, finishedAt: null, error: null };
    if (!(await this.results.claimPublication(level, publication, new Date(now.getTime() - PUBLICATION_LAPSE_MS)))) throw new ConflictException(RESULTS_MESSAGES.publicationRunning(level));
    const run = this.runner.start(level, now, { admin, from: this.audit.addressOf(request) });
    let timer: NodeJS.Timeout | undefined;
    const ended = await Promise.race([run.then(() => true), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), PUBLISH_WAIT_MS)))]);
    clearTimeout(timer);
    const summary = summaryOf(level, await this.results.level(level));
    if (ended && summary.publication?.error) throw new BadGatewayException(RESULTS_MESSAGES.publicationStopped(level, summary.publication.error));
    return { summary, running: !ended };
  }
}
