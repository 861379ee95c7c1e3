import { Controller, type INestApplication } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import { getConnectionToken } from '@nestjs/mongoose';
import { Test } from '@nestjs/testing';
import { composeEnv, kafkaEnv, loadConfig, mongoEnv } from '@kbe/server-config';
import { DatabaseModule, databaseOptionsFromEnv } from '@kbe/server-database';
import { Metrics, MetricsModule } from '@kbe/server-metrics';
import { infraControl, isolatedInfraEnv, waitFor } from '@kbe/server-testing';
import { Kafka } from 'kafkajs';
import type { Connection } from 'mongoose';
import { consumerLag } from './consumer-lag';
import type { EventEnvelope } from './event-envelope';
import { kafkaConsumerStrategy, type PrefixedKafkaServer } from './kafka-consumer.server';
import { MessagingModule } from './messaging.module';
import { EventPublisher } from './outbox/event-publisher';
import { OUTBOX_STORE } from './outbox/outbox-record';

const received: Array<{ envelope: EventEnvelope<{ schoolCode: string }>; eventIdHeader: string; topic: string }> = [];

@Controller()
class SchoolRegisteredProbe {
  @EventPattern('school.registered')
  handle(@Payload() envelope: EventEnvelope<{ schoolCode: string }>, @Ctx() context: KafkaContext): void {
    const header = context.getMessage().headers?.['event-id'];
    received.push({ envelope, eventIdHeader: String(header), topic: context.getTopic() });
  }
}

describe('outbox publishing against Kafka and MongoDB', () => {
  const env = loadConfig(composeEnv(mongoEnv, kafkaEnv), isolatedInfraEnv());
  const service = 'messaging-test';
  let app: INestApplication;
  let publisher: EventPublisher;
  let connection: Connection;

  /** The entry while it waits (`outbox`) or once relayed (`outbox_published`). */
  const outboxRecord = async (id: string) =>
    (await connection.collection('outbox').findOne({ _id: id as never })) ??
    (await connection.collection('outbox_published').findOne({ _id: id as never }));
  const receivedIds = () => received.map((entry) => entry.envelope.id);

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({
      imports: [
        DatabaseModule.forRoot(databaseOptionsFromEnv(service, env)),
        MetricsModule.forRoot({ service }),
        MessagingModule.forRoot({
          service,
          brokers: env.KAFKA_BROKERS,
          topicPrefix: env.KAFKA_TOPIC_PREFIX,
          relay: { intervalMs: 200, initialBackoffMs: 500, maxBackoffMs: 2_000 },
        }),
      ],
      controllers: [SchoolRegisteredProbe],
    }).compile();
    app = moduleRef.createNestApplication({ logger: ['error'] });
    const consumer = kafkaConsumerStrategy({
      service,
      groupId: `${env.KAFKA_TOPIC_PREFIX}probe`,
      brokers: env.KAFKA_BROKERS,
      topicPrefix: env.KAFKA_TOPIC_PREFIX,
    });
    // as createServiceApp does: the consumer records its metrics in the service's registry
    (consumer.strategy as PrefixedKafkaServer).recordMetricsIn(app.get(Metrics));
    app.connectMicroservice(consumer);
    await app.startAllMicroservices();
    await app.init();
    publisher = app.get(EventPublisher);
    connection = app.get<Connection>(getConnectionToken());
  }, 120_000);

  afterAll(async () => {
    await connection?.dropDatabase();
    await app?.close();
  });

  it('delivers a published event to a consumer of the prefixed topic, with its id as header', async () => {
    const event = await publisher.publish('school.registered', { schoolCode: 'SCH-7KQ2XM' });

    const delivery = await waitFor(() => received.find((entry) => entry.envelope.id === event.id), {
      timeoutMs: 60_000,
      what: 'the consumer to receive the event',
    });
    expect(delivery).toEqual({
      envelope: { id: event.id, topic: 'school.registered', occurredAt: event.occurredAt, payload: { schoolCode: 'SCH-7KQ2XM' } },
      eventIdHeader: event.id,
      topic: `${env.KAFKA_TOPIC_PREFIX}school.registered`,
    });
    await waitFor(async () => (await outboxRecord(event.id))?.['publishedAt'] instanceof Date, { what: 'the entry to be marked published' });
    expect(await connection.collection('outbox').findOne({ _id: event.id as never })).toBeNull();
  }, 90_000);

  it('reports the consumer group lag per topic when scraped: 0 once consumed, the whole log for a group that read nothing', async () => {
    const topic = `${env.KAFKA_TOPIC_PREFIX}school.registered`;
    await waitFor(async () => /^kafka_consumer_lag_messages\{topic="school\.registered",service="messaging-test"\} 0$/m.test(await app.get(Metrics).text()), {
      timeoutMs: 30_000,
      what: 'a lag of 0 on school.registered once the probe has committed',
    });
    const admin = new Kafka({ clientId: 'lag-probe', brokers: env.KAFKA_BROKERS }).admin();
    await admin.connect();
    try {
      const onTopic = (await admin.fetchTopicOffsets(topic)).reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0);
      expect(onTopic).toBeGreaterThan(0);
      expect(await consumerLag(admin, `${env.KAFKA_TOPIC_PREFIX}never-read`, [{ logical: 'school.registered', kafka: topic }])).toEqual([{ topic: 'school.registered', lag: onTopic }]);
    } finally {
      await admin.disconnect();
    }
  }, 60_000);

  it('refuses a second copy of an event that was already relayed (the same id is never sent twice)', async () => {
    const event = await publisher.publish('school.registered', { schoolCode: 'SCH-TWICE2' });
    await waitFor(async () => (await connection.collection('outbox_published').findOne({ _id: event.id as never })) !== null, {
      timeoutMs: 60_000,
      what: 'the event to be relayed',
    });
    const again = new EventPublisher(app.get(OUTBOX_STORE), { trigger: () => undefined }, () => new Date(), () => event.id);
    await expect(again.publish('school.registered', { schoolCode: 'SCH-TWICE2' })).rejects.toMatchObject({ code: 11000 });
    expect(await connection.collection('outbox').findOne({ _id: event.id as never })).toBeNull();
  }, 90_000);

  it('keeps an event written while Kafka is down and publishes it once Kafka is back', async () => {
    await infraControl('stop', 'kafka');
    let event: EventEnvelope<{ schoolCode: string }>;
    try {
      event = await publisher.publish('school.registered', { schoolCode: 'SCH-DOWN22' });
      const stored = await waitFor(
        async () => {
          const record = await outboxRecord(event.id);
          return record && (record['attempts'] as number) >= 1 ? record : undefined;
        },
        { timeoutMs: 30_000, what: 'a failed delivery attempt' },
      );
      expect(stored['publishedAt']).toBeNull();
      expect(stored['lastError']).toEqual(expect.any(String));
      expect(receivedIds()).not.toContain(event.id);
    } finally {
      await infraControl('start', 'kafka');
    }

    await waitFor(async () => (await outboxRecord(event.id))?.['publishedAt'] instanceof Date, {
      timeoutMs: 60_000,
      what: 'the outbox to publish the event after Kafka came back',
    });
    await waitFor(() => receivedIds().includes(event.id), {
      timeoutMs: 90_000,
      what: 'the consumer to receive the event after Kafka came back',
    });
  }, 300_000);
});
