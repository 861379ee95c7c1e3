import { randomUUID } from 'node:crypto';
import type { EventEnvelope } from '../event-envelope';
import type { OutboxStore } from './outbox-record';
import type { OutboxRelay } from './outbox-relay';

export interface PublishOptions {
  /** Partition key, e.g. the candidate code, to keep that entity's events in order. Default: the event id. */
  key?: string;
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
    const envelope: EventEnvelope<TPayload> = { id: this.newId(), topic, occurredAt: createdAt.toISOString(), payload };
    await this.store.add({
      id: envelope.id,
      topic,
      key: options.key ?? envelope.id,
      value: JSON.stringify(envelope),
      createdAt,
      publishedAt: null,
      attempts: 0,
      lastError: null,
    });
    this.relay.trigger();
    return envelope;
  }
}
