import { ConflictException, Inject, Injectable } from '@nestjs/common';
import type { ExamLevel, LevelResultsSummary } from '@kbe/contracts';
import { AUDIT_LOG, type AuditActor, type AuditLog } from '../../audit/audit-log';
import { RESULTS_HAND_OVER, WithdrawalRefused, type ResultsHandOver } from '../results-hand-over';
import { RESULTS_MESSAGES } from '../results.messages';
import { RESULT_REPOSITORY, type ResultRepository } from '../result.repository';
import { summaryOf } from './read-results.usecase';

/**
 * Withdraws a published level: registration-service takes the candidates' results back (it
 * refuses, 409, once a certificate of the level is released: relayed in its words); the stored
 * results stay, withdrawn, to be replaced or published again. Audited.
 */
@Injectable()
export class WithdrawResultsUseCase {
  constructor(
    @Inject(RESULT_REPOSITORY) private readonly results: ResultRepository,
    @Inject(RESULTS_HAND_OVER) private readonly handOver: ResultsHandOver,
    @Inject(AUDIT_LOG) private readonly audit: AuditLog,
  ) {}

  async execute(level: ExamLevel, actor: AuditActor): Promise<LevelResultsSummary> {
    const stored = await this.results.level(level);
    if (stored?.status !== 'published') throw new ConflictException(RESULTS_MESSAGES.notPublished(level));
    let withdrawn: number;
    try {
      withdrawn = await this.handOver.withdraw(level);
    } catch (error) {
      if (error instanceof WithdrawalRefused) throw new ConflictException(error.message);
      throw error;
    }
    const withdrawnAt = new Date();
    await this.results.updateLevel(level, { status: 'withdrawn', withdrawnAt });
    await this.audit.record(actor, { action: 'results.withdraw', target: { type: 'results', id: level }, details: { withdrawn, publishedAt: stored.publishedAt?.toISOString() ?? null } });
    return summaryOf(level, { ...stored, status: 'withdrawn', withdrawnAt });
  }
}
