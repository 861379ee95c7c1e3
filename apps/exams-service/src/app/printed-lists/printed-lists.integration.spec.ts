import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CENTRE_LIST_ADMIN_PATHS, CENTRE_LIST_PATHS, centreListsRequestSchema, type CentreInput, type CentreLists, type CentreListsRequest } from '@kbe/contracts';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { adminTokenFor, isolatedInfraEnv } from '@kbe/server-testing';
import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { AppModule } from '../app.module';
import { examsEnvSchema, LARGE_JSON_BODIES, SERVICE_NAME } from '../exams.config';

const env = isolatedInfraEnv({ EDITION_YEAR: '2026' });
const config = loadConfig(examsEnvSchema, env);
const token = adminTokenFor(env);
const viewerToken = adminTokenFor(env, 'it-viewer', 'viewer');
const PDF = Buffer.from('%PDF-1.4\n% the lists\n%%EOF\n');

/**
 * documents-service's centre lists as the contract states them (the request schema refuses
 * anything else): a job is running at the first request of a key and completed at the next.
 */
class DocumentsListsServer {
  readonly requests: CentreListsRequest[] = [];
  private readonly asked = new Map<string, number>();
  private server: Server | undefined;
  available = true;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const answer = (status: number, data: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
        if (!this.available) return answer(503, { message: 'down' });
        if (req.headers['x-internal-token'] !== config.INTERNAL_API_TOKEN) return answer(401, { message: 'Internal API token required' });
        if (req.method === 'POST' && req.url === CENTRE_LIST_PATHS.lists) {
          const parsed = centreListsRequestSchema.parse(JSON.parse(body));
          this.requests.push(parsed);
          const times = (this.asked.get(parsed.key) ?? 0) + 1;
          this.asked.set(parsed.key, times);
          const total = parsed.papers.reduce((n, paper) => n + paper.rooms.reduce((m, room) => m + room.seats.length, 0), 0);
          const job: CentreLists = {
            key: parsed.key,
            status: times === 1 ? 'running' : 'completed',
            total,
            processed: times === 1 ? 1 : total,
            withoutPhoto: 0,
            createdAt: new Date().toISOString(),
            finishedAt: null,
            sizes: times === 1 ? null : { attendance: PDF.length, 'door-list': PDF.length, summary: PDF.length },
            error: null,
          };
          return answer(202, { success: true, data: job });
        }
        const file = /^\/internal\/centre-lists\/([0-9a-f]{64})\/(attendance|door-list|summary)$/.exec(req.url ?? '');
        if (req.method === 'GET' && file && (this.asked.get(file[1] ?? '') ?? 0) > 1) return res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': PDF.length }).end(PDF);
        return answer(404, { message: 'Not found' });
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const documents = new DocumentsListsServer();

const centre: CentreInput = {
  code: 'NSK01',
  name: 'Nashik Centre',
  address: 'College road, Nashik',
  district: 'Nashik',
  taluka: 'Nashik',
  contact: '9876543210',
  rooms: [
    { name: 'R1', capacity: 30 },
    { name: 'R2', capacity: 25 },
  ],
  sittings: [
    { level: 'Mains', category: 'Prime', date: '2027-01-17', startTime: '10:30', reportingTime: '09:45', rooms: ['R1'] },
    { level: 'Mains', category: 'Sec', date: '2027-01-17', startTime: '10:30', reportingTime: '09:45', rooms: ['R2'] },
  ],
};

/** A seat as the allocation stores it. */
const seat = (n: number, room: string, seatInRoom: number) => ({
  _id: `Mains:KBE70000${n}CLA`,
  candidateCode: `KBE70000${n}CLA`,
  level: 'Mains',
  centreCode: 'NSK01',
  room,
  seatInRoom,
  date: '2027-01-17',
  startTime: '10:30',
  reportingTime: '09:45',
  sequence: n,
  rollNumber: `M-21-001-000${n}-0`,
  jobId: 'it',
  allocatedAt: new Date(),
  absent: null,
  attendanceRecordedAt: null,
});

describe("a centre's printed lists: /api/admin/centres/{code}/attendance.pdf (exams-service, FerretDB; documents-service as its contract states)", () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  const asAdmin = <T extends { set: (name: string, value: string) => T }>(test: T): T => test.set('Authorization', `Bearer ${token}`);

  beforeAll(async () => {
    const withDocuments = { ...config, DOCUMENTS_SERVICE_URL: await documents.start() };
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(withDocuments), config: withDocuments, largeJsonBodies: LARGE_JSON_BODIES });
    await app.init();
  }, 60_000);
  afterAll(async () => {
    await app?.get<Connection>(getConnectionToken()).dropDatabase();
    await app?.close();
    await documents.stop();
  });

