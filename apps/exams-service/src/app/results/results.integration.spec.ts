import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  examResultsRequestSchema,
  resultsWithdrawalRequestSchema,
  seatingQuerySchema,
  type ExamLevel,
  type ExamResultsRequest,
  type LevelResultsSummary,
  type RankedResult,
  type SeatingCandidate,
} from '@kbe/contracts';
import { loadConfig } from '@kbe/server-config';
import { adminTokenFor, isolatedInfraEnv } from '@kbe/server-testing';
import { createServiceApp } from '@kbe/server-bootstrap';
import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import request from 'supertest';
import { rollNumber } from '../allocation/roll-number';
import { AppModule } from '../app.module';
import { examsEnvSchema, LARGE_JSON_BODIES, SERVICE_NAME, type ExamsConfig } from '../exams.config';

/**
 * registration-service's side as its contract states it (the request schemas of @kbe/contracts
 * refuse anything else): the seating feed (category and school of each candidate), the results
 * handed over, and the withdrawal, refused while `certificatesOut`.
 */
class RegistrationResultsServer {
  readonly candidates: SeatingCandidate[] = [];
  readonly received: ExamResultsRequest['results'][] = [];
  readonly withdrawals: ExamLevel[] = [];
  certificatesOut = false;
  refuseResults = false;
  /** While set, the results hand-over answers only once it settles (a slow registration-service). */
  holdResults: Promise<void> | null = null;
  private server: Server | undefined;

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => void this.handle(req, res, body));
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server?.address() as AddressInfo).port}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse, body: string): Promise<unknown> {
    const url = new URL(req.url ?? '/', 'http://x');
    const answer = (status: number, data: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
    if (req.headers['x-internal-token'] !== config.INTERNAL_API_TOKEN) return answer(401, { message: 'Internal API token required' });
    if (req.method === 'GET' && url.pathname === '/internal/candidates/seating') {
      const query = seatingQuerySchema.parse(Object.fromEntries(url.searchParams));
      const after = this.candidates.filter((c) => query.after === undefined || c.candidateCode > query.after).sort((a, b) => (a.candidateCode < b.candidateCode ? -1 : 1));
      const page = after.slice(0, query.limit);
      return answer(200, { success: true, data: { candidates: page, next: page.length === query.limit ? (page.at(-1)?.candidateCode ?? null) : null } });
    }
    if (req.method === 'PUT' && url.pathname === '/internal/candidates/results') {
      if (this.refuseResults) return answer(400, { success: false, message: 'Refused on purpose' });
      await this.holdResults;
      const { results } = examResultsRequestSchema.parse(JSON.parse(body));
      this.received.push(results);
      return answer(200, { success: true, data: { outcomes: results.map((result) => ({ candidateCode: result.candidateCode, outcome: 'published' })) } });
    }
    if (req.method === 'POST' && url.pathname === '/internal/candidates/results/withdrawal') {
      const { level } = resultsWithdrawalRequestSchema.parse(JSON.parse(body));
      if (this.certificatesOut) return answer(409, { success: false, message: `Certificates of ${level} are released; take them back before withdrawing the results` });
      this.withdrawals.push(level);
      return answer(200, { success: true, data: { withdrawn: 9 } });
    }
    return answer(404, { message: 'Not found' });
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const registration = new RegistrationResultsServer();
const env = isolatedInfraEnv({ EDITION_YEAR: '2026' });
const config = loadConfig(examsEnvSchema, env);
const token = adminTokenFor(env);
const viewerToken = adminTokenFor(env, 'it-viewer', 'viewer');

const code = (n: number) => `KBE6000${String(n).padStart(2, '0')}RES`;
const roll = (n: number, level: ExamLevel = 'Mains') => rollNumber({ level, districtNumber: 21, centreNumber: 14, sequence: n });
const pupil = (n: number, fields: Partial<SeatingCandidate> = {}): SeatingCandidate => ({
  candidateCode: code(n),
  level: 'Mains',
  category: 'Prime',
  district: 'Nashik',
  taluka: 'Niphad',
  schoolCode: n % 2 ? 'SCH-AAAAAA' : 'SCH-BBBBBB',
  feesPaid: true,
  consent: 'given',
  hallTicketReleased: true,
  seatNumber: roll(n),
  rollNumber: roll(n),
  ...fields,
});
const seat = (n: number, level: ExamLevel, absent: boolean | null) => ({
  _id: `${level}:${code(n)}`,
  candidateCode: code(n),
  level,
  centreCode: 'NSK01',
  room: 'R1',
  seatInRoom: n,
  date: '2027-01-17',
  startTime: '10:30',
  reportingTime: '09:45',
  sequence: n,
  rollNumber: roll(n, level),
  jobId: 'seeded',
  allocatedAt: new Date(),
  absent,
  attendanceRecordedAt: absent === null ? null : new Date(),
});
const csv = (...lines: string[]) => `${lines.join('\r\n')}\r\n`;

// Prime: 1, 2, 3, 4, 5 (absent), 6, 11 (named by candidate code); Sec: 7, 8 (absent, as the attendance says)
const GOOD = csv(
  'Roll Number,Candidate Code,Score,Absent',
  `${roll(1)},,90,no`,
  `${roll(2)},,80,`,
  `${roll(3)},,80,no`,
  `${roll(4)},,70,no`,
  `${roll(5)},,,yes`,
  `${roll(6)},,50,no`,
  `${roll(7)},,45.5,no`,
  `${roll(8)},,,yes`,
  `,${code(11)},30,no`,
);

describe('results: /api/admin/results and /api/results (exams-service, FerretDB; registration-service as its contract states)', () => {
  let app: INestApplication;
  let appWithoutMeritList: INestApplication;
  const http = () => request(app.getHttpServer());
  const asAdmin = <T extends { set: (name: string, value: string) => T }>(test: T): T => test.set('Authorization', `Bearer ${token}`);
  const summary = async (): Promise<LevelResultsSummary> => (await asAdmin(http().get('/api/admin/results/Mains')).expect(200)).body.data;
  const importFile = (body: object) => asAdmin(http().post('/api/admin/results/import')).send({ level: 'Mains', ...body });
  /** Polls the summary until the publication started ends. */
  const publication = async (): Promise<LevelResultsSummary> => {
    for (const deadline = Date.now() + 30_000; Date.now() < deadline; ) {
      const level = await summary();
      if (level.publication?.finishedAt) return level;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the publication did not end within 30 s');
  };
  const auditActions = async () =>
    (await app.get<Connection>(getConnectionToken()).collection('audit_entries').find({ targetType: 'results' }).sort({ at: 1 }).toArray()).map((entry) => [entry['action'], entry['targetId'], entry['actor']]);

  beforeAll(async () => {
    const withRegistration: ExamsConfig = { ...config, REGISTRATION_SERVICE_URL: await registration.start(), EDITION_PUBLIC_MERIT_LIST: true };
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(withRegistration), config: withRegistration, largeJsonBodies: LARGE_JSON_BODIES });
    await app.init();
    const withoutMeritList = { ...withRegistration, EDITION_PUBLIC_MERIT_LIST: false };
    appWithoutMeritList = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(withoutMeritList), config: withoutMeritList, largeJsonBodies: LARGE_JSON_BODIES });
    await appWithoutMeritList.init();
    registration.candidates.push(
      ...[1, 2, 3, 4, 5, 6, 11].map((n) => pupil(n)),
      pupil(7, { category: 'Sec' }),
      pupil(8, { category: 'Sec' }),
      pupil(9, { level: 'Advanced', rollNumber: roll(9, 'Advanced'), seatNumber: roll(9, 'Advanced') }),
    );
    // 10 is seated for Mains but erased since (not in the feed)
    const seats = [1, 2, 3, 4, 5, 6, 7, 10, 11].map((n) => seat(n, 'Mains', n === 5 ? true : false));
    await app.get<Connection>(getConnectionToken()).collection('seats').insertMany([...seats, seat(8, 'Mains', true), seat(9, 'Advanced', false)] as never[]);
  }, 60_000);
  afterAll(async () => {
    await app?.get<Connection>(getConnectionToken()).dropDatabase();
    await appWithoutMeritList?.close();
    await app?.close();
    await registration.stop();
  });

  it('answers 401 on every admin route without a token, and 403 to a viewer who writes (a viewer may read)', async () => {
    for (const path of ['/api/admin/results/Mains', '/api/admin/results/Mains/candidates', '/api/admin/results/Mains/report.csv?school=SCH-AAAAAA']) await http().get(path).expect(401);
    for (const path of ['/api/admin/results/import', '/api/admin/results/publish', '/api/admin/results/withdraw']) await http().post(path).send({ level: 'Mains' }).expect(401);
    const viewer = <T extends { set: (name: string, value: string) => T }>(test: T): T => test.set('Authorization', `Bearer ${viewerToken}`);
    await viewer(http().post('/api/admin/results/import')).send({ level: 'Mains', csv: GOOD }).expect(403);
    await viewer(http().post('/api/admin/results/publish')).send({ level: 'Mains' }).expect(403);
    await viewer(http().post('/api/admin/results/withdraw')).send({ level: 'Mains' }).expect(403);
    await viewer(http().get('/api/admin/results/Mains')).expect(200);
  });

  it('before any import: status none with no categories; publishing is refused (409); the school report is 404', async () => {
    expect(await summary()).toEqual({ level: 'Mains', status: 'none', maxMarks: 100, importedAt: null, importedBy: null, publishedAt: null, categories: [], publication: null });
    const refused = await asAdmin(http().post('/api/admin/results/publish')).send({ level: 'Mains' }).expect(409);
    expect(refused.body.message).toBe('No results for Mains are imported; import them first');
    await asAdmin(http().get('/api/admin/results/Mains/report.csv?school=SCH-AAAAAA')).expect(404);
    const badLevel = await asAdmin(http().get('/api/admin/results/Finals')).expect(400);
    expect(JSON.stringify(badLevel.body)).toContain('Level must be Mains, Advanced or Super Advanced');
  });

  it('checks every line and reports every problem per line and field, storing nothing', async () => {
    const file = csv(
      'score,ABSENT,candidate code,Roll Number',
      `72.5,no,,${roll(1)}`,
      `60,,,${roll(1)}`,
      `50,,,M-99-999-9999-9`,
      `50,,,${roll(9, 'Advanced')}`,
      `50,,${code(99)},`,
      `abc,,${code(3)},${roll(2)}`,
      `101,,,${roll(3)}`,
      `72.25,,,${roll(4)}`,
      `40,yes,,${roll(5)}`,
      `,maybe,,${roll(6)}`,
      `,no,,${roll(7)}`,
      `55,no,,${roll(8)}`,
      `30,,,`,
      `20,,,${roll(10)}`,
    );
    const report = (await importFile({ csv: file }).expect(200)).body.data;
    expect(report).toMatchObject({ level: 'Mains', dryRun: false, lines: 14, stored: false, unchanged: false, replaced: false });
    expect(report.problems).toEqual([
      { line: 3, field: 'roll number', message: `Candidate ${code(1)} is already on line 2` },
      { line: 4, field: 'roll number', message: 'Roll number M-99-999-9999-9 has no Mains seat' },
      { line: 5, field: 'roll number', message: `Roll number ${roll(9, 'Advanced')} is seated for Advanced, not Mains` },
      { line: 6, field: 'candidate code', message: `Candidate ${code(99)} has no Mains seat` },
      { line: 7, field: 'candidate code', message: `Roll number ${roll(2)} is the seat of ${code(2)}, not of ${code(3)}` },
      { line: 7, field: 'score', message: 'Score "abc" is not a number' },
      { line: 8, field: 'score', message: 'Score must be between 0 and 100 (the Mains paper)' },
      { line: 9, field: 'score', message: 'Score must be in whole or half marks, e.g. 72 or 72.5' },
      { line: 10, field: 'score', message: 'A line marked absent carries no score' },
      { line: 11, field: 'absent', message: 'absent must be yes or no (empty means no)' },
      { line: 12, field: 'score', message: 'No score: give the score, or mark the line absent' },
      { line: 13, field: 'score', message: 'The attendance of room R1 at NSK01 marked this candidate absent; correct the attendance or mark the line absent' },
      { line: 14, field: 'roll number', message: 'Give the roll number or the candidate code' },
      { line: 15, field: 'roll number', message: `Candidate ${code(10)} is no longer registered (erased since the paper); leave the line out` },
      { line: null, field: null, message: `No line for roll number ${roll(11)} (candidate ${code(11)}), seated for Mains` },
    ]);
    const header = (await importFile({ csv: csv('roll,points', '1,2') }).expect(200)).body.data;
    expect(header.problems).toEqual([{ line: 1, field: 'header', message: 'The first line must name the columns score and absent, and roll number or candidate code' }]);
    expect((await summary()).status).toBe('none');
  });

  it('a dry run of a right file reports what it would store, and stores nothing', async () => {
    const report = (await importFile({ csv: GOOD, dryRun: true }).expect(200)).body.data;
    expect(report).toEqual({ level: 'Mains', dryRun: true, lines: 9, stored: false, unchanged: false, replaced: false, sat: 7, absent: 2, problems: [] });
    expect((await summary()).status).toBe('none');
  });

  it('imports a right file, ranks it per category and summarises it; the same file again changes nothing', async () => {
    const report = (await importFile({ csv: GOOD }).expect(200)).body.data;
    expect(report).toMatchObject({ stored: true, unchanged: false, replaced: false, sat: 7, absent: 2, problems: [] });
    const level = await summary();
    expect(level).toMatchObject({ level: 'Mains', status: 'imported', maxMarks: 100, importedBy: 'it-admin', publishedAt: null });
    const [prime, sec, high] = level.categories;
    expect(prime).toMatchObject({ category: 'Prime', candidates: 7, sat: 6, absent: 1, qualifyingPlaces: 3, cutOff: 80, qualified: 3, medals: { gold: 1, silver: 2, bronze: 0 }, highest: 90, median: 75 });
    expect(prime?.histogram.map((bucket) => bucket.count)).toEqual([0, 0, 0, 1, 0, 1, 0, 1, 2, 1]);
    expect(sec).toMatchObject({ category: 'Sec', candidates: 2, sat: 1, absent: 1, qualifyingPlaces: 1, cutOff: 45.5, qualified: 1, medals: { gold: 1, silver: 0, bronze: 0 } });
    expect(high).toMatchObject({ category: 'High', candidates: 0, sat: 0, cutOff: null, highest: null });

    const again = (await importFile({ csv: GOOD }).expect(200)).body.data;
    expect(again).toMatchObject({ stored: false, unchanged: true, lines: 9, sat: 7, absent: 2 });
    expect(await auditActions()).toEqual([['results.import', 'Mains', 'it-admin']]);
  });

  it('refuses a different file without replace (409), and replaces the results with it (audited)', async () => {
    const changed = GOOD.replace(`${roll(6)},,50,no`, `${roll(6)},,75,no`);
    const refused = (await importFile({ csv: changed }).expect(409)).body;
    expect(refused.message).toMatch(/^Results for Mains are already imported on \d{4}-\d{2}-\d{2}; send replace: true to replace them$/);
    const replaced = (await importFile({ csv: changed, replace: true }).expect(200)).body.data;
    expect(replaced).toMatchObject({ stored: true, replaced: true, problems: [] });
    expect((await summary()).categories[0]).toMatchObject({ qualified: 3, median: 77.5 });
    expect(await auditActions()).toEqual([
      ['results.import', 'Mains', 'it-admin'],
      ['results.replace', 'Mains', 'it-admin'],
    ]);
  });

  it('lists ranked rows page by page (ties share a rank, the next skips, absentees last) and a school report as CSV', async () => {
    const first = (await asAdmin(http().get('/api/admin/results/Mains/candidates?category=Prime&page=1&limit=4')).expect(200)).body;
    expect(first.data.map((row: RankedResult) => [row.rollNumber, row.score, row.rank, row.medal, row.qualified])).toEqual([
      [roll(1), 90, 1, 'gold', true],
      [roll(2), 80, 2, 'silver', true],
      [roll(3), 80, 2, 'silver', true],
      [roll(6), 75, 4, null, false],
    ]);
    expect(first.pagination).toEqual({ current: 1, pages: 2, total: 7 });
    const second = (await asAdmin(http().get('/api/admin/results/Mains/candidates?category=Prime&page=2&limit=4')).expect(200)).body;
    expect(second.data.map((row: RankedResult) => [row.rollNumber, row.rank, row.absent])).toEqual([
      [roll(4), 5, false],
      [roll(11), 6, false],
      [roll(5), null, true],
    ]);
    await asAdmin(http().get('/api/admin/results/Mains/candidates?category=Junior')).expect(400);

    const report = await asAdmin(http().get('/api/admin/results/Mains/report.csv?school=sch-aaaaaa')).expect(200);
    expect(report.headers['content-type']).toContain('text/csv');
    expect(report.text.split('\r\n')).toEqual([
      'candidate code,roll number,category,score,absent,rank,medal,qualified',
      `${code(1)},${roll(1)},Prime,90,no,1,gold,yes`,
      `${code(3)},${roll(3)},Prime,80,no,2,silver,yes`,
      `${code(11)},${roll(11)},Prime,30,no,6,,no`,
      `${code(5)},${roll(5)},Prime,,yes,,,no`,
      `${code(7)},${roll(7)},Sec,45.5,no,1,gold,yes`,
      '',
    ]);
  });

  it('the merit list is 404 until the level is published', async () => {
    const hidden = await http().get('/api/results/Mains/merit-list').expect(404);
    expect(hidden.body.message).toBe('The Mains merit list is not published');
  });

  it('a publication registration-service refuses stops with its error (502) and leaves the level imported', async () => {
    registration.refuseResults = true;
    const refused = await asAdmin(http().post('/api/admin/results/publish')).send({ level: 'Mains' }).expect(502);
    expect(refused.body.message).toMatch(/^The publication of Mains stopped, nothing is published: PUT \/internal\/candidates\/results answered 400/);
    const level = await summary();
    expect(level).toMatchObject({ status: 'imported', publication: { startedBy: 'it-admin', total: 9, processed: 0 } });
    expect(level.publication?.error).toContain('answered 400');
    registration.refuseResults = false;
  });

  it('a publication longer than a few seconds answers 202 and runs on, its progress in the summary; meanwhile another one is refused', async () => {
    let release = () => undefined as void;
    registration.holdResults = new Promise<void>((resolve) => (release = resolve));
    const started = await asAdmin(http().post('/api/admin/results/publish')).send({ level: 'Mains' }).expect(202);
    expect(started.body.data).toMatchObject({ status: 'imported', publication: { total: 9, processed: 0, percent: 0, finishedAt: null, error: null } });
    const twice = await asAdmin(http().post('/api/admin/results/publish')).send({ level: 'Mains' }).expect(409);
    expect(twice.body.message).toBe('A publication of Mains is running; wait for it to end');
    const importing = await importFile({ csv: GOOD.replace(`${roll(6)},,75,no`, `${roll(6)},,76,no`), replace: true }).expect(409);
    expect(importing.body.message).toBe('A publication of Mains is running; wait for it to end');
    release();
    registration.holdResults = null;
    expect(await publication()).toMatchObject({ status: 'published', publication: { total: 9, processed: 9, percent: 100, error: null } });
    // withdrawn again, to publish at once below
    await asAdmin(http().post('/api/admin/results/withdraw')).send({ level: 'Mains' }).expect(200);
    registration.received.length = 0;
    registration.withdrawals.length = 0;
  }, 30_000);

  it('publishes: every result goes to registration-service in its contract, then the level is published (audited)', async () => {
    const level: LevelResultsSummary = (await asAdmin(http().post('/api/admin/results/publish')).send({ level: 'Mains' }).expect(200)).body.data;
    expect(level).toMatchObject({ status: 'published', publication: { total: 9, processed: 9, percent: 100, error: null } });
    const sent = registration.received.flat();
    expect(sent).toHaveLength(9);
    expect(new Set(sent.map((result) => result.publishedAt))).toEqual(new Set([level.publishedAt]));
    expect(sent.find((result) => result.candidateCode === code(1))).toEqual({
      candidateCode: code(1),
      level: 'Mains',
      category: 'Prime',
      rollNumber: roll(1),
      score: 90,
      maxMarks: 100,
      absent: false,
      rank: 1,
      medal: 'gold',
      qualified: true,
      nextLevel: 'Advanced',
      publishedAt: level.publishedAt,
    });
    expect(sent.find((result) => result.candidateCode === code(4))).toMatchObject({ rank: 5, qualified: false, nextLevel: null });
    expect(sent.find((result) => result.candidateCode === code(8))).toMatchObject({ category: 'Sec', absent: true, score: null, rank: null, medal: null, qualified: false, nextLevel: null });
    const again = await asAdmin(http().post('/api/admin/results/publish')).send({ level: 'Mains' }).expect(409);
    expect(again.body.message).toBe('Results for Mains are already published');
    const replace = await importFile({ csv: GOOD, replace: true }).expect(409);
    expect(replace.body.message).toBe('Results for Mains are published; withdraw the published results first');
    expect((await auditActions()).at(-1)).toEqual(['results.publish', 'Mains', 'it-admin']);
  });

  it('shows the public merit list of the published level (roll numbers and ranks of the qualified), when the edition shows it', async () => {
    const list = await http().get('/api/results/Mains/merit-list').expect(200);
    expect(list.headers['cache-control']).toBe('public, max-age=60');
    expect(list.body.data).toEqual({
      level: 'Mains',
      publishedAt: (await summary()).publishedAt,
      categories: [
        { category: 'Prime', entries: [{ rollNumber: roll(1), rank: 1 }, { rollNumber: roll(2), rank: 2 }, { rollNumber: roll(3), rank: 2 }] },
        { category: 'Sec', entries: [{ rollNumber: roll(7), rank: 1 }] },
        { category: 'High', entries: [] },
      ],
    });
    const off = await request(appWithoutMeritList.getHttpServer()).get('/api/results/Mains/merit-list').expect(404);
    expect(off.body.message).toBe('The merit list is not public in this edition');
  });

  it("relays registration-service's refusal of a withdrawal (409: certificates out), then withdraws (audited)", async () => {
    registration.certificatesOut = true;
    const refused = await asAdmin(http().post('/api/admin/results/withdraw')).send({ level: 'Mains' }).expect(409);
    expect(refused.body.message).toBe('Certificates of Mains are released; take them back before withdrawing the results');
    expect((await summary()).status).toBe('published');
    registration.certificatesOut = false;
    const level = (await asAdmin(http().post('/api/admin/results/withdraw')).send({ level: 'Mains' }).expect(200)).body.data;
    expect(level.status).toBe('withdrawn');
    expect(registration.withdrawals).toEqual(['Mains']);
    await http().get('/api/results/Mains/merit-list').expect(404);
    const twice = await asAdmin(http().post('/api/admin/results/withdraw')).send({ level: 'Mains' }).expect(409);
    expect(twice.body.message).toBe('Results for Mains are not published');
    expect((await auditActions()).at(-1)).toEqual(['results.withdraw', 'Mains', 'it-admin']);
  });
});
