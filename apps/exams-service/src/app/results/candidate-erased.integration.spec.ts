import { createEventEnvelope, type ExamLevel, type MeritList } from '@kbe/contracts';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { createKafkaClient, kafkaConsumerStrategy, topicName } from '@kbe/server-messaging';
import { adminTokenFor, isolatedInfraEnv, waitFor } from '@kbe/server-testing';
import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { AppModule } from '../app.module';
import { examsEnvSchema, SERVICE_NAME, type ExamsConfig } from '../exams.config';

const ERASED = 'KBE100001ERA';
const KEPT = 'KBE100002KEP';
const SCHOOL = 'SCH-ERASED';
const roll = (level: ExamLevel, n: number) => `${level === 'Mains' ? 'M' : 'A'}-21-014-0001-${n}`;

/** A stored result row as an import leaves it (`_id` `<level>:<code>`), qualified with a rank. */
const resultRow = (level: ExamLevel, candidateCode: string, n: number, score: number) => ({
  _id: `${level}:${candidateCode}`,
  level,
  candidateCode,
  rollNumber: roll(level, n),
  category: 'Prime',
  schoolCode: SCHOOL,
  score,
  absent: false,
  rank: n,
  medal: n === 1 ? 'gold' : 'silver',
  qualified: true,
  order: n,
});

/**
 * exams-service (FerretDB, and Kafka through its consumer group) on `candidate.erased`, published
 * to a private topic prefix as registration-service's outbox relay publishes it: the results of
 * two candidates of a published level (and one of the next level), and what is left after one is
 * erased.
 */
describe('exams-service on candidate.erased, against Kafka and FerretDB', () => {
  const env = isolatedInfraEnv({ EDITION_YEAR: '2026' });
  const config: ExamsConfig = { ...loadConfig(examsEnvSchema, env), EDITION_PUBLIC_MERIT_LIST: true };
  const token = adminTokenFor(env);
  const kafka = createKafkaClient({ clientId: 'exams-erasure-it', brokers: config.KAFKA_BROKERS });
  let app: INestApplication;

  const db = () => app.get<Connection>(getConnectionToken());
  const rowsOf = async (candidateCode: string) =>
    (await db().collection('results').find({ candidateCode }).sort({ _id: 1 }).toArray()).map((row) => row['_id']);
  const http = () => request(app.getHttpServer());
  const meritList = async (): Promise<MeritList> => (await http().get('/api/results/Mains/merit-list').expect(200)).body.data;
  const summary = async () => (await http().get('/api/admin/results/Mains').set('Authorization', `Bearer ${token}`).expect(200)).body.data;
  const schoolReport = async () =>
    (await http().get(`/api/admin/results/Mains/report.csv?school=${SCHOOL}`).set('Authorization', `Bearer ${token}`).expect(200)).text;

  async function publish(key: string, ...values: string[]): Promise<void> {
    const producer = kafka.producer();
    await producer.connect();
    try {
      await producer.send({ topic: topicName(config.KAFKA_TOPIC_PREFIX, 'candidate.erased'), messages: values.map((value) => ({ key, value })) });
    } finally {
      await producer.disconnect();
    }
  }

  beforeAll(async () => {
    app = await createServiceApp({
      service: SERVICE_NAME,
      module: AppModule.forRoot(config),
      config,
      consumer: kafkaConsumerStrategy({
        service: SERVICE_NAME,
        groupId: `${config.KAFKA_TOPIC_PREFIX}${SERVICE_NAME}`,
        brokers: config.KAFKA_BROKERS,
        topicPrefix: config.KAFKA_TOPIC_PREFIX,
      }),
    });
    await app.init();
    await app.startAllMicroservices();
    const publishedAt = new Date('2027-02-01T10:00:00.000Z');
    await db()
      .collection('results')
      .insertMany([resultRow('Mains', ERASED, 1, 90), resultRow('Mains', KEPT, 2, 80), resultRow('Advanced', ERASED, 1, 120)] as never[]);
    await db()
      .collection('result_levels')
      .insertOne({
        _id: 'Mains',
        status: 'published',
        fileHash: 'a'.repeat(64),
        importedAt: new Date('2027-01-30T10:00:00.000Z'),
        importedBy: 'it-admin',
        publishedAt,
        withdrawnAt: null,
        lines: 2,
        sat: 2,
        absent: 0,
        categories: [],
        publication: { startedAt: publishedAt, startedBy: 'it-admin', heartbeatAt: publishedAt, total: 2, processed: 2, finishedAt: publishedAt, error: null },
      } as never);
  }, 120_000);

  afterAll(async () => {
    await app?.get<Connection>(getConnectionToken()).dropDatabase();
    await app?.close();
  });

  it("removes the erased candidate's results of every level, keeps the other's, and the merit list and school report no longer list it", async () => {
    const before = await summary();
    expect((await meritList()).categories.find((c) => c.category === 'Prime')?.entries).toEqual([
      { rollNumber: roll('Mains', 1), rank: 1 },
      { rollNumber: roll('Mains', 2), rank: 2 },
    ]);
    expect(await schoolReport()).toContain(ERASED);

    // A malformed event first, on the same partition: it is skipped, and the erasure behind it still runs; the erasure delivered twice.
    const erased = createEventEnvelope('candidate.erased', { candidateCode: ERASED, erasedAt: new Date().toISOString(), reason: 'withdrawal' });
    await publish(ERASED, JSON.stringify({ ...erased, payload: { candidateCode: ERASED } }), JSON.stringify(erased), JSON.stringify(erased));

    await waitFor(async () => (await rowsOf(ERASED)).length === 0, { timeoutMs: 60_000, what: "the erased candidate's results to leave exams-service" });
    expect(await rowsOf(KEPT)).toEqual([`Mains:${KEPT}`]);

    // The others' ranks do not move, and the level's summary stays as published.
    expect((await meritList()).categories.find((c) => c.category === 'Prime')?.entries).toEqual([{ rollNumber: roll('Mains', 2), rank: 2 }]);
    const report = await schoolReport();
    expect(report).not.toContain(ERASED);
    expect(report).toContain(KEPT);
    expect(await summary()).toEqual(before);
  }, 180_000);
});
