import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { createEventEnvelope, REGISTRATION_INTERNAL_PATHS } from '@kbe/contracts';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { kafkaConsumerStrategy, ReplicaEventFeed } from '@kbe/server-messaging';
import { MinioFileStorage, storageOptionsFromEnv } from '@kbe/server-storage';
import { isolatedInfraEnv, TestBucket, waitFor } from '@kbe/server-testing';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Kafka, logLevel } from 'kafkajs';
import type { Connection } from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
import { AppModule } from '../app.module';
import type { CandidateDocumentData } from '../candidates/candidate-directory';
import { candidateDocumentData } from '../candidates/candidate-document-data.fixture';
import { documentsEnvSchema, SERVICE_NAME } from '../documents.config';
import { PDF_BUCKET } from '../documents/pdf-cache';

const ERASED = 'KBE100001ERA';
const KEPT = 'KBE100002KEP';
const MOTHER_NAME = 'Meena Patil';

/**
 * registration-service's internal API answering two released candidates: what is under test is
 * what documents-service keeps of them in MinIO and memory, and the event that removes it.
 */
async function startRegistrationStub(token: string, photo: Buffer): Promise<Server> {
  const candidates = new Map<string, CandidateDocumentData>(
    [ERASED, KEPT].map((candidateCode) => [candidateCode, candidateDocumentData({ candidateCode, certificateReleased: true })]),
  );
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    const code = [...candidates.keys()].find((candidate) => path.startsWith(REGISTRATION_INTERNAL_PATHS.candidate(candidate)));
    if (req.headers['x-internal-token'] !== token || !code) {
      res.writeHead(req.headers['x-internal-token'] !== token ? 401 : 404).end();
    } else if (path === REGISTRATION_INTERNAL_PATHS.candidate(code)) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: candidates.get(code) }));
    } else {
      res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe('documents-service on candidate.erased, against Kafka and MinIO', () => {
  const env = isolatedInfraEnv({ DOCUMENT_SIGNING_SECRET: randomBytes(32).toString('hex'), TRUSTED_PROXY_HOPS: '1' });
  let kafka: Kafka;
  let registration: Server;
  let documents: INestApplication;
  let storage: MinioFileStorage;
  let bucket: TestBucket;

  const download = (code: string) =>
    request(documents.getHttpServer())
      .post(`/api/candidates/${code}/download/hall-ticket`)
      .set('x-forwarded-for', '203.0.113.70')
      .send({ motherName: MOTHER_NAME })
      .buffer(true)
      .parse(binary);
  const storedOf = async (code: string) => (await bucket.objectNames()).filter((name) => name.startsWith(`${code}/`));

  async function publish(key: string, value: string): Promise<void> {
    const producer = kafka.producer();
    await producer.connect();
    try {
      await producer.send({ topic: `${env.KAFKA_TOPIC_PREFIX}candidate.erased`, messages: [{ key, value }] });
    } finally {
      await producer.disconnect();
    }
  }

  beforeAll(async () => {
    const photo = await sharp({ create: { width: 240, height: 300, channels: 3, background: '#4466aa' } }).jpeg().toBuffer();
    registration = await startRegistrationStub(env.INTERNAL_API_TOKEN, photo);
    const { port } = registration.address() as AddressInfo;
    const config = loadConfig(documentsEnvSchema, { ...env, REGISTRATION_SERVICE_URL: `http://127.0.0.1:${port}` });
    documents = await createServiceApp({
      service: SERVICE_NAME,
      module: AppModule.forRoot(config),
      config,
      consumer: kafkaConsumerStrategy({ service: SERVICE_NAME, brokers: config.KAFKA_BROKERS, topicPrefix: config.KAFKA_TOPIC_PREFIX }),
    });
    await documents.init();
    await documents.startAllMicroservices();
    kafka = new Kafka({ clientId: 'documents-erasure-it', brokers: config.KAFKA_BROKERS, logLevel: logLevel.NOTHING });
    storage = new MinioFileStorage(storageOptionsFromEnv(config));
    bucket = new TestBucket(config, storage.bucketName(PDF_BUCKET));
  }, 120_000);

  afterAll(async () => {
    await bucket?.remove();
    await documents?.get<Connection>(getConnectionToken()).dropDatabase();
    await documents?.close();
    await new Promise((resolve) => registration?.close(resolve));
  });

  it("removes every PDF of the erased candidate from MinIO and memory, and keeps the other candidates'", async () => {
    // The hall ticket rendered, stored, then served from memory; an older certificate and another candidate's PDF beside it.
    expect((await download(ERASED)).headers['x-document-cache']).toBe('miss');
    await waitFor(async () => (await storedOf(ERASED)).length === 1, { what: 'the rendered hall ticket in MinIO' });
    expect((await download(ERASED)).headers['x-document-cache']).toBe('hit');
    const pdf = { contentType: 'application/pdf' };
    await storage.put(PDF_BUCKET, `${ERASED}/certificate/0123456789ab.pdf`, Buffer.from('%PDF-certificate'), pdf);
    await storage.put(PDF_BUCKET, `${KEPT}/hall-ticket/0123456789ab.pdf`, Buffer.from('%PDF-kept'), pdf);
    expect(await storedOf(ERASED)).toHaveLength(2);
    // Every replica forgets its copies on the replica feed: wait until it hears events.
    await waitFor(() => documents.get(ReplicaEventFeed).live || undefined, { timeoutMs: 60_000, what: 'the replica event feed' });

    // A malformed event first, on the same partition: it is skipped, and the erasure behind it still runs.
    const erased = createEventEnvelope('candidate.erased', { candidateCode: ERASED, erasedAt: new Date().toISOString(), reason: 'withdrawal' });
    await publish(ERASED, JSON.stringify({ ...erased, payload: { candidateCode: ERASED } }));
    await publish(ERASED, JSON.stringify(erased));

    await waitFor(async () => (await storedOf(ERASED)).length === 0, { timeoutMs: 60_000, what: "the erased candidate's PDFs to leave MinIO" });
    expect(await storedOf(KEPT)).toEqual([`${KEPT}/hall-ticket/0123456789ab.pdf`]);

    // Its document is no longer served from the cache (memory or MinIO): it is rendered anew.
    const after = await download(ERASED);
    expect(after.status).toBe(200);
    expect(after.headers['x-document-cache']).toBe('miss');
  }, 180_000);
});
