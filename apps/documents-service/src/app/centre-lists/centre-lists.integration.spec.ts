import type { INestApplication } from '@nestjs/common';
import { CENTRE_LIST_PATHS, REGISTRATION_INTERNAL_PATHS, type CentreLists, type CentreListsRequest } from '@kbe/contracts';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { isolatedInfraEnv, waitFor } from '@kbe/server-testing';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { AppModule } from '../app.module';
import { documentsEnvSchema, SERVICE_NAME } from '../documents.config';
import { CentreListBuilder } from './centre-list.builder';

const env = isolatedInfraEnv({ DOCUMENT_SIGNING_SECRET: randomBytes(32).toString('hex') });

/** Three candidates as registration-service's internal API shows them; Chirag has no photo (erased). */
const CANDIDATES: Record<string, { fullName: string; kbeCategory: string; photo: boolean }> = {
  KBE700001CLA: { fullName: 'Aarav Deshmukh', kbeCategory: 'Prime', photo: true },
  KBE700002CLA: { fullName: 'सई पाटील', kbeCategory: 'Prime', photo: true },
  KBE700003CLA: { fullName: 'Chirag Joshi', kbeCategory: 'Sec', photo: false },
};

/** registration-service's `/internal/candidates/{code}` and its photo, as documents-service reads them. */
class RegistrationCandidatesServer {
  private server: Server | undefined;
  constructor(private readonly photo: Buffer) {}

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      if (req.headers['x-internal-token'] !== env.INTERNAL_API_TOKEN) return res.writeHead(401).end();
      const match = Object.keys(CANDIDATES).find((code) => req.url === REGISTRATION_INTERNAL_PATHS.candidate(code) || req.url === REGISTRATION_INTERNAL_PATHS.candidateFile(code, 'photo'));
      const candidate = match ? CANDIDATES[match] : undefined;
      if (!match || !candidate) return res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"Candidate not found"}');
      if (req.url?.endsWith('/files/photo')) {
        return candidate.photo ? res.writeHead(200, { 'content-type': 'image/jpeg' }).end(this.photo) : res.writeHead(404).end();
      }
      const data = {
        candidateCode: match,
        language: 'en',
        personalDetails: { fullName: candidate.fullName, fatherName: 'F', motherName: 'M' },
        educationalDetails: { schoolName: 'Nashik Model School', standard: '8th', kbeCategory: candidate.kbeCategory, kbeStageParticipated: 'Mains' },
        feesPaid: true,
        hallTicketReleased: true,
      };
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, data }));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

/** Pages and text of a PDF as poppler's `pdfinfo` and `pdftotext -layout` read them (lines kept). */
function readPdf(pdf: Buffer, dir: string): { pages: number; text: string } {
  const file = join(dir, `list-${randomBytes(4).toString('hex')}.pdf`);
  writeFileSync(file, pdf);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync('pdfinfo', [file]).toString('utf8'))?.[1]);
  const text = execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']).toString('utf8');
  if (process.env['KBE_KEEP_PDF']) writeFileSync(`${process.env['KBE_KEEP_PDF']}-${pages}-${randomBytes(2).toString('hex')}.pdf`, pdf);
  return { pages, text };
}

/** Positions of the needles in the text, in the order given (-1 when missing). */
const positions = (text: string, needles: string[]) => needles.map((needle) => text.indexOf(needle));

const paper = { level: 'Mains' as const, category: 'Prime', date: '2027-01-17', startTime: '10:30', reportingTime: '09:45' };
/** A small centre: Mains Prime in R1 (two candidates) and R2 (one), then Mains Sec in R2 (one, the same Chirag's code is not reused). */
const lists = (key: string): CentreListsRequest => ({
  key,
  centre: { code: 'NSK01', name: 'Nashik Centre', address: 'College road, Nashik', district: 'Nashik', taluka: 'Nashik' },
  rooms: [
    { name: 'R1', capacity: 30 },
    { name: 'R2', capacity: 25 },
    { name: 'Lab', capacity: 10 },
  ],
  papers: [
    {
      ...paper,
      rooms: [
        {
          name: 'R1',
          capacity: 30,
          seats: [
            { candidateCode: 'KBE700001CLA', rollNumber: 'M-21-001-0001-4', seatInRoom: 1 },
            { candidateCode: 'KBE700002CLA', rollNumber: 'M-21-001-0002-2', seatInRoom: 2 },
          ],
        },
        { name: 'R2', capacity: 25, seats: [{ candidateCode: 'KBE700003CLA', rollNumber: 'M-21-001-0003-0', seatInRoom: 1 }] },
      ],
    },
  ],
});

