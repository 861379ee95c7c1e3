import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { InjectConfig } from '@kbe/server-config';
import { EventPublisher, OUTBOX_STORE, OutboxRelay, type OutboxStore } from '@kbe/server-messaging';
import type { EventPayloads } from '@kbe/contracts';
import type { RegistrationConfig } from '../registration.config';
import { CLOCK, type Clock } from './clock';
import { isDuplicateKeyError } from '@kbe/server-database';
import { errorMessage } from '@kbe/server-bootstrap';

type RegistrationTopic =
  | 'school.registered'
  | 'mentor.registered'
  | 'candidate.registered'
  | 'hall-ticket.released'
  | 'certificate.released';

/** A registration event whose id was chosen when the registration was stored. */
export interface PendingRegistrationEvent<T extends RegistrationTopic = RegistrationTopic> {
  id: string;
  topic: T;
  /** Partition key: the issued code. */
  key: string;
  payload: EventPayloads[T];
}

/** A collection whose records carry a registration event not yet written to the outbox. */
export interface PendingEventSource {
  readonly name: string;
  /** Records stored before `before` whose event is not marked queued, oldest first. */
  findPendingEvents(before: Date, limit: number): Promise<PendingRegistrationEvent[]>;
  /** Marks the records whose codes are the events' keys (one statement for the list). */
  markEventsQueued(codes: readonly string[]): Promise<void>;
}

/**
 * Why not "insert, then publish": FerretDB has no transactions, so a crash between the two
 * writes would lose the event. Instead every registration record is inserted WITH its event
 * id and `eventQueued: false` (one atomic insert), then the event goes to the outbox under that
 * id, then the record is marked queued. If the process dies in between, the re-drive loop finds
 * the unmarked record and writes the same event again: the outbox primary key is the event id,
 * so a second write is refused as a duplicate and the event is neither lost nor doubled. The
 * outbox relay then delivers it at least once with that stable id. (Outbox-first would instead
 * announce registrations that a failed insert never stored.)
 */
@Injectable()
export class RegistrationEventPublisher implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RegistrationEventPublisher.name);
  private readonly sources: PendingEventSource[] = [];
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private readonly marking = new Set<Promise<void>>();

  constructor(
    @Inject(OUTBOX_STORE) private readonly outbox: OutboxStore,
    private readonly relay: OutboxRelay,
    @Inject(CLOCK) private readonly clock: Clock,
    @InjectConfig() private readonly config: RegistrationConfig,
  ) {}

  /** Domain modules register the collections whose events the re-drive loop watches. */
  register(source: PendingEventSource): void {
    this.sources.push(source);
  }

  /**
   * Writes the events to the outbox (idempotent on their ids), then marks their records in the
   * background: the caller (a request) waits for the outbox write only, the mark is bookkeeping
   * for the re-drive (an unmarked record's event is written again after the grace period and
   * refused as a duplicate id), so it need not cost the request a round trip. Failures are
   * logged, not thrown: the facts are stored and the re-drive loop finishes the job. Marks still
   * under way are awaited at shutdown.
   */
  async queue(events: readonly PendingRegistrationEvent[], source: PendingEventSource): Promise<void> {
    const written: string[] = [];
    try {
      for (const event of events) {
        // Its id was chosen with the record a moment ago and the re-drive waits `graceMs` before
        // it writes the same id: no relayed copy to look up (MongoOutboxStore.findUnpublished).
        await this.writeToOutbox(event, true);
        written.push(event.key);
      }
    } catch (error) {
      this.logger.warn(`${events.length - written.length} event(s) not queued yet, the re-drive will retry: ${errorMessage(error)}`);
    }
    if (written.length === 0) return;
    const mark = source
      .markEventsQueued(written)
      .catch((error: unknown) => this.logger.warn(`${written.length} queued event(s) not marked yet, the re-drive will retry: ${errorMessage(error)}`))
      .finally(() => this.marking.delete(mark));
    this.marking.add(mark);
  }

  /** Resolves when the marks started so far are written (or failed and were logged). */
  async marksSettled(): Promise<void> {
    await Promise.all([...this.marking]);
  }

  /** One pass over every source; returns how many events were re-queued. */
  async redriveOnce(graceMs = 10_000): Promise<number> {
    let count = 0;
    const before = new Date(this.clock.now().getTime() - graceMs);
    for (const source of this.sources) {
      const events = await source.findPendingEvents(before, 100);
      for (const event of events) await this.writeToOutbox(event);
      await source.markEventsQueued(events.map((event) => event.key));
      count += events.length;
    }
    return count;
  }

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => {
      this.running ??= this.redriveOnce()
        .then((count) => {
          if (count > 0) this.logger.warn(`Re-queued ${count} registration event(s) missing from the outbox`);
        })
        .catch((error: unknown) => this.logger.warn(`Event re-drive failed, retrying later: ${errorMessage(error)}`))
        .finally(() => (this.running = undefined));
    }, this.config.EVENT_REDRIVE_INTERVAL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await Promise.all([this.running, this.marksSettled()]);
  }

  private async writeToOutbox(event: PendingRegistrationEvent, firstWrite = false): Promise<void> {
    // The lib's EventPublisher with the id chosen at registration time (its id source is injectable).
    const publisher = new EventPublisher(this.outbox, this.relay, () => this.clock.now(), () => event.id);
    try {
      await publisher.publish(event.topic, event.payload, { key: event.key, firstWrite });
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error; // already in the outbox
    }
  }
}
