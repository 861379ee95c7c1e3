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

  async announce(candidateCodes: readonly string[]): Promise<void> {
    const changedAt = this.clock.now().toISOString();
    for (const candidateCode of candidateCodes) {
      const payload: CandidateChangedPayload = { candidateCode, changedAt };
      try {
        await this.publisher.publish('candidate.changed', payload, { key: candidateCode, firstWrite: true });
      } catch (error) {
        this.logger.warn(`candidate.changed of ${candidateCode} not announced: ${errorMessage(error)}`);
      }
    }
  }
}
