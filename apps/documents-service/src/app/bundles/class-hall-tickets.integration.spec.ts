import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  DOCUMENT_BUNDLE_PATHS,
  PORTAL_HALL_TICKET_MESSAGES,
  PORTAL_MESSAGES,
  PORTAL_PATHS,
  toBracketedFields,
  type BracketableObject,
  type ClassHallTicketsJob,
  type PortalRole,
} from '@kbe/contracts';
import { validCandidate, validMentor, validSchool } from '@kbe/contracts/testing';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { kafkaConsumerStrategy } from '@kbe/server-messaging';
import { DOCUMENTS_RENDERED, Metrics } from '@kbe/server-metrics';
import { freePort, isolatedInfraEnv, metricValue, waitFor } from '@kbe/server-testing';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Connection } from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
// The real registration-service (the portal), started in this process: it asks this service for
// the bundle over the internal API, exactly as in production.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { AppModule as RegistrationModule } from '../../../../registration-service/src/app/app.module';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { registrationEnvSchema } from '../../../../registration-service/src/app/registration.config';
import { AppModule } from '../app.module';
import { documentsEnvSchema, SERVICE_NAME } from '../documents.config';
import { EraseCandidateDocumentsUseCase } from '../erasure/erase-candidate-documents.usecase';

const env = isolatedInfraEnv({
  DOCUMENT_SIGNING_SECRET: randomBytes(32).toString('hex'),
  PUBLIC_BASE_URL: 'http://localhost:8080',
  TRUSTED_PROXY_HOPS: '1',
  RATE_LIMIT_REGISTER: '200',
  OUTBOX_RELAY_INTERVAL_MS: '200',
});
/** Registrations happen before the 2025 deadline (the documents print the 2025 edition). */
const clock = { now: () => new Date('2025-10-01T10:00:00+05:30') };

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

/** Pages and text of a PDF as poppler's `pdfinfo` and `pdftotext` read them. */
function readPdf(pdf: Buffer, dir: string): { pages: number; text: string } {
  const file = join(dir, `bundle-${Date.now()}-${randomBytes(3).toString('hex')}.pdf`);
  writeFileSync(file, pdf);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file]).toString('utf8'))?.[1]);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8').replace(/\s+/g, ' ');
  return { pages, text };
}