describe("a centre's printed lists (documents-service, real MongoDB-wire server, MinIO and Chromium; registration-service as its internal API answers)", () => {
  let app: INestApplication;
  let http: ReturnType<typeof request>;
  let registration: RegistrationCandidatesServer;
  let dir: string;
  const internal = { 'x-internal-token': env.INTERNAL_API_TOKEN };
  const key = createHash('sha256').update(`centre-lists-it-${Date.now()}`).digest('hex');

  const completed = (k: string) =>
    waitFor(
      async () => {
        const job = (await http.get(CENTRE_LIST_PATHS.job(k)).set(internal).expect(200)).body.data as CentreLists;
        expect(job.status).not.toBe('failed');
        return job.status === 'completed' ? job : undefined;
      },
      { timeoutMs: 60_000, what: `the centre lists ${k}` },
    );
  const file = (k: string, kind: 'attendance' | 'door-list' | 'summary') => http.get(CENTRE_LIST_PATHS.file(k, kind)).set(internal).buffer(true).parse(binary);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kbe-centre-lists-it-'));
    const photo = await sharp({ create: { width: 360, height: 450, channels: 3, background: '#4466aa' } }).jpeg().toBuffer();
    registration = new RegistrationCandidatesServer(photo);
    const config = loadConfig(documentsEnvSchema, { ...env, REGISTRATION_SERVICE_URL: await registration.start() });
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config });
    await app.init();
    http = request(app.getHttpServer());
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await registration?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a caller without the internal token, a request without seats, and an unknown key', async () => {
    await http.post(CENTRE_LIST_PATHS.lists).send(lists(key)).expect(401);
    const noSeats = await http.post(CENTRE_LIST_PATHS.lists).set(internal).send({ ...lists(key), papers: [] }).expect(400);
    expect(JSON.stringify(noSeats.body)).toContain('The centre has no seats');
    await http.get(CENTRE_LIST_PATHS.job('0'.repeat(64))).set(internal).expect(404);
  });

  it('renders the attendance sheets per room in roll order, the door list and the summary, read back with pdftotext', async () => {
    const started = await http.post(CENTRE_LIST_PATHS.lists).set(internal).send(lists(key)).expect(202);
    expect(started.body.data).toMatchObject({ key, total: 3 });
    const job = await completed(key);
    expect(job).toMatchObject({ processed: 3, withoutPhoto: 1, error: null });

    const attendance = await file(key, 'attendance').expect(200).expect('content-type', 'application/pdf');
    const sheets = readPdf(attendance.body as Buffer, dir);
    expect(sheets.pages).toBe(2); // one room a page
    const [r1, r2] = sheets.text.split('\f').map((page) => page.replace(/\s+/g, ' '));
    expect(r1).toContain('Attendance sheet · Nashik Centre (NSK01)');
    expect(r1).toContain('Room R1');
    expect(r1).toContain('Paper: Mains Prime · 2027-01-17 at 10:30 (reporting 09:45)');
    expect(r1).toContain('Candidates: 2 · Roll numbers M-21-001-0001-4 to M-21-001-0002-2');
    const rows = (r1 ?? '').slice((r1 ?? '').indexOf('Category')); // the table's rows, after its header
    const inOrder = positions(rows, ['M-21-001-0001-4', 'M-21-001-0002-2']);
    expect(inOrder.every((at) => at >= 0)).toBe(true);
    expect(inOrder[0]).toBeLessThan(inOrder[1] ?? -1);
    expect(r1).toContain('Aarav Deshmukh');
    expect(r1?.normalize('NFC')).toMatch(/सई\s*पाटील/); // Devanagari as entered, real text
    expect(r1).toMatch(/Candidate's .*signature/); // the header's two columns of boxes, read across lines
    expect(r1).toMatch(/OMR sheet .*No\./);
    expect(r1).toContain('Invigilator 1: name and signature');
    expect(r2).toContain('Room R2');
    expect(r2).toContain('Chirag Joshi');
    expect(r2).toContain('Sec');
    expect(r2).not.toContain('M-21-001-0001-4');

    const door = readPdf((await file(key, 'door-list').expect(200)).body as Buffer, dir).text;
    expect(door).toContain('Door list · Nashik Centre (NSK01)');
    expect(door).toMatch(/R1\s+M-21-001-0001-4\s+M-21-001-0002-2\s+2/);
    expect(door).toMatch(/R2\s+M-21-001-0003-0\s+M-21-001-0003-0\s+1/);

    const summary = readPdf((await file(key, 'summary').expect(200)).body as Buffer, dir).text;
    expect(summary).toContain('3 rooms, 65 seats');
    expect(summary).toMatch(/Mains Prime\s+2027-01-17 at 10:30\s+2\s+3\s+55/);
    expect(summary).toMatch(/Lab\s+10\s+0/);
  });

  it('answers the lists made at once when asked again with the same key, and drops them when a candidate on them changes', async () => {
    const again = await http.post(CENTRE_LIST_PATHS.lists).set(internal).send(lists(key)).expect(202);
    expect(again.body.data.status).toBe('completed');

    expect(await app.get(CentreListBuilder).removeContaining('KBE700002CLA')).toBe(1);
    await http.get(CENTRE_LIST_PATHS.job(key)).set(internal).expect(404);
    await file(key, 'attendance').expect(404);
    const renewed = await http.post(CENTRE_LIST_PATHS.lists).set(internal).send(lists(key)).expect(202);
    expect(renewed.body.data.status).toBe('queued');
    await file(key, 'attendance').expect(409);
    await completed(key);
  });
});
