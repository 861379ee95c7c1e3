import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { createEventEnvelope, EXAM_SEAT_PATHS, toBracketedFields, type BracketableObject } from '@kbe/contracts';
import { validCandidate, validMentor, validSchool } from '@kbe/contracts/testing';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { kafkaConsumerStrategy, ReplicaEventFeed } from '@kbe/server-messaging';
import { DOCUMENTS_RENDERED, KAFKA_HANDLER_DURATION, Metrics, RENDER_DURATION } from '@kbe/server-metrics';
import { adminTokenFor, isolatedInfraEnv, metricValue, waitFor } from '@kbe/server-testing';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import jsQR from 'jsqr';
import { Kafka, logLevel } from 'kafkajs';
import type { Connection } from 'mongoose';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import request from 'supertest';
// The real registration-service, started in this process: documents-service reads candidates
// and their photos through its internal API, exactly as in production.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { AppModule as RegistrationModule } from '../../../registration-service/src/app/app.module';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { registrationEnvSchema } from '../../../registration-service/src/app/registration.config';
import { AppModule } from './app.module';
import { CANDIDATE_DIRECTORY, type CandidateDirectory } from './candidates/candidate-directory';
import { documentsEnvSchema, SERVICE_NAME } from './documents.config';
import { DocumentComposer } from './documents/document-composer';
import { PdfCache } from './documents/pdf-cache';
import { hallTicketInstructions, printEditionFromConfig, type PrintEdition } from './documents/print-edition';
import { ChromiumPagePool } from './rendering/chromium-page.pool';
import { RendererBusyError, RenderTimeoutError } from './rendering/pdf-renderer';

const env = isolatedInfraEnv({
  DOCUMENT_SIGNING_SECRET: randomBytes(32).toString('hex'),
  PUBLIC_BASE_URL: 'http://localhost:8080',
  TRUSTED_PROXY_HOPS: '1',
  DOWNLOAD_FAILURE_LIMIT: '3',
  DOWNLOAD_LOCKOUT_SECONDS: '600',
  // Per address (enumeration): slowed from its 21st failure (5 ms more each, at most 60 ms), refused from its 150th.
  DOWNLOAD_ADDRESS_SLOWDOWN_AFTER: '20',
  DOWNLOAD_ADDRESS_DELAY_STEP_MS: '5',
  DOWNLOAD_ADDRESS_DELAY_MAX_MS: '60',
  DOWNLOAD_ADDRESS_LOCK_AFTER: '150',
  DOWNLOAD_ADDRESS_LOCKOUT_SECONDS: '600',
  RATE_LIMIT_REGISTER: '200',
  OUTBOX_RELAY_INTERVAL_MS: '200',
});
// The documents of these candidates are released as soon as they register: their consent is
// recorded as test data at registration (the consent flow itself is registration-service's test).
const registrationConfig = loadConfig(registrationEnvSchema, { ...env, TEST_DATA_CONSENT: 'true' });
/** Registrations happen before the 2025 deadline (the documents print the 2025 edition). */
const clock = { now: () => new Date('2025-10-01T10:00:00+05:30') };

const FULL_NAME = 'आरव पाटील';
/** 'ज़' as one code point (U+095B); NFC turns it into ज + nukta, so both spellings must match. */
const MOTHER_NAME = '\u095Bीनत  पाटील';
const MOTHER_NAME_OTHER_FORM = ' \u091C\u093Cीनत पाटील ';


const squash = (text: string) => text.replace(/\s+/g, ' ');

/** Text of a PDF as `pdftotext` (poppler) extracts it. */
function pdfText(pdf: Buffer, dir: string): string {
  const file = join(dir, `doc-${Date.now()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
}

/** Pages of a PDF as `pdfinfo` (poppler) counts them. */
function pdfPages(pdf: Buffer, dir: string): number {
  const file = join(dir, `pages-${Date.now()}.pdf`);
  writeFileSync(file, pdf);
  return Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file]).toString('utf8'))?.[1]);
}

/** The QR code of the first page: `pdftoppm` to PNG, then decoded with jsQR. */
function qrLink(pdf: Buffer, dir: string): string {
  const file = join(dir, `qr-${Date.now()}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '150', '-f', '1', '-l', '1', '-singlefile', file, join(dir, 'page')]);
  const png = PNG.sync.read(readFileSync(join(dir, 'page.png')));
  const code = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
  if (!code) throw new Error('No QR code found on the first page');
  return code.data;
}