describe("a class's hall tickets in one PDF (the portal at registration-service, the bundle at documents-service, real servers)", () => {
  let registration: INestApplication;
  let documents: INestApplication;
  let reg: ReturnType<typeof request>;
  let dir: string;
  let photo: Buffer;
  let signature: Buffer;
  const internal = { 'x-internal-token': env.INTERNAL_API_TOKEN };
  const school = { A: '', B: '' };
  const mentor = { A1: '', A2: '', B1: '' };
  const token: Record<string, string> = {};
  /** Pupils of school A: Aarav (mentor A1, seat S-2), Bela (mentor A2, seat S-1), Chirag (mentor A1, no seat, not released yet). */
  const pupil = { aarav: '', bela: '', chirag: '', dev: '' };

  /** Hall tickets rendered for bundles so far (documents_rendered_total{reason="bundle"}). */
  const bundleRenders = () => metricValue(documents.get(Metrics), DOCUMENTS_RENDERED, { kind: 'hall-ticket', reason: 'bundle' });

  async function registerCandidate(mentorCode: string, fullName: string): Promise<string> {
    const valid = validCandidate();
    const fields = { ...valid, mentorCode, personalDetails: { ...valid.personalDetails, fullName }, language: 'en' };
    let req = reg.post('/api/candidates/register');
    for (const [name, value] of Object.entries(toBracketedFields(fields as unknown as BracketableObject))) req = req.field(name, value);
    req = req.attach('photo', photo, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    req = req.attach('signature', signature, { filename: 'signature.jpg', contentType: 'image/jpeg' });
    return (await req.expect(201)).body.candidateCode as string;
  }

  async function releaseHallTicket(code: string): Promise<void> {
    await reg.patch(`/internal/candidates/${code}/fees-paid`).set(internal).send({ feesPaid: true }).expect(200);
    await reg.patch(`/internal/candidates/${code}/hall-ticket`).set(internal).send({ hallTicketReleased: true }).expect(200);
  }

  /** A portal session stored as sign-in stores it (sign-in itself is portal.integration.spec.ts's). */
  async function sessionFor(role: PortalRole, code: string, schoolCode: string): Promise<string> {
    const bearer = randomBytes(32).toString('base64url');
    await registration
      .get<Connection>(getConnectionToken())
      .collection('portal_sessions')
      .insertOne({
        _id: createHash('sha256').update(bearer, 'utf8').digest('hex') as never,
        role,
        code,
        schoolCode,
        createdAt: new Date(),
        expiresAt: new Date(Date.now() + 3600_000),
      });
    return bearer;
  }

  const as = (who: string) => ({ authorization: `Bearer ${token[who]}` });
  const ask = (who: string) => reg.post(PORTAL_PATHS.hallTickets).set(as(who));
  const jobOf = (who: string, id: string) => reg.get(PORTAL_PATHS.hallTicketsJob(id)).set(as(who));
  const fileOf = (who: string, id: string) => reg.get(PORTAL_PATHS.hallTicketsFile(id)).set(as(who)).buffer(true).parse(binary);
  const completed = (who: string, id: string) =>
    waitFor(
      async () => {
        const job = (await jobOf(who, id).expect(200)).body.data as ClassHallTicketsJob;
        expect(job.status).not.toBe('failed');
        return job.status === 'completed' ? job : undefined;
      },
      { timeoutMs: 120_000, what: `the class hall-ticket job ${id}` },
    );

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kbe-class-hall-tickets-it-'));
    const documentsPort = await freePort();
    // The documents of these candidates are released as soon as they register (consent recorded as test data).
    const registrationConfig = loadConfig(registrationEnvSchema, { ...env, TEST_DATA_CONSENT: 'true', DOCUMENTS_SERVICE_URL: `http://127.0.0.1:${documentsPort}` });
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
    await documents.startAllMicroservices();
    await documents.listen(documentsPort, '127.0.0.1');

    photo = await sharp({ create: { width: 240, height: 300, channels: 3, background: '#4466aa' } }).jpeg().toBuffer();
    signature = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
    const udise = Date.now().toString().slice(-8);
    for (const [name, i] of [['A', 1], ['B', 2]] as const) {
      const registered = await reg.post('/api/schools/register').send({ ...validSchool(), udiseCode: `27${i}${udise}` }).expect(201);
      school[name] = registered.body.schoolCode;
    }
    for (const [name, schoolCode, fullName] of [['A1', school.A, 'Anita Deshmukh'], ['A2', school.A, 'Ravi Kale'], ['B1', school.B, 'Sunita Pawar']] as const) {
      const registered = await reg.post('/api/mentors/register').send({ ...validMentor(), name: fullName, schoolCode }).expect(201);
      mentor[name] = registered.body.mentorCode;
    }
    pupil.aarav = await registerCandidate(mentor.A1, 'Aarav Patil');
    pupil.bela = await registerCandidate(mentor.A2, 'Bela Kulkarni');
    pupil.chirag = await registerCandidate(mentor.A1, 'Chirag Deshmukh');
    pupil.dev = await registerCandidate(mentor.B1, 'Dev Shinde');
    await reg.patch(`/internal/candidates/${pupil.aarav}/exam-assignment`).set(internal).send({ seatNumber: 'S-2' }).expect(200);
    await reg.patch(`/internal/candidates/${pupil.bela}/exam-assignment`).set(internal).send({ seatNumber: 'S-1' }).expect(200);
    await releaseHallTicket(pupil.aarav);
    await releaseHallTicket(pupil.bela);

    token['schoolA'] = await sessionFor('school', school.A, school.A);
    token['mentorA1'] = await sessionFor('mentor', mentor.A1, school.A);
    token['schoolB'] = await sessionFor('school', school.B, school.B);
  }, 180_000);

  afterAll(async () => {
    await documents?.get<Connection>(getConnectionToken()).dropDatabase();
    await documents?.close();
    await registration?.get<Connection>(getConnectionToken()).dropDatabase();
    await registration?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers 401 without a portal session, on every path', async () => {
    const id = 'x'.repeat(24);
    for (const response of [
      await reg.post(PORTAL_PATHS.hallTickets),
      await reg.get(PORTAL_PATHS.hallTicketsJob(id)),
      await reg.get(PORTAL_PATHS.hallTicketsFile(id)),
    ]) {
      expect(response.status).toBe(401);
      expect(response.body.message).toBe(PORTAL_MESSAGES.signInRequired);
    }
  });

  let schoolJob: ClassHallTicketsJob;
  let schoolPdf: Buffer;

  it("makes one PDF of the school's released hall tickets in seat order, and lists the unreleased pupil as skipped", async () => {
    const asked = await ask('schoolA').expect(202);
    const job = asked.body.data as ClassHallTicketsJob;
    expect(job).toMatchObject({ total: 2, skipped: { count: 1, candidateCodes: [pupil.chirag] }, fileName: `${school.A}_hall-tickets.pdf` });
    expect(['queued', 'running', 'completed']).toContain(job.status);
    // Before it is completed the file is refused with a clear message.
    const early = await fileOf('schoolA', job.id);
    if (early.status !== 200) {
      expect(early.status).toBe(409);
      expect(JSON.parse(early.body.toString()).message).toBe(PORTAL_HALL_TICKET_MESSAGES.notReady);
    }

    schoolJob = await completed('schoolA', job.id);
    expect(schoolJob).toMatchObject({ id: job.id, total: 2, rendered: 2, skipped: { count: 1, candidateCodes: [pupil.chirag] } });
    expect(schoolJob.finishedAt).not.toBeNull();

    const file = await fileOf('schoolA', job.id).expect(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="${school.A}_hall-tickets.pdf"`);
    schoolPdf = file.body as Buffer;
    const { pages, text } = readPdf(schoolPdf, dir);
    // One hall ticket's pages, twice: each as a single download prints it.
    const single = await requestSingle(pupil.bela);
    expect(pages).toBe(2 * readPdf(single, dir).pages);
    // Seat S-1 (Bela) before seat S-2 (Aarav); Chirag's is not released.
    expect(text.indexOf('Bela Kulkarni')).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('Aarav Patil')).toBeGreaterThan(text.indexOf('Bela Kulkarni'));
    expect(text).not.toContain('Chirag Deshmukh');
  });

  /** A single download of the candidate's hall ticket (the mother's name of the fixtures). */
  async function requestSingle(code: string): Promise<Buffer> {
    const response = await request(documents.getHttpServer())
      .post(`/api/candidates/${code}/download/hall-ticket`)
      .set('x-forwarded-for', '203.0.113.60')
      .send({ motherName: validCandidate().personalDetails.motherName })
      .buffer(true)
      .parse(binary)
      .expect(200);
    return response.body as Buffer;
  }

  it('answers the same completed job and file at once when nothing changed, rendering nothing', async () => {
    const rendersBefore = await bundleRenders();
    const again = (await ask('schoolA').expect(202)).body.data as ClassHallTicketsJob;
    expect(again).toMatchObject({ id: schoolJob.id, status: 'completed', total: 2, rendered: 2 });
    const file = await fileOf('schoolA', again.id).expect(200);
    expect(Buffer.compare(file.body as Buffer, schoolPdf)).toBe(0);
    expect(await bundleRenders()).toBe(rendersBefore);
  });

  it("answers 404 to another school's token for the job and its file, as for an unknown job; 400 for a malformed id", async () => {
    for (const response of [
      await jobOf('schoolB', schoolJob.id),
      await reg.get(PORTAL_PATHS.hallTicketsFile(schoolJob.id)).set(as('schoolB')),
      await jobOf('schoolB', 'A'.repeat(24)),
    ]) {
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(PORTAL_HALL_TICKET_MESSAGES.jobNotFound);
    }
    const malformed = await jobOf('schoolA', 'not-a-job');
    expect(malformed.status).toBe(400);
    expect(JSON.stringify(malformed.body)).toContain('24-character id');
  });

  it('answers 409 to a school none of whose pupils has a released hall ticket', async () => {
    const refused = await ask('schoolB').expect(409);
    expect(refused.body.message).toBe(PORTAL_HALL_TICKET_MESSAGES.noneReleased);
  });

  it('gives a mentor only their own pupils', async () => {
    const job = (await ask('mentorA1').expect(202)).body.data as ClassHallTicketsJob;
    expect(job).toMatchObject({ total: 1, skipped: { count: 1, candidateCodes: [pupil.chirag] }, fileName: `${mentor.A1}_hall-tickets.pdf` });
    await completed('mentorA1', job.id);
    const { text } = readPdf((await fileOf('mentorA1', job.id).expect(200)).body as Buffer, dir);
    expect(text).toContain('Aarav Patil');
    expect(text).not.toContain('Bela Kulkarni');
    // The school's job is not the mentor's.
    expect((await jobOf('mentorA1', schoolJob.id)).status).toBe(404);
  });

  it('makes a new PDF with all three once the third is released (no seat: last)', async () => {
    await releaseHallTicket(pupil.chirag);
    const job = (await ask('schoolA').expect(202)).body.data as ClassHallTicketsJob;
    expect(job.id).not.toBe(schoolJob.id);
    expect(job).toMatchObject({ total: 3, skipped: { count: 0, candidateCodes: [] } });
    await completed('schoolA', job.id);
    const { pages, text } = readPdf((await fileOf('schoolA', job.id).expect(200)).body as Buffer, dir);
    expect(pages).toBe((3 / 2) * readPdf(schoolPdf, dir).pages);
    const order = ['Bela Kulkarni', 'Aarav Patil', 'Chirag Deshmukh'].map((name) => text.indexOf(name));
    expect(order[0]).toBeGreaterThanOrEqual(0);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    // The first job still answers its own (two-ticket) file.
    expect(Buffer.compare((await fileOf('schoolA', schoolJob.id).expect(200)).body as Buffer, schoolPdf)).toBe(0);
  });

  it("makes a new PDF when a pupil's hall ticket changes (a new seat puts Chirag first)", async () => {
    const before = (await ask('schoolA').expect(202)).body.data as ClassHallTicketsJob;
    await reg.patch(`/internal/candidates/${pupil.chirag}/exam-assignment`).set(internal).send({ seatNumber: 'S-0' }).expect(200);
    const job = (await ask('schoolA').expect(202)).body.data as ClassHallTicketsJob;
    expect(job.id).not.toBe(before.id);
    await completed('schoolA', job.id);
    const { text } = readPdf((await fileOf('schoolA', job.id).expect(200)).body as Buffer, dir);
    const order = ['Chirag Deshmukh', 'Bela Kulkarni', 'Aarav Patil'].map((name) => text.indexOf(name));
    expect(order[0]).toBeGreaterThanOrEqual(0);
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('takes over a bundle whose builder stopped (its claim ran out), as a second replica or a restart would', async () => {
    const key = randomBytes(32).toString('hex');
    await documents
      .get<Connection>(getConnectionToken())
      .collection('document_bundles')
      .insertOne({
        _id: key as never,
        candidateCodes: [pupil.bela, pupil.dev],
        documentsVersion: 'whatever was current',
        status: 'running',
        rendered: 1,
        skippedCodes: [],
        createdAt: new Date(),
        finishedAt: null,
        size: null,
        error: null,
        leaseOwner: 'a replica that stopped',
        leaseUntil: new Date(Date.now() - 1000),
      });
    const docs = request(documents.getHttpServer());
    const bundle = await waitFor(
      async () => {
        const answer = (await docs.get(DOCUMENT_BUNDLE_PATHS.bundle(key)).set(internal).expect(200)).body.data;
        return answer.status === 'completed' ? answer : undefined;
      },
      { timeoutMs: 60_000, what: 'the abandoned bundle to be taken over' },
    );
    // Dev's hall ticket is not released: left out and named.
    expect(bundle).toMatchObject({ total: 2, rendered: 1, skippedCodes: [pupil.dev], error: null });
    const file = await docs.get(DOCUMENT_BUNDLE_PATHS.bundleFile(key)).set(internal).buffer(true).parse(binary).expect(200);
    expect(readPdf(file.body as Buffer, dir).text).toContain('Bela Kulkarni');
  });

  it("removes every bundle holding an erased candidate's hall ticket, record and file", async () => {
    const docs = request(documents.getHttpServer());
    const bundles = documents.get<Connection>(getConnectionToken()).collection('document_bundles');
    const holding = (await bundles.find({ candidateCodes: pupil.aarav }).toArray()).map((bundle) => String(bundle._id));
    expect(holding.length).toBeGreaterThanOrEqual(3);
    await documents.get(EraseCandidateDocumentsUseCase).execute(pupil.aarav);
    for (const key of holding) {
      expect((await docs.get(DOCUMENT_BUNDLE_PATHS.bundle(key)).set(internal)).status).toBe(404);
      expect((await docs.get(DOCUMENT_BUNDLE_PATHS.bundleFile(key)).set(internal)).status).toBe(404);
    }
    expect(await bundles.countDocuments({ candidateCodes: pupil.bela })).toBeGreaterThan(0);
  });

  it("refuses a malformed internal bundle request with a 400 naming the field (documents-service's internal API)", async () => {
    const docs = request(documents.getHttpServer());
    const bad = await docs.post(DOCUMENT_BUNDLE_PATHS.bundles).set(internal).send({ key: 'short', candidateCodes: ['nope'] });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('SHA-256');
    expect((await docs.get(DOCUMENT_BUNDLE_PATHS.bundle('0'.repeat(64))).set(internal)).status).toBe(404);
    expect((await docs.get(DOCUMENT_BUNDLE_PATHS.bundle('0'.repeat(64)))).status).toBe(401);
  });
});
