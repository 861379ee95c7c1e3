import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { createEventEnvelope, DOCUMENT_VERIFY_QUERY, REGISTRATION_INTERNAL_PATHS, type CandidateResult } from '@kbe/contracts';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { MinioFileStorage, storageOptionsFromEnv } from '@kbe/server-storage';
import { kafkaConsumerStrategy, ReplicaEventFeed } from '@kbe/server-messaging';
import { isolatedInfraEnv, TestBucket, waitFor } from '@kbe/server-testing';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { Kafka, logLevel } from 'kafkajs';
import type { Connection } from 'mongoose';
import { PNG } from 'pngjs';
import request from 'supertest';
import { AppModule } from '../app.module';
import { candidateDocumentData } from '../candidates/candidate-document-data.fixture';
import { candidateResult } from '../candidates/candidate-result.fixture';
import { documentsEnvSchema, SERVICE_NAME } from '../documents.config';
import { PDF_BUCKET } from '../documents/pdf-cache';

const MOTHER_NAME = 'Meena Patil';
const MERIT_MR = 'KBE200001MRT';
const BEFORE_RESULTS = 'KBE200002PRE';
const GATED = 'KBE200003GAT';
const ADVANCED_HI = 'KBE200004HND';

/**
 * registration-service's internal candidate endpoint, played here: candidates as it answers them
 * with `level` and `results` (or, for one, without either, as before results). `records` may be
 * changed by a test (a result corrected and published again).
 */
async function startRegistrationStub(token: string, records: Map<string, Record<string, unknown>>): Promise<Server> {
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    const code = [...records.keys()].find((candidate) => path === REGISTRATION_INTERNAL_PATHS.candidate(candidate));
    if (req.headers['x-internal-token'] !== token) res.writeHead(401).end();
    else if (!code) res.writeHead(404).end();
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data: records.get(code) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};
const squash = (text: string) => text.replace(/\s+/g, ' ');
/** The English title as printed (upper case, letter-spaced: pdftotext puts spaces between its letters). */
const titled = (text: string, title: string) => text.replace(/\s+/g, '').includes(title.replace(/\s+/g, '').toUpperCase());

