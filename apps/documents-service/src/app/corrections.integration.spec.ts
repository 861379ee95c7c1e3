import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { CORRECTION_INTERNAL_PATHS, CORRECTION_PATHS, toBracketedFields, type BracketableObject } from '@kbe/contracts';
import { validCandidate, validMentor, validSchool } from '@kbe/contracts/testing';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { kafkaConsumerStrategy } from '@kbe/server-messaging';
import { isolatedInfraEnv, waitFor } from '@kbe/server-testing';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Connection } from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
// The real registration-service, started in this process: the correction is asked and approved
// there; documents-service reads the candidate through its internal API, exactly as in production.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { AppModule as RegistrationModule } from '../../../registration-service/src/app/app.module';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { registrationEnvSchema } from '../../../registration-service/src/app/registration.config';
import { AppModule } from './app.module';
import { documentsEnvSchema, SERVICE_NAME } from './documents.config';

const env = isolatedInfraEnv({
  DOCUMENT_SIGNING_SECRET: randomBytes(32).toString('hex'),
  PUBLIC_BASE_URL: 'http://localhost:8080',
  OUTBOX_RELAY_INTERVAL_MS: '200',
  // the 2025 edition's registration and correction windows both contain the suite's clock
  EDITION_CORRECTIONS_OPENS_AT: '2025-09-01T00:00:00+05:30',
  EDITION_CORRECTIONS_CLOSES_AT: '2025-12-31T23:59:59+05:30',
});
const registrationConfig = loadConfig(registrationEnvSchema, { ...env, TEST_DATA_CONSENT: 'true' });
const clock = { now: () => new Date('2025-10-01T10:00:00+05:30') };
const SCHOOL_TOKEN = 's'.repeat(43);
const MOTHER = 'Sunita Kulkarni';

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe("an approved correction re-issues the pupil's hall ticket (registration-service + documents-service, FerretDB, Kafka, MinIO, Chromium)", () => {
  let registration: INestApplication;
  let documents: INestApplication;
  let reg: ReturnType<typeof request>;
  let http: ReturnType<typeof request>;
  let dir: string;
  let candidateCode: string;
  const internal = { 'x-internal-token': env.INTERNAL_API_TOKEN };

  const download = () => http.post(`/api/candidates/${candidateCode}/download/hall-ticket`).set('x-forwarded-for', '203.0.113.70').send({ motherName: MOTHER }).buffer(true).parse(binary);
  const textOf = (pdf: Buffer) => {
    const file = join(dir, `hall-ticket-${Date.now()}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8').replace(/\s+/g, ' ');
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kbe-corrections-it-'));
    registration = await createServiceApp({ service: 'registration-service', module: RegistrationModule.forRoot(registrationConfig, { clock }), config: registrationConfig });
    await registration.listen(0, '127.0.0.1');
    const { port } = registration.getHttpServer().address() as AddressInfo;
    reg = request(registration.getHttpServer());
    const config = loadConfig(documentsEnvSchema, { ...env, REGISTRATION_SERVICE_URL: `http://127.0.0.1:${port}` });
    documents = await createServiceApp({
      service: SERVICE_NAME,
      module: AppModule.forRoot(config),
      config,
      consumer: kafkaConsumerStrategy({ service: SERVICE_NAME, brokers: config.KAFKA_BROKERS, topicPrefix: config.KAFKA_TOPIC_PREFIX }),
    });
    await documents.init();
    await documents.startAllMicroservices();
    http = request(documents.getHttpServer());

    const school = await reg.post('/api/schools/register').send({ ...validSchool(), udiseCode: `27${Date.now().toString().slice(-9)}` }).expect(201);
    const mentor = await reg.post('/api/mentors/register').send({ ...validMentor(), schoolCode: school.body.schoolCode }).expect(201);
    const valid = validCandidate();
    const fields = { ...valid, mentorCode: mentor.body.mentorCode, personalDetails: { ...valid.personalDetails, fullName: 'Ravi Kulkarni', motherName: MOTHER } };
    let req = reg.post('/api/candidates/register');
    for (const [name, value] of Object.entries(toBracketedFields(fields as unknown as BracketableObject))) req = req.field(name, value);
    const photo = await sharp({ create: { width: 240, height: 300, channels: 3, background: '#4466aa' } }).jpeg().toBuffer();
    const signature = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
    candidateCode = (await req.attach('photo', photo, { filename: 'photo.jpg', contentType: 'image/jpeg' }).attach('signature', signature, { filename: 'signature.jpg', contentType: 'image/jpeg' }).expect(201)).body.candidateCode;
    await reg.patch(`/internal/candidates/${candidateCode}/fees-paid`).set(internal).send({ feesPaid: true }).expect(200);
    await reg.patch(`/internal/candidates/${candidateCode}/hall-ticket`).set(internal).send({ hallTicketReleased: true }).expect(200);
    // the school's portal session, as the portal stores it (the sign-in is the portal suite's)
    await registration
      .get<Connection>(getConnectionToken())
      .collection('portal_sessions')
      .insertOne({
        _id: createHash('sha256').update(SCHOOL_TOKEN).digest('hex') as never,
        role: 'school',
        code: school.body.schoolCode,
        schoolCode: school.body.schoolCode,
        createdAt: clock.now(),
        expiresAt: new Date(clock.now().getTime() + 3600_000),
      });
  }, 180_000);

  afterAll(async () => {
    await documents?.get<Connection>(getConnectionToken()).dropDatabase();
    await documents?.close();
    await registration?.get<Connection>(getConnectionToken()).dropDatabase();
    await registration?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('serves the old PDF until the approval, then renders and serves only the corrected one', async () => {
    const before = await waitFor(
      async () => {
        const answer = await download();
        return answer.status === 200 && answer.headers['x-document-cache'] === 'hit' ? answer : undefined;
      },
      { timeoutMs: 120_000, what: 'the hall ticket served from the cache' },
    );
    expect(textOf(before.body as Buffer)).toContain('Ravi Kulkarni');

    const asked = await reg
      .post(CORRECTION_PATHS.portal)
      .set('authorization', `Bearer ${SCHOOL_TOKEN}`)
      .send({ candidateCode, changes: { 'personalDetails.fullName': 'Ravi Shankar Kulkarni' } })
      .expect(201);
    // asked is not approved: the ticket is still the old one
    expect(textOf((await download()).body as Buffer)).toContain('Ravi Kulkarni');
    await reg.post(CORRECTION_INTERNAL_PATHS.approve(asked.body.data.id)).set(internal).send({ decidedBy: 'chief' }).expect(200);

    const after = await waitFor(
      async () => {
        const answer = await download();
        return answer.status !== 200 || answer.headers['x-document-cache'] === 'miss' ? answer : undefined;
      },
      { timeoutMs: 60_000, what: "the candidate.changed of the approved correction" },
    );
    expect(after.status).toBe(200);
    expect(after.headers['content-disposition']).toBe(`attachment; filename="${candidateCode}_hallticket.pdf"`);
    const corrected = textOf(after.body as Buffer);
    expect(corrected).toContain('Ravi Shankar Kulkarni');
    expect(corrected).not.toContain('Ravi Kulkarni');
    // the old cached PDF is never served again: the next download is the new one, from the cache
    const again = await download().expect(200);
    expect(again.headers['x-document-cache']).toBe('hit');
    expect(textOf(again.body as Buffer)).toContain('Ravi Shankar Kulkarni');
  }, 240_000);
});
