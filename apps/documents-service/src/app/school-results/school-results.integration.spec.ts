import { DOCUMENTS_INTERNAL_PATHS } from '@kbe/contracts';
import { loadConfig } from '@kbe/server-config';
import { isolatedInfraEnv, useServiceApp } from '@kbe/server-testing';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { AppModule } from '../app.module';
import { documentsEnvSchema, LARGE_JSON_BODIES, SERVICE_NAME } from '../documents.config';
import { resultRow, schoolResultsReport } from './school-results-report.fixture';

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe("a school's results report PDF against real Chromium", () => {
  const config = loadConfig(documentsEnvSchema, isolatedInfraEnv({ DOCUMENT_SIGNING_SECRET: randomBytes(32).toString('hex'), EDITION_YEAR: '2027' }));
  const app = useServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config, largeJsonBodies: LARGE_JSON_BODIES });
  const internal = { 'x-internal-token': config.INTERNAL_API_TOKEN };
  const post = (body: object, headers: Record<string, string> = internal) =>
    request(app().getHttpServer()).post(DOCUMENTS_INTERNAL_PATHS.schoolResultsPdf).set(headers).send(body);
  let dir: string;

  /** Text of a PDF as `pdftotext` (poppler) extracts it, blanks squashed. */
  function pdfText(pdf: Buffer): string {
    const file = join(dir, `report-${Date.now()}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8').replace(/\s+/g, ' ');
  }

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'kbe-school-results-it-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers the readable report: school, level, year, the counts, a table per category with names as text', async () => {
    const response = await post(schoolResultsReport()).buffer(true).parse(binary).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="SCH-AAAA22_Mains_results.pdf"');
    expect(response.headers['cache-control']).toBe('no-store');
    const printed = pdfText(response.body as Buffer);
    expect(printed).toContain('KBE Young Scientist Competition 2027');
    expect(printed).toContain('Mains results');
    expect(printed).toContain('Nashik Model School (SCH-AAAA22)');
    expect(printed).toMatch(/3 Pupils 2 Sat the paper 1 Gold medals 0 Silver medals 0 Bronze medals 1 Qualified/);
    expect(printed).toContain('Prime category');
    expect(printed).toContain('Sec category');
    expect(printed).toContain('आरव पाटील');
    expect(printed).toContain('88.5 / 100');
    expect(printed).toContain('Yes, for Advanced');
  }, 60_000);

  it('takes a large school (1,500 rows, beyond the general body limit) over several pages', async () => {
    const rows = Array.from({ length: 1500 }, (_, i) =>
      resultRow({ candidateCode: `KBE${String(200000 + i)}ABC`, name: `Pupil number ${i}`, rank: i + 1, medal: null, qualified: false, nextLevel: null }),
    );
    const response = await post(schoolResultsReport({ rows })).buffer(true).parse(binary).expect(200);
    expect(pdfText(response.body as Buffer)).toContain('Pupil number 1499');
  }, 120_000);

  it('answers 401 without the internal token, 400 naming the field of a malformed row', async () => {
    expect((await post(schoolResultsReport(), {})).status).toBe(401);
    const bad = await post({ ...schoolResultsReport(), rows: [{ ...resultRow(), medal: 'platinum' }] }).expect(400);
    expect(bad.body.errors).toEqual([expect.objectContaining({ field: 'rows.0.medal' })]);
  });
});
