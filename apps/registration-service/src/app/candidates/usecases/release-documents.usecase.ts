import { Inject, Injectable, OnModuleInit } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { EditionSettings } from '@kbe/contracts';
import { errorMessage } from '@kbe/server-bootstrap';
import { CLOCK, type Clock } from '../../common/clock';
import { EDITION_SETTINGS } from '../../common/edition.settings.provider';
import {
  RegistrationEventPublisher,
  type PendingEventSource,
  type PendingRegistrationEvent,
} from '../../common/registration-event.publisher';
import {
  CANDIDATE_REPOSITORY,
  type CandidateRecord,
  type CandidateRepository,
  type NewRelease,
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
    @Inject(EDITION_SETTINGS) private readonly edition: EditionSettings,
  ) {}

  onModuleInit(): void {
    for (const kind of ['hall-ticket', 'certificate'] as const) this.events.register(this.pendingSource(kind));
  }

  /**
   * Releases the listed candidates as one request (a few statements for the whole list, so a
   * bulk job of thousands stays fast), then queues one event per released candidate. A failure
   * of the database answers 'failed' for the list without claiming a release. When the edition
   * says so (`seatRequiredForHallTicket`), a hall ticket waits for a seat number (`not-seated`).
   */
  async release(kind: ReleaseKind, candidateCodes: readonly string[], releasedBy: string): Promise<ReleaseResult[]> {
    const release = { releaseId: randomUUID(), releasedAt: this.clock.now(), releasedBy };
    let outcomes: Map<string, ReleaseOutcome>;
    try {
      outcomes = await this.candidates.release(kind, candidateCodes, release, { seat: this.edition.seatRequiredForHallTicket });
    } catch (error) {
      const message = errorMessage(error);
      return candidateCodes.map((candidateCode) => ({ candidateCode, outcome: 'failed', message }));
    }
    const released = candidateCodes.filter((code) => outcomes.get(code) === 'released');
    await this.events.queue(
      released.map((code) => releaseEvent(kind, release, code)),
      this.pendingSource(kind),
    );
    return candidateCodes.map((candidateCode) => ({ candidateCode, outcome: outcomes.get(candidateCode) ?? 'not-found' }));
  }

  private pendingSource(kind: ReleaseKind): PendingEventSource {
    return {
      name: `candidates.${kind}`,
      findPendingEvents: async (before: Date, limit: number) =>
        (await this.candidates.findPendingReleaseEvents(kind, before, limit)).flatMap((candidate) => pendingEventOf(kind, candidate)),
      markEventsQueued: (candidateCodes: readonly string[]) => this.candidates.markReleaseEventsQueued(kind, candidateCodes),
    };
  }
}

/** The event id of one candidate's release: stable, so a re-drive writes the same event again. */
export function releaseEventId(releaseId: string, candidateCode: string): string {
  return `${releaseId}:${candidateCode}`;
}

function releaseEvent(kind: ReleaseKind, fact: NewRelease, candidateCode: string): PendingRegistrationEvent {
  return {
    id: releaseEventId(fact.releaseId, candidateCode),
    topic: TOPIC[kind],
    key: candidateCode,
    payload: { candidateCode, releasedAt: fact.releasedAt.toISOString(), releasedBy: fact.releasedBy },
  };
}

function pendingEventOf(kind: ReleaseKind, candidate: CandidateRecord): PendingRegistrationEvent[] {
  const fact = (kind === 'hall-ticket' ? candidate.hallTicketRelease : candidate.certificateRelease) ?? null;
  return fact ? [releaseEvent(kind, fact, candidate.candidateCode)] : [];
}
