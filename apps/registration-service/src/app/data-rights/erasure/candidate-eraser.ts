import { Inject, Injectable, Logger } from '@nestjs/common';
import type { CandidateErasedPayload } from '@kbe/contracts';
import { isDuplicateKeyError } from '@kbe/server-database';
import { EventPublisher, OUTBOX_STORE, OutboxRelay, type OutboxStore } from '@kbe/server-messaging';
import { errorMessage } from '@kbe/server-bootstrap';
import { CANDIDATE_DOCUMENTS_STORE, type CandidateDocumentsStore } from '../../candidates/candidate-documents.store';
import { CANDIDATE_REPOSITORY, type CandidateRepository } from '../../candidates/candidate.repository';
import { erasedCandidateFields } from '../../candidates/erasure-fields';
import { CLOCK, type Clock } from '../../common/clock';
import { CandidateErasureStore, type CandidateErasure, type ErasureReason } from './candidate-erasure.store';
import { ErasureAuditClient } from './erasure-audit.client';

/** The outbox id of a candidate's `candidate.erased`: one event per erasure, however often a step is retried. */
export const erasedEventId = (payload: CandidateErasedPayload) => `candidate-erased:${payload.reason}:${payload.candidateCode}`;

/**
 * Erases a candidate's personal data: the erasure is recorded first, then the record becomes a
 * tombstone (erasure-fields.ts), the photo and signature objects are deleted, and
 * `candidate.erased` tells the other services to delete theirs (documents-service: the PDFs).
 * Every step is idempotent; an erasure cut short (a restart, MinIO down) is finished by
 * ErasureWorker.
 */
@Injectable()
export class CandidateEraser {
  private readonly logger = new Logger(CandidateEraser.name);

  constructor(
    private readonly erasures: CandidateErasureStore,
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    @Inject(CANDIDATE_DOCUMENTS_STORE) private readonly files: CandidateDocumentsStore,
    @Inject(OUTBOX_STORE) private readonly outbox: OutboxStore,
    private readonly relay: OutboxRelay,
    private readonly auditLog: ErasureAuditClient,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** Starts (or joins) the erasure of a candidate; `done` when every step is through, else `under-way`. */
  async erase(candidateCode: string, reason: ErasureReason, requestedBy: string): Promise<'done' | 'under-way'> {
    await this.erasures.begin({ candidateCode, reason, requestedBy, requestedAt: this.clock.now() });
    return this.resume(candidateCode);
  }

  /** Runs the steps of a recorded erasure again; a failed step leaves it for the next pass. */
  async resume(candidateCode: string): Promise<'done' | 'under-way'> {
    const erasure = await this.erasures.find(candidateCode);
    if (!erasure) throw new Error(`no erasure is recorded for ${candidateCode}`);
    if (erasure.doneAt) return 'done';
    try {
      await this.candidates.eraseFields([candidateCode], erasedCandidateFields(erasure.requestedAt));
      const removed = await this.files.removeAllOf(candidateCode);
      await this.announceErased({ candidateCode, erasedAt: erasure.requestedAt.toISOString(), reason: erasure.reason });
      await this.erasures.markDone(candidateCode, this.clock.now());
      this.logger.log(`erased ${candidateCode} (${erasure.reason}): record, ${removed} stored image(s), candidate.erased queued`);
      await this.audit([erasure]);
      return 'done';
    } catch (error) {
      this.logger.warn(`erasure of ${candidateCode} not finished, retried later: ${errorMessage(error)}`);
      return 'under-way';
    }
  }

  /**
   * Records finished erasures in admin-service's audit log, then marks them audited; when
   * admin-service does not answer they stay unaudited and ErasureWorker tries again (a post that
   * succeeded but whose mark failed is recorded twice: the audit log keeps both).
   */
  async audit(erasures: readonly CandidateErasure[]): Promise<number> {
    if (erasures.length === 0) return 0;
    try {
      await this.auditLog.record({
        erasures: erasures.map((erasure) => ({
          candidateCode: erasure.candidateCode,
          reason: erasure.reason,
          requestedBy: erasure.requestedBy,
          erasedAt: erasure.requestedAt.toISOString(),
        })),
      });
    } catch (error) {
      this.logger.warn(`${erasures.length} erasure(s) not in the audit log yet, retried later: ${errorMessage(error)}`);
      return 0;
    }
    await this.erasures.markAudited(erasures.map((erasure) => erasure.candidateCode), this.clock.now());
    return erasures.length;
  }

  /** `candidate.erased` through the outbox, once per candidate and reason. */
  async announceErased(payload: CandidateErasedPayload): Promise<void> {
    const publisher = new EventPublisher(this.outbox, this.relay, () => this.clock.now(), () => erasedEventId(payload));
    try {
      await publisher.publish('candidate.erased', payload, { key: payload.candidateCode });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error; // queued by an earlier pass
    }
  }
}
