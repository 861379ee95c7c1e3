import { randomUUID } from 'node:crypto';
import { traceContext } from '@kbe/server-tracing';
import type { EventEnvelope } from '../event-envelope';
import type { OutboxRecord, OutboxStore } from './outbox-record';
import type { OutboxRelay } from './outbox-relay';

export interface PublishOptions {
  /** Partition key, e.g. the candidate code, to keep that entity's events in order. Default: the event id. */
  key?: string;
  /**
   * The caller made this event's id for this publish and never wrote it before (e.g. chosen with
   * the record it announces, a moment ago): the outbox skips its look-up of relayed copies.
   */
  firstWrite?: boolean;
}

/**
 * `publish` writes the event to the service's outbox and returns once it is stored; the relay
 * then delivers it to Kafka, however long Kafka is away. Note FerretDB has no transactions:
 * write the business document first, then publish, and let a failed publish fail the request.
 */
export class EventPublisher {
  constructor(
    private readonly store: OutboxStore,
    private readonly relay: Pick<OutboxRelay, 'trigger'>,
    private readonly now: () => Date = () => new Date(),
    private readonly newId: () => string = randomUUID,
  ) {}

  async publish<TPayload>(topic: string, payload: TPayload, options: PublishOptions = {}): Promise<EventEnvelope<TPayload>> {
    const createdAt = this.now();
    const envelope: EventEnvelope<TPayload> = { id: this.newId(), topic, occurredAt: createdAt.toISOString(), payload, trace: traceContext() };
    const record: OutboxRecord = {
      id: envelope.id,
      topic,
      key: options.key ?? envelope.id,
      value: JSON.stringify(envelope),
      createdAt,
      publishedAt: null,
      attempts: 0,
      lastError: null,
    };
    await this.store.add(record, { firstWrite: options.firstWrite });
    this.relay.trigger();
    return envelope;
  }
}
