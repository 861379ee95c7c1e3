import { ConflictException, Inject, Injectable } from '@nestjs/common';
import type { ExamLevel, LevelResultsSummary } from '@kbe/contracts';
import type { AuthenticatedAdmin } from '@kbe/server-auth';
import type { ForwardedRequest } from '@kbe/server-bootstrap';
import { AUDIT_LOG, type AuditLog } from '../../audit/audit-log';
import { PUBLICATION_LAPSE_MS, ResultsPublicationRunner } from '../results-publication.runner';
import { RESULTS_MESSAGES } from '../results.messages';
import { RESULT_REPOSITORY, type ResultRepository } from '../result.repository';
import type { PublicationRecord } from '../result.schema';
import { summaryOf } from './read-results.usecase';

/**
 * Starts the publication of an imported (or withdrawn) level: 409 with nothing imported, when it
 * is published already, or while a publication of it runs. The hand-over runs in the background
 * (ResultsPublicationRunner); the answer is the summary with the publication just started.
 */
@Injectable()
export class PublishResultsUseCase {
  constructor(
    @Inject(RESULT_REPOSITORY) private readonly results: ResultRepository,
    @Inject(AUDIT_LOG) private readonly audit: AuditLog,
    private readonly runner: ResultsPublicationRunner,
  ) {}

  async execute(level: ExamLevel, admin: AuthenticatedAdmin, request: ForwardedRequest): Promise<LevelResultsSummary> {
    const stored = await this.results.level(level);
    if (!stored) throw new ConflictException(RESULTS_MESSAGES.nothingImported(level));
    if (stored.status === 'published') throw new ConflictException(RESULTS_MESSAGES.alreadyPublished(level));
    const now = new Date();
    const publication: PublicationRecord = { startedAt: now, startedBy: admin.username, heartbeatAt: now, total: stored.sat + stored.absent, processed: 0, finishedAt: null, error: null };
    if (!(await this.results.claimPublication(level, publication, new Date(now.getTime() - PUBLICATION_LAPSE_MS)))) throw new ConflictException(RESULTS_MESSAGES.publicationRunning(level));
    void this.runner.start(level, now, { admin, from: this.audit.addressOf(request) });
    return summaryOf(level, { ...stored, publication });
  }
}