/** Chromium main processes this test process launched (playwright's pipe transport). */
function chromiumChildren(): number[] {
  const lines = execFileSync('ps', ['-e', '-o', 'pid=,ppid=,args=']).toString().split('\n');
  return lines
    .map((line) => line.trim().split(/\s+/))
    .filter(([, ppid, ...args]) => Number(ppid) === process.pid && args.join(' ').includes('--remote-debugging-pipe'))
    .map(([pid]) => Number(pid));
}

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe('documents-service against the real servers and registration-service', () => {
  let registration: INestApplication;
  let documents: INestApplication;
  let http: ReturnType<typeof request>;
  let reg: ReturnType<typeof request>;
  let dir: string;
  let candidateCode: string;
  let mentorCode: string;
  let photo: Buffer;
  let signature: Buffer;
  /** The edition the running service prints, from the same config. */
  let printEdition: PrintEdition;
  const internal = { 'x-internal-token': env.INTERNAL_API_TOKEN };
  const kafka = new Kafka({ clientId: 'documents-it', brokers: registrationConfig.KAFKA_BROKERS, logLevel: logLevel.NOTHING });

  const download = (code: string, kind: string, body: object, client = '203.0.113.10') =>
    http.post(`/api/candidates/${code}/download/${kind}`).set('x-forwarded-for', client).send(body).buffer(true).parse(binary);

  /** A registration's fields (`extra` on top, e.g. its language). */
  function candidateFields(fullName: string, motherName: string, extra: object = {}) {
    const valid = validCandidate();
    return {
      ...valid,
      mentorCode,
      personalDetails: { ...valid.personalDetails, fullName, motherName },
      educationalDetails: { ...valid.educationalDetails, kbeCategory: 'Sec', standard: '8th' },
      ...extra,
    };
  }

  async function registerCandidate(fullName: string, motherName: string, extra: object = {}): Promise<string> {
    const fields = candidateFields(fullName, motherName, extra);
    let req = reg.post('/api/candidates/register');
    for (const [name, value] of Object.entries(toBracketedFields(fields as unknown as BracketableObject))) req = req.field(name, value);
    req = req.attach('photo', photo, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    req = req.attach('signature', signature, { filename: 'signature.jpg', contentType: 'image/jpeg' });
    const response = await req.expect(201);
    return response.body.candidateCode as string;
  }

  /** PDFs rendered and stored so far (documents_rendered_total), of every reason unless one is named. */
  const rendered = (kind: 'hall-ticket' | 'certificate', reason?: 'ahead' | 'request') =>
    metricValue(documents.get(Metrics), DOCUMENTS_RENDERED, reason ? { kind, reason } : { kind });
  /** Events of a topic this service's consumer has handled so far (kafka_handler_duration_seconds). */
  const handled = (topic: string) => metricValue(documents.get(Metrics), KAFKA_HANDLER_DURATION, { topic });
  /** Whether the candidate's document, as its current record prints it, is in the PDF cache. */
  const isCached = async (code: string, kind: 'hall-ticket' | 'certificate') => {
    const candidate = await documents.get<CandidateDirectory>(CANDIDATE_DIRECTORY).find(code);
    if (!candidate) return false;
    const cache = documents.get(PdfCache);
    return cache.has(cache.key(code, kind, documents.get(DocumentComposer).contentVersion(kind, candidate)));
  };
  /** registration-service's release events make the service render ahead in the background. */
  const waitForRenderAhead = (code: string, kind: 'hall-ticket' | 'certificate') =>
    waitFor(async () => (await isCached(code, kind)) || undefined, { timeoutMs: 120_000, what: `the render-ahead of the ${kind} of ${code}` });

  const release = async (code: string, what: 'hall-ticket' | 'certificate') => {
    if (what === 'hall-ticket') {
      await reg.patch(`/internal/candidates/${code}/fees-paid`).set(internal).send({ feesPaid: true }).expect(200);
      await reg.patch(`/internal/candidates/${code}/hall-ticket`).set(internal).send({ hallTicketReleased: true }).expect(200);
    } else {
      await reg.patch(`/internal/candidates/${code}/certificate`).set(internal).send({ certificateReleased: true }).expect(200);
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kbe-documents-it-'));
    registration = await createServiceApp({
      service: 'registration-service',
      module: RegistrationModule.forRoot(registrationConfig, { clock }),
      config: registrationConfig,
    });
    await registration.listen(0, '127.0.0.1');
    const { port } = registration.getHttpServer().address() as AddressInfo;
    reg = request(registration.getHttpServer());

    const config = loadConfig(documentsEnvSchema, { ...env, REGISTRATION_SERVICE_URL: `http://127.0.0.1:${port}` });
    printEdition = printEditionFromConfig(config);
    documents = await createServiceApp({
      service: SERVICE_NAME,
      module: AppModule.forRoot(config),
      config,
      consumer: kafkaConsumerStrategy({ service: SERVICE_NAME, brokers: config.KAFKA_BROKERS, topicPrefix: config.KAFKA_TOPIC_PREFIX }),
    });
    await documents.init();
    await documents.startAllMicroservices();
    http = request(documents.getHttpServer());

    photo = await sharp({ create: { width: 240, height: 300, channels: 3, background: '#4466aa' } }).jpeg().toBuffer();
    signature = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
    const school = await reg.post('/api/schools/register').send({ ...validSchool(), udiseCode: `27${Date.now().toString().slice(-9)}` }).expect(201);
    const mentor = await reg.post('/api/mentors/register').send({ ...validMentor(), schoolCode: school.body.schoolCode }).expect(201);
    mentorCode = mentor.body.mentorCode;
    candidateCode = await registerCandidate(FULL_NAME, MOTHER_NAME);
  }, 180_000);

  afterAll(async () => {
    await documents?.get<Connection>(getConnectionToken()).dropDatabase();
    await documents?.close();
    await registration?.get<Connection>(getConnectionToken()).dropDatabase();
    await registration?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('answers 404 for an unknown code and 400 for malformed input', async () => {
    const unknown = await download('KBE000000AAA', 'hall-ticket', { motherName: 'Anyone' }, '203.0.113.1');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body.toString())).toEqual({ statusCode: 404, message: 'Candidate not found' });

    const badCode = await download('not-a-code', 'hall-ticket', { motherName: 'Anyone' }, '203.0.113.1');
    expect(badCode.status).toBe(400);
    expect(JSON.parse(badCode.body.toString()).message).toContain('Candidate code must look like KBE123456ABC');

    const badKind = await download(candidateCode, 'diploma', { motherName: 'Anyone' }, '203.0.113.1');
    expect(badKind.status).toBe(400);
    expect(JSON.parse(badKind.body.toString()).message).toContain('Document must be hall-ticket or certificate');

    const noName = await download(candidateCode, 'hall-ticket', { motherName: '   ' }, '203.0.113.1');
    expect(noName.status).toBe(400);
    expect(JSON.parse(noName.body.toString()).message).toContain("Please enter your mother's name for verification");
  });

  it("answers 403 with the section 8 text when the mother's name does not match", async () => {
    const response = await download(candidateCode, 'hall-ticket', { motherName: 'Meena Patil' });
    expect(response.status).toBe(403);
    expect(JSON.parse(response.body.toString())).toEqual({
      statusCode: 403,
      message: "Mother's name does not match our records. Please check and try again.",
    });
  });

  it('answers 409 with the document’s text while it is not released', async () => {
    const hallTicket = await download(candidateCode, 'hall-ticket', { motherName: MOTHER_NAME });
    expect(hallTicket.status).toBe(409);
    expect(JSON.parse(hallTicket.body.toString()).message).toBe(
      'Your hall ticket has not been released yet. Please check back later.',
    );
    const certificate = await download(candidateCode, 'certificate', { motherName: MOTHER_NAME });
    expect(certificate.status).toBe(409);
    expect(JSON.parse(certificate.body.toString()).message).toBe(
      'Your certificate has not been released yet. Please check back later.',
    );
  });

  describe('after the hall ticket is released', () => {
    let pdf: Buffer;

    beforeAll(async () => {
      await release(candidateCode, 'hall-ticket');
      // registration-service publishes hall-ticket.released through its outbox; this service renders ahead.
      await waitForRenderAhead(candidateCode, 'hall-ticket');
    }, 180_000);

    it('serves the PDF rendered ahead for the name in another case, spacing and Unicode form, named {code}_hallticket.pdf', async () => {
      const response = await download(candidateCode, 'hall-ticket', { motherName: MOTHER_NAME_OTHER_FORM.toUpperCase() });
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`attachment; filename="${candidateCode}_hallticket.pdf"`);
      expect(response.headers['x-document-cache']).toBe('hit');
      pdf = response.body as Buffer;
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('prints the name (Devanagari, as text), the code, the section 9 fields and every instruction line', () => {
      const text = squash(pdfText(pdf, dir));
      expect(text).toContain(FULL_NAME);
      expect(text).toContain(candidateCode);
      expect(text).toContain('Suresh Patil');
      expect(text).toContain('Sec');
      expect(text).toContain('8th');
      expect(text).toContain('Nashik Model School');
      expect(text).toMatch(/Centre TBA/);
      expect(text).toMatch(/Seat Number TBA/);
      expect(text).toMatch(/Exam Time TBA/);
      // The wording and dates of each line are pinned by print-edition.spec.ts.
      for (const line of hallTicketInstructions(printEdition)) expect(text).toContain(line);
      expect(text).toContain('Chief Secretary, Government of Maharashtra');
    });

    it('carries a QR code whose link verifies, while a tampered token does not', async () => {
      const link = qrLink(pdf, dir);
      expect(link).toMatch(/^http:\/\/localhost:8080\/einstein-quest\/downloads\?verify=/);
      const token = new URL(link).searchParams.get('verify') ?? '';
      const verified = await http.get(`/api/documents/verify/${encodeURIComponent(token)}`).expect(200);
      expect(verified.body).toEqual({ valid: true, candidateCode, name: FULL_NAME, type: 'hall-ticket', edition: 2025 });

      const otherCode = token.replace(candidateCode, 'KBE999999ZZZ');
      const tamperedMac = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
      const asCertificate = token.replace('.H.', '.C.');
      for (const forged of [otherCode, tamperedMac, asCertificate, 'garbage']) {
        const answer = await http.get(`/api/documents/verify/${encodeURIComponent(forged)}`).expect(200);
        expect(answer.body).toEqual({ valid: false, message: expect.stringContaining('could not be verified') });
      }
    });

    it('serves the second download from the MinIO cache without a render', async () => {
      const before = await rendered('hall-ticket');
      const response = await download(candidateCode, 'hall-ticket', { motherName: MOTHER_NAME });
      expect(response.status).toBe(200);
      expect(response.headers['x-document-cache']).toBe('hit');
      expect(await rendered('hall-ticket')).toBe(before);
      expect(Buffer.compare(response.body as Buffer, pdf)).toBe(0);
    });

    it('gives admins the PDF inline, and nobody without a valid admin token', async () => {
      await http.get(`/api/admin/candidates/${candidateCode}/hall-ticket.pdf`).expect(401);
      await http.get(`/api/admin/candidates/${candidateCode}/hall-ticket.pdf`).set('authorization', 'Bearer forged').expect(401);
      const token = adminTokenFor(env);
      const response = await http
        .get(`/api/admin/candidates/${candidateCode}/hall-ticket.pdf`)
        .set('authorization', `Bearer ${token}`)
        .buffer(true)
        .parse(binary)
        .expect(200);
      expect(response.headers['content-type']).toBe('application/pdf');
      expect(response.headers['content-disposition']).toBe(`inline; filename="${candidateCode}_hallticket.pdf"`);
      expect((response.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('still renders after Chromium is killed between two downloads', async () => {
      await release(candidateCode, 'certificate');
      await waitForRenderAhead(candidateCode, 'certificate');
      const browsers = chromiumChildren();
      expect(browsers.length).toBeGreaterThan(0);
      for (const pid of browsers) process.kill(pid, 'SIGKILL');
      await waitFor(() => chromiumChildren().every((pid) => !browsers.includes(pid)) || undefined, { timeoutMs: 10_000, what: 'Chromium to exit' });

      const certificate = await download(candidateCode, 'certificate', { motherName: MOTHER_NAME });
      expect(certificate.status).toBe(200);
      expect(certificate.headers['content-disposition']).toBe(`attachment; filename="${candidateCode}_certificate.pdf"`);
      const text = squash(pdfText(certificate.body as Buffer, dir));
      expect(text).toContain(FULL_NAME);
      expect(text).toContain('Nashik Model School');
      expect(text).toContain('Edition 2025');
      // one A4 landscape sheet, no blank second page
      expect(pdfPages(certificate.body as Buffer, dir)).toBe(1);

      // A changed seat number and exam time are a new content version: this download must render, after the crash.
      // Downloads keep the candidate until registration-service's candidate.changed arrives (outbox, Kafka).
      await reg
        .patch(`/internal/candidates/${candidateCode}/exam-assignment`)
        .set(internal)
        .send({ seatNumber: 'NSK-0042', examTime: '2025-11-05T10:00+05:30' })
        .expect(200);
      const hallTicket = await waitFor(
        async () => {
          const answer = await download(candidateCode, 'hall-ticket', { motherName: MOTHER_NAME });
          return answer.status !== 200 || answer.headers['x-document-cache'] === 'miss' ? answer : undefined;
        },
        { timeoutMs: 30_000, what: 'the candidate.changed of the new seat' },
      );
      expect(hallTicket.status).toBe(200);
      expect(hallTicket.headers['x-document-cache']).toBe('miss');
      const printed = squash(pdfText(hallTicket.body as Buffer, dir));
      expect(printed).toContain('NSK-0042');
      // the exam time for people, in India time, never the ISO text it is stored and answered as
      expect(printed).toMatch(/Exam Time 5 November 2025, 10:00 am IST/);
      expect(printed).not.toContain('2025-11-05T');
    }, 240_000);
  });

  it("renders ahead on registration-service's hall-ticket.released, so the first download is a cache hit (a redelivered event renders nothing)", async () => {
    const code = await registerCandidate('Ishaan Kulkarni', 'Sunita Kulkarni');
    const [renderedAhead, releasesHandled] = [await rendered('hall-ticket', 'ahead'), await handled('hall-ticket.released')];
    await release(code, 'hall-ticket');
    await waitForRenderAhead(code, 'hall-ticket');
    await waitFor(async () => (await handled('hall-ticket.released')) > releasesHandled || undefined, { timeoutMs: 30_000, what: 'the release event handled' });
    expect(await rendered('hall-ticket', 'ahead')).toBe(renderedAhead + 1);
    const response = await download(code, 'hall-ticket', { motherName: 'sunita kulkarni' }, '203.0.113.20');
    expect(response.status).toBe(200);
    expect(response.headers['x-document-cache']).toBe('hit');

    // The very message registration-service published, delivered again (at-least-once delivery).
    const published = await registration
      .get<Connection>(getConnectionToken())
      .collection('outbox_published')
      .findOne({ key: code, topic: 'hall-ticket.released' });
    expect(published).not.toBeNull();
    const producer = kafka.producer();
    await producer.connect();
    try {
      await producer.send({ topic: `${env.KAFKA_TOPIC_PREFIX}hall-ticket.released`, messages: [{ key: code, value: String(published?.['value']) }] });
    } finally {
      await producer.disconnect();
    }
    await waitFor(async () => (await handled('hall-ticket.released')) > releasesHandled + 1 || undefined, {
      timeoutMs: 30_000,
      what: 'the redelivered event handled',
    });
    expect(await rendered('hall-ticket', 'ahead')).toBe(renderedAhead + 1);
  }, 240_000);

  it("prints a Marathi candidate's hall ticket with Marathi labels, the English beneath, and prints it again in English once the language is changed", async () => {
    const code = await registerCandidate('आर्या देशमुख', 'Kavita Deshmukh', { language: 'mr' });
    await release(code, 'hall-ticket');
    const marathi = await download(code, 'hall-ticket', { motherName: 'Kavita Deshmukh' }, '203.0.113.31');
    expect(marathi.status).toBe(200);
    const text = pdfText(marathi.body as Buffer, dir);
    // one A4 page, as in English (pdftotext ends each page with a form feed)
    expect(text.split('\f').filter((page) => page.trim() !== '')).toHaveLength(1);
    const printed = squash(text);
    // the title and the labels in Marathi (hall ticket, name of the candidate, father's name, seat number) ...
    expect(printed).toContain('प्रवेशपत्र');
    expect(printed).toContain('विद्यार्थ्याचे नाव');
    expect(printed).toContain('वडिलांचे नाव');
    expect(printed).toContain('आसन क्रमांक');
    // ... each with the English beneath; the name as entered
    expect(printed).toMatch(/hall ticket/i);
    expect(printed).toContain('Candidate Name');
    expect(printed).toContain('Seat Number');
    expect(printed).toContain('आर्या देशमुख');

    // An admin's edit sets English: registration-service announces the change, and the next
    // download is a new PDF (the language is part of the cache key), in English only.
    await reg.put(`/internal/candidates/${code}`).set(internal).send(candidateFields('आर्या देशमुख', 'Kavita Deshmukh', { language: 'en' })).expect(200);
    await waitFor(async () => (await documents.get<CandidateDirectory>(CANDIDATE_DIRECTORY).find(code))?.language === 'en' || undefined, {
      timeoutMs: 60_000,
      what: 'the language change heard by documents-service',
    });
    const english = await download(code, 'hall-ticket', { motherName: 'Kavita Deshmukh' }, '203.0.113.31');
    expect(english.status).toBe(200);
    expect(english.headers['x-document-cache']).not.toBe('hit');
    const reprinted = squash(pdfText(english.body as Buffer, dir));
    expect(reprinted).toContain('Candidate Name');
    expect(reprinted).toContain('आर्या देशमुख');
    expect(reprinted).not.toContain('प्रवेशपत्र');
    expect(reprinted).not.toContain('विद्यार्थ्याचे नाव');
  }, 240_000);

  it('prints the roll number, centre address, room and reporting time of a seat exams-service allocated, on one page', async () => {
    const code = await registerCandidate('Rohan Jadhav', 'Asha Jadhav');
    const seat = {
      candidateCode: code,
      rollNumber: 'M-21-014-0123-6',
      level: 'Mains',
      centreCode: 'NSK014',
      centreName: 'K.T.H.M. College, Nashik',
      centreAddress: 'Gangapur Road, Nashik 422002',
      room: 'Room 12',
      seatInRoom: 7,
      date: '2025-11-16',
      startTime: '10:30',
      reportingTime: '09:45',
    };
    const seats = await reg.put(EXAM_SEAT_PATHS.seats).set(internal).send({ seats: [seat] }).expect(200);
    expect(seats.body.data.results).toEqual([{ candidateCode: code, outcome: 'assigned' }]);
    await release(code, 'hall-ticket');
    const response = await download(code, 'hall-ticket', { motherName: 'Asha Jadhav' }, '203.0.113.32');
    expect(response.status).toBe(200);
    const text = pdfText(response.body as Buffer, dir);
    expect(text.split('\f').filter((page) => page.trim() !== '')).toHaveLength(1);
    const printed = squash(text);
    expect(printed).toMatch(/Roll No\. M-21-014-0123-6/);
    expect(printed).toMatch(/Centre K\.T\.H\.M\. College, Nashik/);
    expect(printed).toMatch(/Centre Address Gangapur Road, Nashik 422002/);
    expect(printed).toMatch(/Room Room 12/);
    expect(printed).toMatch(/Exam Time 16 November 2025, 10:30 am IST/);
    expect(printed).toMatch(/Reporting Time 16 November 2025, 9:45 am IST/);
    expect(printed).not.toContain('Seat Number');
    expect(printed).not.toContain('TBA');
    // the tighter layout's smaller QR code still reads
    expect(qrLink(response.body as Buffer, dir)).toMatch(/^http:\/\/localhost:8080\/einstein-quest\/downloads\?verify=/);

    // in Marathi, each label over its English, still one page
    const marathiCode = await registerCandidate('सई जाधव', 'Asha Jadhav', { language: 'mr' });
    await reg.put(EXAM_SEAT_PATHS.seats).set(internal).send({ seats: [{ ...seat, candidateCode: marathiCode, rollNumber: 'M-21-014-0124-4', seatInRoom: 8 }] }).expect(200);
    await release(marathiCode, 'hall-ticket');
    const marathi = await download(marathiCode, 'hall-ticket', { motherName: 'Asha Jadhav' }, '203.0.113.33');
    expect(marathi.status).toBe(200);
    const marathiText = pdfText(marathi.body as Buffer, dir);
    expect(marathiText.split('\f').filter((page) => page.trim() !== '')).toHaveLength(1);
    const marathiPrinted = squash(marathiText);
    // (pdftotext splits the conjunct of केंद्र, so the centre's labels are checked in the composer's spec)
    for (const label of ['बैठक क्रमांक', 'परीक्षा कक्ष', 'हजर राहण्याची वेळ', 'Roll No.', 'Room', 'Centre Address', 'Reporting Time']) expect(marathiPrinted).toContain(label);
    expect(marathiPrinted).toContain('M-21-014-0124-4');
    expect(marathiPrinted).toContain('16 November 2025, 9:45 am IST');
  }, 240_000);

  it('serves a released document even when the release never reached its change event (a refusal is confirmed)', async () => {
    const code = await registerCandidate('Ira Kulkarni', 'Sadhana Kulkarni');
    // Copies are kept only while the change events are heard.
    await waitFor(() => documents.get(ReplicaEventFeed).live || undefined, { timeoutMs: 60_000, what: 'the replica event feed' });
    expect((await download(code, 'hall-ticket', { motherName: 'Sadhana Kulkarni' }, '203.0.113.29')).status).toBe(409);
    // Released in registration-service's store without an announcement (a crash between its write
    // and its outbox, or an event still on the way): the copy kept in memory still says "not released".
    await registration
      .get<Connection>(getConnectionToken())
      .collection('candidates')
      .updateOne({ candidateCode: code }, { $set: { feesPaid: true, hallTicketReleased: true } });
    const served = await download(code, 'hall-ticket', { motherName: 'Sadhana Kulkarni' }, '203.0.113.29');
    expect(served.status).toBe(200);
    expect(served.body.subarray(0, 4).toString()).toBe('%PDF');
  }, 240_000);

  it("takes a changed mother's name and a withdrawn release into account once registration-service announces them", async () => {
    const code = await registerCandidate('Kabir Joshi', 'Lata Joshi');
    await release(code, 'hall-ticket');
    await waitForRenderAhead(code, 'hall-ticket');
    expect((await download(code, 'hall-ticket', { motherName: 'Lata Joshi' }, '203.0.113.30')).status).toBe(200);
    expect((await download(code, 'hall-ticket', { motherName: 'Lata Joshi' }, '203.0.113.30')).status).toBe(200);

    const valid = validCandidate();
    const edited = {
      ...valid,
      mentorCode,
      personalDetails: { ...valid.personalDetails, fullName: 'Kabir Joshi', motherName: 'Hema Joshi' },
      educationalDetails: { ...valid.educationalDetails, kbeCategory: 'Sec', standard: '8th' },
    };
    await reg.put(`/internal/candidates/${code}`).set(internal).send(edited).expect(200);
    // The old name is served until candidate.changed arrives (a success, no failure counted), then refused.
    await waitFor(
      async () => (await download(code, 'hall-ticket', { motherName: 'Lata Joshi' }, '203.0.113.31')).status === 403 || undefined,
      { timeoutMs: 30_000, what: "the candidate.changed of the new mother's name" },
    );
    expect((await download(code, 'hall-ticket', { motherName: 'Hema Joshi' }, '203.0.113.31')).status).toBe(200);

    await reg.patch(`/internal/candidates/${code}/hall-ticket`).set(internal).send({ hallTicketReleased: false }).expect(200);
    const withdrawn = await waitFor(
      async () => {
        const answer = await download(code, 'hall-ticket', { motherName: 'Hema Joshi' }, '203.0.113.31');
        return answer.status !== 200 ? answer : undefined;
      },
      { timeoutMs: 30_000, what: 'the candidate.changed of the withdrawn release' },
    );
    expect(withdrawn.status).toBe(409);
    expect(JSON.parse(withdrawn.body.toString()).message).toBe('Your hall ticket has not been released yet. Please check back later.');
  }, 240_000);

  it('answers 429 for the right name once another replica announces a lock of the candidate', async () => {
    const code = await registerCandidate('Meera Sathe', 'Asha Sathe');
    await release(code, 'hall-ticket');
    expect((await download(code, 'hall-ticket', { motherName: 'Asha Sathe' }, '203.0.113.40')).status).toBe(200);

    // What another replica publishes after storing the lock in the shared MongoDB collection.
    const lockedUntil = new Date(Date.now() + 600_000).toISOString();
    const event = createEventEnvelope('download-attempts.changed', { key: `candidate:${code}`, failures: 0, lockedUntil });
    const producer = kafka.producer();
    await producer.connect();
    try {
      await producer.send({ topic: `${env.KAFKA_TOPIC_PREFIX}download-attempts.changed`, messages: [{ key: `candidate:${code}`, value: JSON.stringify(event) }] });
    } finally {
      await producer.disconnect();
    }
    const locked = await waitFor(
      async () => {
        const answer = await download(code, 'hall-ticket', { motherName: 'Asha Sathe' }, '203.0.113.41');
        return answer.status !== 200 ? answer : undefined;
      },
      { timeoutMs: 30_000, what: 'the announced lock' },
    );
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(500);
  }, 240_000);

  it('locks a candidate after repeated wrong names (429 + Retry-After), even for the right name from elsewhere', async () => {
    const code = await registerCandidate('Riya Deshpande', 'Kavita Deshpande');
    await release(code, 'hall-ticket');
    for (const client of ['198.51.100.1', '198.51.100.2', '198.51.100.3']) {
      expect((await download(code, 'hall-ticket', { motherName: 'Wrong Name' }, client)).status).toBe(403);
    }
    const locked = await download(code, 'hall-ticket', { motherName: 'Kavita Deshpande' }, '198.51.100.4');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(500);
    expect(JSON.parse(locked.body.toString())).toEqual({
      statusCode: 429,
      message: 'Too many failed attempts. Please try again in 10 minutes.',
    });
  });

  it('from one shared address, 200 unknown codes and 50 wrong names of one candidate: that candidate is locked, the unknown codes slowed then refused, the other candidates still get their PDF', async () => {
    const address = '100.64.7.1'; // a carrier's shared address (CGNAT range)
    const victim = await registerCandidate('Tara Pawar', 'Sunanda Pawar');
    const others = [await registerCandidate('Om Pawar', 'Rekha Pawar'), await registerCandidate('Sai Pawar', 'Vidya Pawar')];
    const mothers = ['Rekha Pawar', 'Vidya Pawar'];
    for (const code of [victim, ...others]) await release(code, 'hall-ticket');
    for (const code of [victim, ...others]) await waitForRenderAhead(code, 'hall-ticket');
    const statuses: number[] = [];
    const timed = async (code: string, body: object, client = address) => {
      const started = performance.now();
      const answer = await download(code, 'hall-ticket', body, client);
      statuses.push(answer.status);
      return { answer, ms: performance.now() - started };
    };

    // 50 wrong names of one candidate: the gate locks it after DOWNLOAD_FAILURE_LIMIT (3).
    const wrong: number[] = [];
    for (let i = 0; i < 50; i++) wrong.push((await timed(victim, { motherName: `Wrong Name ${i}` })).answer.status);
    expect(wrong.slice(0, 3)).toEqual([403, 403, 403]);
    expect(new Set(wrong.slice(3))).toEqual(new Set([429]));

    // 200 unknown codes from the same address; a pupil behind it downloads in the middle of them.
    const unknown: { status: number; ms: number; retryAfter?: string; message?: string }[] = [];
    for (let i = 0; i < 200; i++) {
      const { answer, ms } = await timed(`KBE${String(900000 + i)}ZZZ`, { motherName: 'Guess' });
      unknown.push({ status: answer.status, ms, retryAfter: answer.headers['retry-after'], message: JSON.parse(answer.body.toString()).message });
      if (i === 100) {
        const { answer: served } = await timed(others[0] as string, { motherName: mothers[0] });
        expect(served.status).toBe(200);
      }
    }
    // The victim's 2 counted wrong names (its first and the one that locked it) + 148 unknown codes reach 150: 429 from then on.
    expect(unknown.slice(0, 147).every((answer) => answer.status === 404)).toBe(true);
    expect(unknown.slice(147).every((answer) => answer.status === 429)).toBe(true);
    const refused = unknown[147];
    expect(Number(refused?.retryAfter)).toBeGreaterThan(500);
    expect(refused?.message).toBe(
      "These details could not be verified, and too many attempts from your network have failed. Please check the candidate code and your mother's name, or try again in 10 minutes.",
    );
    // Slowed before refused: from the address's 32nd failure each 404 waits the 60 ms cap.
    expect(Math.min(...unknown.slice(40, 147).map((answer) => answer.ms))).toBeGreaterThanOrEqual(55);

    // The address is locked for enumeration, yet the other candidates' right names pass the gate...
    for (const [i, code] of others.entries()) {
      const { answer } = await timed(code, { motherName: mothers[i] });
      expect(answer.status).toBe(200);
      expect((answer.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    }
    // ... while the locked candidate is refused even its right name, from anywhere.
    expect((await timed(victim, { motherName: 'Sunanda Pawar' })).answer.status).toBe(429);
    expect((await timed(victim, { motherName: 'Sunanda Pawar' }, '192.0.2.90')).answer.status).toBe(429);
    // Another address is not slowed or refused.
    const elsewhere = await timed('KBE999999ZZZ', { motherName: 'Guess' }, '100.64.7.2');
    expect(elsewhere.answer.status).toBe(404);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
  }, 240_000);

  it('times out a render when Chromium hangs, and the next render succeeds on a fresh browser', async () => {
    const metrics = new Metrics({ service: SERVICE_NAME });
    const pool = new ChromiumPagePool({ executablePath: env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', size: 1, queueLimit: 4, timeoutMs: 5_000 }, metrics);
    const html = '<!doctype html><html><body><p>hang</p></body></html>';
    const before = new Set(chromiumChildren());
    let hung: number[] = [];
    try {
      await pool.render(html);
      hung = chromiumChildren().filter((pid) => !before.has(pid));
      expect(hung).toHaveLength(1);
      process.kill(hung[0] as number, 'SIGSTOP');
      await expect(pool.render(html)).rejects.toBeInstanceOf(RenderTimeoutError);
      const pdf = await pool.render(html);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(await metricValue(metrics, RENDER_DURATION, { outcome: 'ok' })).toBe(2);
      expect(await metricValue(metrics, RENDER_DURATION, { outcome: 'timeout' })).toBe(1);
    } finally {
      for (const pid of hung) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }
      await pool.close();
    }
  }, 60_000);

  it('refuses renders beyond the queue with RendererBusyError instead of waiting without bound', async () => {
    const metrics = new Metrics({ service: SERVICE_NAME });
    const pool = new ChromiumPagePool({ executablePath: env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', size: 1, queueLimit: 1, timeoutMs: 30_000 }, metrics);
    try {
      const html = '<!doctype html><html><body><p>queue</p></body></html>';
      const outcomes = await Promise.allSettled(Array.from({ length: 5 }, () => pool.render(html)));
      const refused = outcomes.filter((o) => o.status === 'rejected');
      expect(outcomes.filter((o) => o.status === 'fulfilled').length).toBeGreaterThanOrEqual(2);
      expect(refused.length).toBeGreaterThanOrEqual(1);
      for (const o of refused) expect((o as PromiseRejectedResult).reason).toBeInstanceOf(RendererBusyError);
      expect(await metricValue(metrics, RENDER_DURATION, { outcome: 'busy' })).toBe(refused.length);
    } finally {
      await pool.close();
    }
  });
});
