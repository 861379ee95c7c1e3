import { parseEventEnvelope } from '@kbe/contracts';
import { Metrics, OUTBOX_OLDEST_AGE, OUTBOX_RELAYED, OUTBOX_WAITING } from '@kbe/server-metrics';
import { metricValue } from '@kbe/server-testing';
import type { EventProducer, OutgoingMessage } from '../event-producer';
import type { EventEnvelope } from '../event-envelope';
import { EventPublisher } from './event-publisher';
import type { OutboxRecord, OutboxStore } from './outbox-record';
import { DEFAULT_RELAY_OPTIONS, OutboxRelay } from './outbox-relay';

class InMemoryOutboxStore implements OutboxStore {
  readonly records: OutboxRecord[] = [];

  async add(record: OutboxRecord): Promise<void> {
    this.records.push({ ...record });
  }
  async findUnpublished(limit: number): Promise<OutboxRecord[]> {
    return this.records
      .filter((record) => record.publishedAt === null)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .slice(0, limit)
      .map((record) => ({ ...record }));
  }
  async markPublished(published: readonly OutboxRecord[], publishedAt: Date): Promise<void> {
    const ids = published.map((record) => record.id);
    for (const record of this.records) if (ids.includes(record.id)) record.publishedAt = publishedAt;
  }
  async recordFailure(ids: readonly string[], error: string): Promise<void> {
    for (const record of this.records) {
      if (ids.includes(record.id)) {
        record.attempts += 1;
        record.lastError = error;
      }
    }
  }
  async countWaiting(): Promise<number> {
    return this.records.filter((record) => record.publishedAt === null).length;
  }
  async deletePublishedBefore(before: Date): Promise<number> {
    const keep = this.records.filter((record) => !(record.publishedAt && record.publishedAt < before));
    const removed = this.records.length - keep.length;
    this.records.splice(0, this.records.length, ...keep);
    return removed;
  }
}

/** A broker that can be switched off. */
class FakeProducer implements EventProducer {
  readonly delivered: OutgoingMessage[] = [];
  available = true;

  async sendBatch(messages: readonly OutgoingMessage[]): Promise<void> {
    if (!this.available) throw new Error('Connection error: connect ECONNREFUSED 127.0.0.1:9092');
    this.delivered.push(...messages);
  }
  async close(): Promise<void> {
    return undefined;
  }
}

function setup(batchSize = 100) {
  const store = new InMemoryOutboxStore();
  const producer = new FakeProducer();
  let clock = new Date('2025-10-01T10:00:00.000Z');
  const now = () => {
    clock = new Date(clock.getTime() + 1000);
    return clock;
  };
  const relay = new OutboxRelay(store, producer, { ...DEFAULT_RELAY_OPTIONS, batchSize, topicPrefix: 'test.' }, new Metrics({ service: 'test-service' }), now);
  let ids = 0;
  const publisher = new EventPublisher(store, relay, now, () => `event-${++ids}`);
  return { store, producer, relay, publisher };
}

describe('EventPublisher', () => {
  it('stores the event as unpublished with a stable id before anything is sent', async () => {
    const { store, producer, publisher } = setup();
    const event = await publisher.publish('school.registered', { schoolCode: 'SCH-7KQ2XM' });

    expect(event).toEqual({
      id: 'event-1',
      topic: 'school.registered',
      occurredAt: '2025-10-01T10:00:01.000Z',
      payload: { schoolCode: 'SCH-7KQ2XM' },
    });
    expect(store.records).toEqual([
      expect.objectContaining({ id: 'event-1', topic: 'school.registered', key: 'event-1', publishedAt: null, attempts: 0 }),
    ]);
    expect(producer.delivered).toEqual([]);
  });

  it('uses the given partition key', async () => {
    const { store, publisher } = setup();
    await publisher.publish('candidate.registered', { candidateCode: 'KBE123456ABC' }, { key: 'KBE123456ABC' });
    expect(store.records[0]?.key).toBe('KBE123456ABC');
  });

  it('writes the envelope that consumers parse with the event catalogue (one shape on the wire)', async () => {
    const { store, publisher } = setup();
    const payload = { candidateCode: 'KBE123456ABC', releasedAt: '2025-10-01T10:00:00.000Z', releasedBy: 'chief' };
    await publisher.publish('hall-ticket.released', payload, { key: 'KBE123456ABC' });
    const parsed = parseEventEnvelope('hall-ticket.released', JSON.parse(store.records[0]?.value ?? 'null'));
    expect(parsed).toEqual({ ok: true, event: { id: 'event-1', topic: 'hall-ticket.released', occurredAt: '2025-10-01T10:00:01.000Z', payload } });
  });
});

