import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { CLOCK, type Clock } from '../../common/clock';
import {
  RegistrationEventPublisher,
  type PendingEventSource,
  type PendingRegistrationEvent,
} from '../../common/registration-event.publisher';
import {
  CANDIDATE_REPOSITORY,
  type CandidateRecord,
  type CandidateRepository,
  type ReleaseKind,
  type ReleaseOutcome,
} from '../candidate.repository';

const TOPIC = { 'hall-ticket': 'hall-ticket.released', certificate: 'certificate.released' } as const;

export interface ReleaseResult {
  candidateCode: string;
  outcome: ReleaseOutcome | 'failed';
  message?: string;
}

/**
 * Releases hall tickets and certificates. registration-service owns the flags, so it announces
 * them: the flag and its pending event id are written in one conditional update, then the event
 * goes to the outbox under that id and is marked queued; the re-drive loop finishes anything a
 * crash left between the two (the outbox refuses a second copy of the same id).
 */
@Injectable()
export class ReleaseDocumentsUseCase implements OnModuleInit {
  constructor(
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    private readonly events: RegistrationEventPublisher,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    for (const kind of ['hall-ticket', 'certificate'] as const) this.events.register(this.pendingSource(kind));
  }

  /** Releases each candidate in turn; one failure does not stop the others. */
  async release(kind: ReleaseKind, candidateCodes: readonly string[], releasedBy: string): Promise<ReleaseResult[]> {
    const results: ReleaseResult[] = [];
    for (const candidateCode of candidateCodes) {
      try {
        const releasedAt = this.clock.now();
        const eventId = randomUUID();
        const outcome = await this.candidates.release(kind, candidateCode, { eventId, releasedAt, releasedBy });
        if (outcome === 'released') {
          await this.events.queue(releaseEvent(kind, eventId, candidateCode, releasedAt, releasedBy), this.pendingSource(kind));
        }
        results.push({ candidateCode, outcome });
      } catch (error) {
        results.push({ candidateCode, outcome: 'failed', message: error instanceof Error ? error.message : String(error) });
      }
    }
    return results;
  }

  private pendingSource(kind: ReleaseKind): PendingEventSource {
    return {
      name: `candidates.${kind}`,
      findPendingEvents: async (before: Date, limit: number) =>
        (await this.candidates.findPendingReleaseEvents(kind, before, limit)).flatMap((candidate) => pendingEventOf(kind, candidate)),
      markEventQueued: (candidateCode: string) => this.candidates.markReleaseEventQueued(kind, candidateCode),
    };
  }
}

function releaseEvent(
  kind: ReleaseKind,
  eventId: string,
  candidateCode: string,
  releasedAt: Date,
  releasedBy: string,
): PendingRegistrationEvent {
  return {
    id: eventId,
    topic: TOPIC[kind],
    key: candidateCode,
    payload: { candidateCode, releasedAt: releasedAt.toISOString(), releasedBy },
  };
}

function pendingEventOf(kind: ReleaseKind, candidate: CandidateRecord): PendingRegistrationEvent[] {
  const fact = (kind === 'hall-ticket' ? candidate.hallTicketRelease : candidate.certificateRelease) ?? null;
  if (!fact) return [];
  return [releaseEvent(kind, fact.eventId, candidate.candidateCode, fact.releasedAt, fact.releasedBy)];
}
