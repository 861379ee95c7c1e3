import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DOCUMENTS_INTERNAL_PATHS, schoolResultsReportPdfPath, schoolResultsReportSchema, type SchoolResultsReport } from '@kbe/contracts';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { adminTokenFor, isolatedInfraEnv } from '@kbe/server-testing';
import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { AppModule } from '../app.module';
import { examsEnvSchema, LARGE_JSON_BODIES, SERVICE_NAME } from '../exams.config';
import { RESULTS_MESSAGES } from './results.messages';

const env = isolatedInfraEnv({ EDITION_YEAR: '2027' });
const config = loadConfig(examsEnvSchema, env);
const token = adminTokenFor(env);
const viewerToken = adminTokenFor(env, 'it-viewer', 'viewer');
const PDF = Buffer.from('%PDF-1.4\n% the school report\n%%EOF\n');

/** documents-service's school-results route as the contract states it: the body parsed with its schema, a PDF answered. */
class DocumentsResultsServer {
  readonly reports: SchoolResultsReport[] = [];
  available = true;
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        const answer = (status: number, data: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
        if (!this.available) return answer(503, { message: 'down' });
        if (req.headers['x-internal-token'] !== config.INTERNAL_API_TOKEN) return answer(401, { message: 'Internal API token required' });
        if (req.method !== 'POST' || req.url !== DOCUMENTS_INTERNAL_PATHS.schoolResultsPdf) return answer(404, { message: 'Not found' });
        const parsed = schoolResultsReportSchema.safeParse(JSON.parse(body));
        if (!parsed.success) return answer(400, { message: parsed.error.message });
        this.reports.push(parsed.data);
        return res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': PDF.length }).end(PDF);
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
const documents = new DocumentsResultsServer();

const row = (n: number, fields: Record<string, unknown>) => ({
  _id: `Mains:KBE10000${n}ABC`,
  level: 'Mains',
  candidateCode: `KBE10000${n}ABC`,
  rollNumber: `M-21-001-000${n}-0`,
  category: 'Prime',
  schoolCode: 'SCH-AAAAAA',
  score: 50,
  absent: false,
  rank: 4,
  medal: null,
  qualified: false,
  order: 4,
  ...fields,
});

describe("the admin's school report as PDF: /api/admin/results/{level}/report.pdf (exams-service, FerretDB; documents-service as its contract states)", () => {
  let app: INestApplication;
  const http = () => request(app.getHttpServer());
  const pdf = (path: string, bearer = token) => http().get(path).set('Authorization', `Bearer ${bearer}`);

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

  it('needs an admin token (401); 400 for a bad level or school; 404 before any import', async () => {
    await http().get(`${schoolResultsReportPdfPath('Mains')}?school=SCH-AAAAAA`).expect(401);
    await pdf(`${schoolResultsReportPdfPath('Mains')}?school=nope`).expect(400);
    await pdf('/api/admin/results/Finals/report.pdf?school=SCH-AAAAAA').expect(400);
    const none = await pdf(`${schoolResultsReportPdfPath('Mains')}?school=SCH-AAAAAA`).expect(404);
    expect(none.body.message).toBe(RESULTS_MESSAGES.nothingImported('Mains'));
    expect(documents.reports).toEqual([]);
  });

  it("sends the school's ranked rows to documents-service and answers its PDF; a viewer may download; another school with none is 404", async () => {
    const db = app.get<Connection>(getConnectionToken());
    await db.collection('result_levels').insertOne({
      _id: 'Mains' as never,
      status: 'imported',
      fileHash: 'f'.repeat(64),
      importedAt: new Date(),
      importedBy: 'it-admin',
      publishedAt: null,
      withdrawnAt: null,
      lines: 3,
      sat: 2,
      absent: 1,
      categories: [],
      publication: null,
    });
    await db.collection('results').insertMany([
      row(1, { score: 97, rank: 1, medal: 'gold', qualified: true, order: 1 }),
      row(2, { score: null, absent: true, rank: null, order: 1_000_000 }),
      row(3, { schoolCode: 'SCH-BBBBBB' }),
    ] as never[]);

    const response = await pdf(`${schoolResultsReportPdfPath('Mains')}?school=sch-aaaaaa`, viewerToken).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="SCH-AAAAAA_Mains_results.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(Buffer.from(response.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect(documents.reports).toEqual([
      {
        schoolCode: 'SCH-AAAAAA',
        schoolName: null,
        mentorCode: null,
        level: 'Mains',
        generatedAt: expect.any(String),
        rows: [
          { candidateCode: 'KBE100001ABC', name: null, standard: null, mentorCode: null, rollNumber: 'M-21-001-0001-0', category: 'Prime', score: 97, maxMarks: 100, absent: false, rank: 1, medal: 'gold', qualified: true, nextLevel: 'Advanced' },
          { candidateCode: 'KBE100002ABC', name: null, standard: null, mentorCode: null, rollNumber: 'M-21-001-0002-0', category: 'Prime', score: null, maxMarks: 100, absent: true, rank: null, medal: null, qualified: false, nextLevel: null },
        ],
      },
    ]);

    const other = await pdf(`${schoolResultsReportPdfPath('Mains')}?school=SCH-CCCCCC`).expect(404);
    expect(other.body.message).toBe(RESULTS_MESSAGES.schoolHasNone('Mains', 'SCH-CCCCCC'));
  });

  it('answers 503 with the sentence when documents-service cannot make the PDF', async () => {
    documents.available = false;
    try {
      const down = await pdf(`${schoolResultsReportPdfPath('Mains')}?school=SCH-AAAAAA`).expect(503);
      expect(down.body.message).toBe(RESULTS_MESSAGES.pdfUnavailable);
    } finally {
      documents.available = true;
    }
  });
});