describe('certificates by kind and the result through the gate, against the real servers', () => {
  const env = isolatedInfraEnv({
    DOCUMENT_SIGNING_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_BASE_URL: 'http://localhost:8080',
    TRUSTED_PROXY_HOPS: '1',
    DOWNLOAD_FAILURE_LIMIT: '3',
    DOWNLOAD_LOCKOUT_SECONDS: '600',
  });
  const mains = candidateResult({ rank: 2, medal: 'silver', qualified: true, nextLevel: 'Advanced' });
  const advanced = candidateResult({ level: 'Advanced', score: 131.5, maxMarks: 150, rank: 1, medal: 'gold', qualified: true, nextLevel: 'Super Advanced' });
  const records = new Map<string, Record<string, unknown>>();
  const record = (candidateCode: string, language: 'en' | 'mr' | 'hi', results: CandidateResult[] | undefined) => {
    // as registration-service answered before results: neither `level` nor `results`
    const before: Record<string, unknown> = { ...candidateDocumentData({ candidateCode, language, certificateReleased: true }) };
    delete before['level'];
    delete before['results'];
    records.set(candidateCode, results ? { ...before, level: results.at(-1)?.level ?? 'Mains', results } : before);
  };
  let registration: Server;
  let documents: INestApplication;
  let bucket: TestBucket;
  let dir: string;
  let brokers: string[];

  const post = (path: string, body: object, client: string) =>
    request(documents.getHttpServer()).post(path).set('x-forwarded-for', client).send(body).buffer(true).parse(binary);
  const certificate = (code: string, body: object = {}, client = '203.0.113.80') =>
    post(`/api/candidates/${code}/download/certificate`, { motherName: MOTHER_NAME, ...body }, client);
  const result = (code: string, body: object = {}, client = '203.0.113.81') => post(`/api/candidates/${code}/result`, { motherName: MOTHER_NAME, ...body }, client);
  const json = (response: request.Response) => JSON.parse((response.body as Buffer).toString('utf8'));

  /** Publishes an event as registration-service's outbox does. */
  async function publish(topic: 'candidate.changed' | 'certificate.released', key: string, value: object): Promise<void> {
    const producer = new Kafka({ clientId: 'documents-certificates-it', brokers, logLevel: logLevel.NOTHING }).producer();
    await producer.connect();
    try {
      await producer.send({ topic: `${env.KAFKA_TOPIC_PREFIX}${topic}`, messages: [{ key, value: JSON.stringify(value) }] });
    } finally {
      await producer.disconnect();
    }
  }

  function pdfText(pdf: Buffer): string {
    const file = join(dir, `certificate-${Date.now()}.pdf`);
    writeFileSync(file, pdf);
    return squash(execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8'));
  }

  function qrLink(pdf: Buffer): string {
    const file = join(dir, `qr-${Date.now()}.pdf`);
    writeFileSync(file, pdf);
    execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'page')]);
    const png = PNG.sync.read(readFileSync(join(dir, 'page.png')));
    const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
    if (!code) throw new Error('No QR code found on the first page');
    return code.data;
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kbe-certificates-it-'));
    record(MERIT_MR, 'mr', [mains]);
    record(BEFORE_RESULTS, 'en', undefined);
    record(GATED, 'en', [mains]);
    record(ADVANCED_HI, 'hi', [mains, advanced]);
    registration = await startRegistrationStub(env.INTERNAL_API_TOKEN, records);
    const { port } = registration.address() as AddressInfo;
    const config = loadConfig(documentsEnvSchema, { ...env, REGISTRATION_SERVICE_URL: `http://127.0.0.1:${port}` });
    brokers = config.KAFKA_BROKERS;
    documents = await createServiceApp({
      service: SERVICE_NAME,
      module: AppModule.forRoot(config),
      config,
      consumer: kafkaConsumerStrategy({ service: SERVICE_NAME, brokers: config.KAFKA_BROKERS, topicPrefix: config.KAFKA_TOPIC_PREFIX }),
    });
    await documents.init();
    await documents.startAllMicroservices();
    bucket = new TestBucket(config, new MinioFileStorage(storageOptionsFromEnv(config)).bucketName(PDF_BUCKET));
  }, 120_000);

  afterAll(async () => {
    await bucket?.remove();
    await documents?.get<Connection>(getConnectionToken()).dropDatabase();
    await documents?.close();
    await new Promise((resolve) => registration?.close(resolve));
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('prints a Marathi merit certificate with the medal and rank in Marathi and English, and its QR link vouches for kind, level and rank', async () => {
    const response = await certificate(MERIT_MR);
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = pdfText(response.body as Buffer);
    expect(text).toContain('गुणवत्ता प्रमाणपत्र');
    expect(titled(text, 'Certificate of Merit')).toBe(true);
    expect(text).toContain('रौप्यपदक');
    expect(text).toContain('क्रमांक 2');
    expect(text).toContain('was awarded the Silver medal, rank 2 in the Sec category, Mains level');

    const link = new URL(qrLink(response.body as Buffer));
    const token = link.searchParams.get(DOCUMENT_VERIFY_QUERY) ?? '';
    expect(token).toMatch(/^KBE200001MRT\.CMM2\.\d{4}\./);
    const verified = await request(documents.getHttpServer()).get(`/api/documents/verify/${encodeURIComponent(token)}`).expect(200);
    expect(verified.body).toMatchObject({ valid: true, candidateCode: MERIT_MR, type: 'certificate', award: { kind: 'merit', level: 'Mains', rank: 2 } });
    expect(verified.body.award.year).toBe(verified.body.edition);
  }, 120_000);

  it('serves each kind earned under its own cache key, never one kind for another', async () => {
    const qualifying = await certificate(MERIT_MR, { kind: 'qualifying' });
    expect(qualifying.status).toBe(200);
    expect(qualifying.headers['x-document-cache']).toBe('miss');
    const text = pdfText(qualifying.body as Buffer);
    expect(text).toContain('Advanced पात्रता ई-प्रमाणपत्र');
    expect(titled(text, 'Advanced Qualifying E-Certificate')).toBe(true);
    expect(text).not.toContain('Silver medal');

    const participation = pdfText((await certificate(MERIT_MR, { kind: 'participation', level: 'Mains' })).body as Buffer);
    expect(titled(participation, 'Certificate of Participation')).toBe(true);
    expect(participation).toContain('participated in the Mains level');
    // the merit certificate again: from the cache, still the merit certificate
    const merit = await certificate(MERIT_MR, { kind: 'merit' });
    expect(merit.headers['x-document-cache']).toBe('hit');
    expect(titled(pdfText(merit.body as Buffer), 'Certificate of Merit')).toBe(true);
    const keys = (await bucket.objectNames()).filter((name) => name.startsWith(`${MERIT_MR}/`));
    expect(keys.map((name) => name.split('/')[2]).sort()).toEqual(['mains-merit', 'mains-participation', 'mains-qualifying']);
  }, 120_000);

  it('refuses a kind not earned, and a level without a published result, with 404 and a sentence', async () => {
    const hindi = await certificate(ADVANCED_HI);
    expect(hindi.status).toBe(200);
    const text = pdfText(hindi.body as Buffer);
    expect(text).toContain('स्वर्ण पदक');
    expect(text).toContain('was awarded the Gold medal, rank 1 in the Sec category, Advanced level');

    const noMedal = await certificate(BEFORE_RESULTS, { kind: 'merit' });
    expect(noMedal.status).toBe(404);
    expect(json(noMedal).message).toBe(`No result of ${BEFORE_RESULTS} is published yet`);
    records.set(GATED, { ...records.get(GATED), results: [{ ...mains, medal: null, rank: 9 }] });
    const notEarned = await certificate(GATED, { kind: 'merit' }, '203.0.113.82');
    expect(notEarned.status).toBe(404);
    expect(json(notEarned).message).toBe(`No merit certificate: ${GATED} won no medal at the Mains level`);
    const noLevel = await certificate(MERIT_MR, { level: 'Super Advanced' });
    expect(noLevel.status).toBe(404);
    expect(json(noLevel).message).toBe(`No result of ${MERIT_MR} is published for the Super Advanced level`);
    const badKind = await certificate(MERIT_MR, { kind: 'gold' });
    expect(badKind.status).toBe(400);
  }, 120_000);

  it('prints the certificate before results unchanged for a candidate without any', async () => {
    const response = await certificate(BEFORE_RESULTS);
    expect(response.status).toBe(200);
    const text = pdfText(response.body as Buffer);
    expect(titled(text, 'Certificate of Participation')).toBe(true);
    expect(text).toContain('took part in the Mains level in the Sec category');
    const link = new URL(qrLink(response.body as Buffer));
    expect(link.searchParams.get(DOCUMENT_VERIFY_QUERY)).toMatch(/^KBE200002PRE\.C\.\d{4}\./);
  }, 120_000);

  it('renders a certificate anew once its result changed', async () => {
    const code = 'KBE200005CHG';
    record(code, 'en', [mains]);
    expect(pdfText((await certificate(code, {}, '203.0.113.83')).body as Buffer)).toContain('Silver medal, rank 2');
    // the result corrected and published again: registration-service's record changes and it announces candidate.changed
    records.set(code, { ...records.get(code), results: [{ ...mains, rank: 1, medal: 'gold' }] });
    await waitFor(() => documents.get(ReplicaEventFeed).live || undefined, { timeoutMs: 60_000, what: 'the replica event feed' });
    await publish('candidate.changed', code, createEventEnvelope('candidate.changed', { candidateCode: code, changedAt: new Date().toISOString() }));
    const again = await waitFor(
      async () => {
        const response = await certificate(code, { kind: 'merit' }, '203.0.113.83');
        return response.headers['x-document-cache'] === 'miss' ? response : undefined;
      },
      { timeoutMs: 60_000, what: 'the certificate of the changed result' },
    );
    expect(pdfText(again.body as Buffer)).toContain('Gold medal, rank 1');
  }, 120_000);

  it('renders the best certificate earned ahead when the certificate is released', async () => {
    const code = 'KBE200006AHD';
    record(code, 'hi', [mains]);
    await publish('certificate.released', code, createEventEnvelope('certificate.released', { candidateCode: code, releasedAt: new Date().toISOString(), releasedBy: 'admin' }));
    const stored = await waitFor(async () => (await bucket.objectNames()).find((name) => name.startsWith(`${code}/certificate/`)), {
      timeoutMs: 90_000,
      what: 'the certificate rendered ahead',
    });
    expect(stored.split('/')[2]).toBe('mains-merit');
    const first = await certificate(code, {}, '203.0.113.85');
    expect(first.headers['x-document-cache']).toBe('hit');
    expect(pdfText(first.body as Buffer)).toContain('रजत पदक');
  }, 120_000);

  describe('POST /api/candidates/{code}/result', () => {
    it('answers the latest published result, or the level asked, for the right name', async () => {
      const latest = await result(ADVANCED_HI);
      expect(latest.status).toBe(200);
      expect(json(latest)).toMatchObject({ success: true, data: { level: 'Advanced', score: 131.5, maxMarks: 150, rank: 1, medal: 'gold', qualified: true, nextLevel: 'Super Advanced' } });
      expect(json(await result(ADVANCED_HI, { level: 'Mains' })).data).toMatchObject({ level: 'Mains', rank: 2, medal: 'silver' });
    });

    it('answers 404 when no result is published (for the level asked), and 400 with field errors for a bad body', async () => {
      const none = await result(BEFORE_RESULTS);
      expect(none.status).toBe(404);
      expect(json(none).message).toBe(`No result of ${BEFORE_RESULTS} is published yet`);
      const noLevel = await result(MERIT_MR, { level: 'Advanced' });
      expect(noLevel.status).toBe(404);
      expect(json(noLevel).message).toBe(`No result of ${MERIT_MR} is published for the Advanced level`);
      const invalid = await post(`/api/candidates/${MERIT_MR}/result`, { motherName: ' ', level: 'Finals', extra: 1 }, '203.0.113.84');
      expect(invalid.status).toBe(400);
      expect(json(invalid).errors.map((error: { field: string }) => error.field).sort()).toEqual(['body', 'level', 'motherName']);
    });

    it('counts wrong names with the downloads and locks the candidate for both', async () => {
      const wrong = { motherName: 'Someone Else' };
      expect((await result(GATED, wrong, '203.0.113.90')).status).toBe(403);
      expect((await certificate(GATED, wrong, '203.0.113.91')).status).toBe(403);
      expect((await result(GATED, wrong, '203.0.113.92')).status).toBe(403);
      const locked = await result(GATED, {}, '203.0.113.93');
      expect(locked.status).toBe(429);
      expect(locked.headers['retry-after']).toBeDefined();
      expect(json(locked).message).toMatch(/^Too many failed attempts\. Please try again in \d+ minutes\.$/);
      expect((await certificate(GATED, {}, '203.0.113.94')).status).toBe(429);
    });
  });
});
