import { Inject, Injectable, Logger } from '@nestjs/common';
import { EventPublisher } from '@kbe/server-messaging';
import type { CandidateChangedPayload } from '@kbe/contracts';
import { errorMessage } from '@kbe/server-bootstrap';
import { CLOCK, type Clock } from '../common/clock';

/**
 * Announces `candidate.changed` after a write to a candidate, through the outbox: documents-service
 * keeps candidates in memory and drops its copy on it (a changed mother's name, a withdrawn
 * release, a deletion take effect at once). Keyed by the code, so one candidate's events stay in
 * order. The write is stored first: a failed announcement is logged, never undoes or fails it
 * (documents-service's copies also expire, see docs/documents.md).
 */
@Injectable()
export class CandidateChangeAnnouncer {
  private readonly logger = new Logger(CandidateChangeAnnouncer.name);

  constructor(
    private readonly publisher: EventPublisher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** One event per candidate, published together: the outbox inserts concurrent events as one batch (a bulk write of 1,000 seats is a few statements, not 1,000). */
  async announce(candidateCodes: readonly string[]): Promise<void> {
    const changedAt = this.clock.now().toISOString();
    await Promise.all(
      candidateCodes.map(async (candidateCode) => {
        const payload: CandidateChangedPayload = { candidateCode, changedAt };
        try {
          await this.publisher.publish('candidate.changed', payload, { key: candidateCode, firstWrite: true });
        } catch (error) {
          this.logger.warn(`candidate.changed of ${candidateCode} not announced: ${errorMessage(error)}`);
        }
      }),
    );
  }
}
