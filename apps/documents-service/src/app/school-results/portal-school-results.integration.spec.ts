import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { PORTAL_RESULTS_MESSAGES, PORTAL_RESULTS_PATHS, PORTAL_RESULTS_REPORT_COLUMNS, type CandidateResult } from '@kbe/contracts';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { freePort, isolatedInfraEnv } from '@kbe/server-testing';
import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { AppModule as DocumentsAppModule } from '../app.module';
import { documentsEnvSchema, LARGE_JSON_BODIES, SERVICE_NAME as DOCUMENTS_SERVICE } from '../documents.config';
// The real registration-service (the portal), started in this process: it asks this service for
// the PDF, as in production. Test-only cross-project imports (documents-service's specs may start
// registration-service; the reverse would make the build graph circular).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { AppModule } from '../../../../registration-service/src/app/app.module';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { CandidateDirectoryKeeper } from '../../../../registration-service/src/app/candidates/directory/candidate-directory.keeper';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { storedCandidate } from '../../../../registration-service/src/app/consent/testing/guardian-sms.fixture';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { registrationEnvSchema, SERVICE_NAME } from '../../../../registration-service/src/app/registration.config';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { seedPortalAccounts } from '../../../../registration-service/src/app/portal/testing/portal-accounts.seed';

const env = isolatedInfraEnv({ EDITION_YEAR: '2027' });

const SCHOOL_A = { code: 'SCH-RRRA22', name: 'Nashik Model School', phone: '9811100011' };
const SCHOOL_B = { code: 'SCH-RRRB22', name: 'Pune Science School', phone: '9811100012' };
const MENTOR_A1 = { code: 'MEN-RRRA33', school: SCHOOL_A.code, name: 'Anita Deshmukh', phone: '9822200031', active: true };
const MENTOR_A2 = { code: 'MEN-RRRA44', school: SCHOOL_A.code, name: 'Ravi Kale', phone: '9822200032', active: true };
const MENTOR_B1 = { code: 'MEN-RRRB33', school: SCHOOL_B.code, name: 'Sunita Pawar', phone: '9822200041', active: true };

const result = (fields: Partial<CandidateResult>): CandidateResult => ({
  level: 'Mains',
  category: 'Sec',
  rollNumber: 'M-21-001-0001-0',
  score: 50,
  maxMarks: 100,
  absent: false,
  rank: 5,
  medal: null,
  qualified: false,
  nextLevel: null,
  publishedAt: '2027-02-01T05:00:00.000Z',
  ...fields,
});

const PUPILS = [
  { code: 'KBE300001RSA', mentor: MENTOR_A1, name: 'Aarav Patil', standard: '8th', results: [result({ rollNumber: 'M-21-001-0001-0', score: 91, rank: 1, medal: 'gold', qualified: true, nextLevel: 'Advanced' })] },
  { code: 'KBE300002RSA', mentor: MENTOR_A1, name: 'आरव पाटील', standard: '6th', results: [result({ category: 'Prime', rollNumber: 'M-21-001-0002-0', score: null, absent: true, rank: null })] },
  { code: 'KBE300003RSA', mentor: MENTOR_A2, name: '=HYPERLINK("x")', standard: '9th', results: [result({ rollNumber: 'M-21-001-0003-0', score: 62.5, rank: 3, medal: 'bronze', qualified: true, nextLevel: 'Advanced' })] },
  { code: 'KBE300004RSA', mentor: MENTOR_A2, name: 'No Result Yet', standard: '9th', results: [] },
  { code: 'KBE300005RSB', mentor: MENTOR_B1, name: 'Neha Joshi', standard: '8th', results: [result({ rollNumber: 'M-21-001-0005-0', score: 99, rank: 1, medal: 'gold', qualified: true, nextLevel: 'Advanced' })] },
];

/** Sessions stored as a sign-in stores them (the sign-in by SMS code is portal.integration.spec's): token -> principal. */
const TOKENS = {
  schoolA: { token: 'a'.repeat(43), role: 'school', code: SCHOOL_A.code, schoolCode: SCHOOL_A.code },
  schoolB: { token: 'b'.repeat(43), role: 'school', code: SCHOOL_B.code, schoolCode: SCHOOL_B.code },
  mentorA2: { token: 'c'.repeat(43), role: 'mentor', code: MENTOR_A2.code, schoolCode: SCHOOL_A.code },
} as const;

const binary = (res: request.Response, callback: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => callback(null, Buffer.concat(chunks)));
};