  it('needs an admin token (401), answers 404 for an unknown centre and 409 for a centre without seats', async () => {
    await http().get(CENTRE_LIST_ADMIN_PATHS.attendance('NSK01')).expect(401);
    const unknown = await asAdmin(http().get(CENTRE_LIST_ADMIN_PATHS.attendance('XYZ99'))).expect(404);
    expect(unknown.body.message).toBe('Centre XYZ99 not found');
    await asAdmin(http().post('/api/admin/centres')).send(centre).expect(201);
    const empty = await asAdmin(http().get(CENTRE_LIST_ADMIN_PATHS.doorList('nsk01'))).expect(409);
    expect(empty.body.message).toBe('Centre NSK01 has no seats allocated: allocate seats before printing its lists');
    expect(documents.requests).toEqual([]);
  });

  it('starts the job (202 with progress and Retry-After), then serves the PDF; a viewer may print', async () => {
    // seated out of order on purpose: the request is in roll order, papers and rooms as the centre lists them
    await app
      .get<Connection>(getConnectionToken())
      .collection('seats')
      .insertMany([seat(3, 'R2', 1), seat(2, 'R1', 2), seat(1, 'R1', 1)] as never[]);

    const first = await asAdmin(http().get(CENTRE_LIST_ADMIN_PATHS.attendance('NSK01'))).expect(202);
    expect(first.headers['retry-after']).toBe('2');
    expect(first.body).toEqual({ success: true, data: { status: 'running', percent: 33, total: 3, processed: 1, error: null } });
    const [asked] = documents.requests;
    expect(asked?.centre).toEqual({ code: 'NSK01', name: 'Nashik Centre', address: 'College road, Nashik', district: 'Nashik', taluka: 'Nashik' });
    expect(asked?.papers.map((paper) => [paper.level, paper.category, paper.rooms.map((room) => [room.name, room.capacity, room.seats.map((s) => s.rollNumber)])])).toEqual([
      ['Mains', 'Prime', [['R1', 30, ['M-21-001-0001-0', 'M-21-001-0002-0']]]],
      ['Mains', 'Sec', [['R2', 25, ['M-21-001-0003-0']]]],
    ]);

    const pdf = await http().get(CENTRE_LIST_ADMIN_PATHS.attendance('NSK01')).set('Authorization', `Bearer ${viewerToken}`).buffer(true).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="NSK01-attendance.pdf"');
    expect(Buffer.from(pdf.body as Buffer).subarray(0, 8).toString()).toBe('%PDF-1.4');
    await asAdmin(http().get(CENTRE_LIST_ADMIN_PATHS.summary('NSK01'))).expect(200);
    // the same seats and centre: the same key every time (cached until the allocation changes)
    expect(new Set(documents.requests.map((r) => r.key)).size).toBe(1);
  });

  it('asks for new lists once the centre or its seats change, and answers 503 while documents-service is away', async () => {
    await asAdmin(http().put('/api/admin/centres/NSK01')).send({ ...centre, name: 'Nashik Centre One' }).expect(200);
    await asAdmin(http().get(CENTRE_LIST_ADMIN_PATHS.doorList('NSK01'))).expect(202);
    expect(new Set(documents.requests.map((r) => r.key)).size).toBe(2);

    documents.available = false;
    const down = await asAdmin(http().get(CENTRE_LIST_ADMIN_PATHS.doorList('NSK01'))).expect(503);
    expect(down.body.message).toBe('The printed lists cannot be made right now (documents-service unavailable). Please try again in a minute.');
    documents.available = true;
  });
});