describe('OutboxRelay', () => {
  it('sends unpublished events oldest first to the prefixed topic with the event id as header, then marks them published', async () => {
    const { store, producer, relay, publisher } = setup();
    await publisher.publish('school.registered', { n: 1 });
    await publisher.publish('mentor.registered', { n: 2 });

    await expect(relay.relayOnce()).resolves.toEqual({ published: 2, failed: 0 });

    expect(producer.delivered.map((message) => [message.topic, message.headers?.['event-id']])).toEqual([
      ['test.school.registered', 'event-1'],
      ['test.mentor.registered', 'event-2'],
    ]);
    const envelope = JSON.parse(producer.delivered[0]?.value ?? '') as EventEnvelope;
    expect(envelope).toMatchObject({ id: 'event-1', topic: 'school.registered', payload: { n: 1 } });
    expect(store.records.every((record) => record.publishedAt instanceof Date)).toBe(true);
  });

  it('sends nothing twice once published', async () => {
    const { producer, relay, publisher } = setup();
    await publisher.publish('school.registered', { n: 1 });
    await relay.relayOnce();
    await expect(relay.relayOnce()).resolves.toEqual({ published: 0, failed: 0 });
    expect(producer.delivered).toHaveLength(1);
  });

  it('keeps events in the outbox while the broker is down and delivers them when it is back', async () => {
    const { store, producer, relay, publisher } = setup();
    producer.available = false;
    await publisher.publish('school.registered', { n: 1 });

    await expect(relay.relayOnce()).resolves.toEqual({ published: 0, failed: 1 });
    await expect(relay.relayOnce()).resolves.toEqual({ published: 0, failed: 1 });
    expect(store.records[0]).toMatchObject({
      publishedAt: null,
      attempts: 2,
      lastError: 'Connection error: connect ECONNREFUSED 127.0.0.1:9092',
    });

    producer.available = true;
    await expect(relay.relayOnce()).resolves.toEqual({ published: 1, failed: 0 });
    expect(producer.delivered.map((message) => message.headers?.['event-id'])).toEqual(['event-1']);
    expect(store.records[0]?.publishedAt).toBeInstanceOf(Date);
  });

  it('leaves the backlog in the metrics: how many wait and the age of the oldest, none once delivered', async () => {
    const store = new InMemoryOutboxStore();
    const producer = new FakeProducer();
    const metrics = new Metrics({ service: 'test-service' });
    let clock = new Date('2025-10-01T10:00:00.000Z');
    const now = () => clock;
    const relay = new OutboxRelay(store, producer, { ...DEFAULT_RELAY_OPTIONS, batchSize: 2, topicPrefix: '' }, metrics, now);
    const publisher = new EventPublisher(store, relay, now);
    producer.available = false;
    for (let n = 0; n < 3; n++) await publisher.publish('sms.requested', { n });

    await relay.relayOnce();
    clock = new Date('2025-10-01T10:01:30.000Z');
    expect(await metricValue(metrics, OUTBOX_WAITING)).toBe(3);
    expect(await metricValue(metrics, OUTBOX_OLDEST_AGE)).toBe(90);
    expect(await metricValue(metrics, OUTBOX_RELAYED, { result: 'failed' })).toBe(2);

    producer.available = true;
    await relay.relayOnce();
    expect(await metricValue(metrics, OUTBOX_WAITING)).toBe(0);
    expect(await metricValue(metrics, OUTBOX_OLDEST_AGE)).toBe(0);
    expect(await metricValue(metrics, OUTBOX_RELAYED, { result: 'published' })).toBe(3);
  });

  it('drains more than one batch in a run', async () => {
    const { producer, relay, publisher } = setup(2);
    for (let n = 0; n < 5; n++) await publisher.publish('sms.requested', { n });
    await expect(relay.relayOnce()).resolves.toEqual({ published: 5, failed: 0 });
    expect(producer.delivered).toHaveLength(5);
  });

  it('backs off exponentially after failed runs, up to the maximum', () => {
    const { relay } = setup();
    expect([0, 1, 2, 3, 4, 5, 6, 10].map((failures) => relay.backoffMs(failures))).toEqual([
      1000, 500, 1000, 2000, 4000, 8000, 10000, 10000,
    ]);
  });

  it('relays in the background once started, and delivers what was written during an outage', async () => {
    const store = new InMemoryOutboxStore();
    const producer = new FakeProducer();
    const relay = new OutboxRelay(
      store,
      producer,
      { ...DEFAULT_RELAY_OPTIONS, topicPrefix: '', intervalMs: 10, initialBackoffMs: 10, maxBackoffMs: 20 },
      new Metrics({ service: 'test-service' }),
    );
    const publisher = new EventPublisher(store, relay);
    producer.available = false;
    relay.start();
    try {
      await publisher.publish('school.registered', { n: 1 });
      await waitFor(() => (store.records[0]?.attempts ?? 0) >= 2);
      expect(producer.delivered).toHaveLength(0);

      producer.available = true;
      await waitFor(() => producer.delivered.length === 1);
      expect(store.records[0]?.publishedAt).toBeInstanceOf(Date);
    } finally {
      await relay.stop();
    }
  });
});

async function waitFor(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