describe("the school report of results in the portal (registration-service and documents-service with Chromium, FerretDB)", () => {
  let app: INestApplication;
  let documents: INestApplication;
  let connection: Connection;
  let dir: string;

  const get = (path: string, level: string | undefined, session?: keyof typeof TOKENS) => {
    const req = request(app.getHttpServer()).get(path).query(level === undefined ? {} : { level });
    return session ? req.set('authorization', `Bearer ${TOKENS[session].token}`) : req;
  };
  const pdfText = (pdf: Buffer) => {
    const file = join(dir, `report-${Date.now()}.pdf`);
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8').replace(/\s+/g, ' ');
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kbe-portal-results-it-'));
    const documentsConfig = loadConfig(documentsEnvSchema, { ...env, DOCUMENT_SIGNING_SECRET: randomBytes(32).toString('hex') });
    documents = await createServiceApp({ service: DOCUMENTS_SERVICE, module: DocumentsAppModule.forRoot(documentsConfig), config: documentsConfig, largeJsonBodies: LARGE_JSON_BODIES });
    const documentsPort = await freePort();
    await documents.listen(documentsPort, '127.0.0.1');

    const config = loadConfig(registrationEnvSchema, { ...env, DOCUMENTS_SERVICE_URL: `http://127.0.0.1:${documentsPort}` });
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config });
    await app.init();
    connection = app.get<Connection>(getConnectionToken());
    await seedPortalAccounts(connection, [SCHOOL_A, SCHOOL_B], [MENTOR_A1, MENTOR_A2, MENTOR_B1], '2720888000');
    await connection.collection('candidates').insertMany(
      PUPILS.map((pupil, i) => {
        const stored = storedCandidate(pupil.code, `98765200${String(i).padStart(2, '0')}`, undefined, {
          mentorCode: pupil.mentor.code,
          schoolCode: pupil.mentor.school,
          nameSearch: pupil.name.toLowerCase(),
          results: pupil.results,
          resultLevels: pupil.results.map((held) => held.level),
        });
        return {
          ...stored,
          personalDetails: { ...stored.personalDetails, fullName: pupil.name },
          educationalDetails: { ...stored.educationalDetails, standard: pupil.standard },
        } as never;
      }),
    );
    const now = Date.now();
    await connection.collection('portal_sessions').insertMany(
      Object.values(TOKENS).map(({ token, ...principal }) => ({
        _id: createHash('sha256').update(token).digest('hex') as never,
        ...principal,
        createdAt: new Date(now),
        expiresAt: new Date(now + 3600_000),
      })),
    );
    await app.get(CandidateDirectoryKeeper).build();
  }, 180_000);

  afterAll(async () => {
    rmSync(dir, { recursive: true, force: true });
    await connection?.dropDatabase();
    await app?.close();
    await documents?.close();
  });

  it('needs a session (401) and a level (400 with the message)', async () => {
    await get(PORTAL_RESULTS_PATHS.reportCsv, 'Mains').expect(401);
    const missing = await get(PORTAL_RESULTS_PATHS.reportCsv, undefined, 'schoolA').expect(400);
    expect(missing.body.errors).toEqual([expect.objectContaining({ field: 'level', message: PORTAL_RESULTS_MESSAGES.levelRequired })]);
    const wrong = await get(PORTAL_RESULTS_PATHS.reportPdf, 'Finals', 'schoolA').expect(400);
    expect(wrong.body.errors).toEqual([expect.objectContaining({ field: 'level', message: PORTAL_RESULTS_MESSAGES.levelRequired })]);
  });

  it("CSV: the school's pupils with a published result, by category and rank, formula-safe; never another school's", async () => {
    const response = await get(PORTAL_RESULTS_PATHS.reportCsv, 'Mains', 'schoolA').expect(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe('attachment; filename="SCH-RRRA22_Mains_results.csv"');
    expect(response.headers['cache-control']).toBe('no-store');
    const lines = response.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe(PORTAL_RESULTS_REPORT_COLUMNS.join(','));
    expect(lines.slice(1)).toEqual([
      'KBE300002RSA,आरव पाटील,6th,MEN-RRRA33,M-21-001-0002-0,Prime,,100,yes,,,no,',
      'KBE300001RSA,Aarav Patil,8th,MEN-RRRA33,M-21-001-0001-0,Sec,91,100,no,1,gold,yes,Advanced',
      `KBE300003RSA,"'=HYPERLINK(""x"")",9th,MEN-RRRA44,M-21-001-0003-0,Sec,62.5,100,no,3,bronze,yes,Advanced`,
    ]);
    const other = await get(PORTAL_RESULTS_PATHS.reportCsv, 'Mains', 'schoolB').expect(200);
    expect(other.text).toContain('KBE300005RSB');
    expect(other.text).not.toContain('RSA');
  });

  it('CSV: a mentor sees only their own pupils', async () => {
    const response = await get(PORTAL_RESULTS_PATHS.reportCsv, 'Mains', 'mentorA2').expect(200);
    const codes = response.text.trim().split('\r\n').slice(1).map((line) => line.split(',')[0]);
    expect(codes).toEqual(['KBE300003RSA']);
  });

  it('404 with the message when no pupil has a published result of the level', async () => {
    const none = await get(PORTAL_RESULTS_PATHS.reportCsv, 'Advanced', 'schoolA').expect(404);
    expect(none.body.message).toBe(PORTAL_RESULTS_MESSAGES.notPublished('Advanced'));
    const pdf = await get(PORTAL_RESULTS_PATHS.reportPdf, 'Super Advanced', 'schoolB').expect(404);
    expect(pdf.body.message).toBe(PORTAL_RESULTS_MESSAGES.notPublished('Super Advanced'));
  });

  it('PDF: the school, level and year, the counts, a table per category, names as text; a mentor’s holds their pupils only', async () => {
    const response = await get(PORTAL_RESULTS_PATHS.reportPdf, 'Mains', 'schoolA').buffer(true).parse(binary).expect(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="SCH-RRRA22_Mains_results.pdf"');
    const printed = pdfText(response.body as Buffer);
    expect(printed).toContain('KBE Young Scientist Competition 2027');
    expect(printed).toContain('Mains results');
    expect(printed).toContain('Nashik Model School (SCH-RRRA22)');
    expect(printed).toMatch(/3 Pupils 2 Sat the paper 1 Gold medals 0 Silver medals 1 Bronze medals 2 Qualified/);
    expect(printed).toContain('Prime category');
    expect(printed).toContain('Sec category');
    expect(printed).toContain('आरव पाटील');
    expect(printed).not.toContain('Neha Joshi');

    const mentor = pdfText((await get(PORTAL_RESULTS_PATHS.reportPdf, 'Mains', 'mentorA2').buffer(true).parse(binary).expect(200)).body as Buffer);
    expect(mentor).toContain('Mentor MEN-RRRA44');
    expect(mentor).toContain('KBE300003RSA');
    expect(mentor).not.toContain('Aarav Patil');
  }, 60_000);
});
