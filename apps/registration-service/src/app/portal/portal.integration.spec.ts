import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { PORTAL_CSV_COLUMNS, PORTAL_IMPORT_COLUMNS, PORTAL_MESSAGES, PORTAL_PATHS, PORTAL_SESSION_MINUTES, type PortalCandidateRow } from '@kbe/contracts';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { adminTokenFor, freePort, isolatedInfraEnv } from '@kbe/server-testing';
import { createHash } from 'node:crypto';
import type { Connection } from 'mongoose';
import request from 'supertest';
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { ServiceProcess } from '../../../../notifications-service/src/testing/service-process';
import { AppModule } from '../app.module';
import { CandidateDirectoryKeeper } from '../candidates/directory/candidate-directory.keeper';
import { smsCodeIn, startNotifications, storedCandidate } from '../consent/testing/guardian-sms.fixture';
import { registrationEnvSchema, SERVICE_NAME } from '../registration.config';
import { PORTAL_SESSION_STORE, type MongoPortalSessionStore } from './portal-session.store';
import { seedPortalAccounts } from './testing/portal-accounts.seed';

/** The suite's clock, near the real time (notifications-service drops a code past its expiry by its own clock). */
const clock = { current: new Date(), now: () => clock.current };

const env = isolatedInfraEnv({ TRUSTED_PROXY_HOPS: '1', OUTBOX_RELAY_INTERVAL_MS: '200' });
const config = loadConfig(registrationEnvSchema, env);

/** Two schools, each with two mentors (one of school B inactive), and their pupils. */
const SCHOOL_A = { code: 'SCH-AAAA22', name: 'Nashik Model School', phone: '9811100001' };
const SCHOOL_B = { code: 'SCH-BBBB22', name: 'Pune Science School', phone: '9811100002' };
const MENTOR_A1 = { code: 'MEN-AAAA33', school: SCHOOL_A.code, name: 'Anita Deshmukh', phone: '9822200011', active: true };
const MENTOR_A2 = { code: 'MEN-AAAA44', school: SCHOOL_A.code, name: 'Ravi Kale', phone: '9822200012', active: true };
const MENTOR_B1 = { code: 'MEN-BBBB33', school: SCHOOL_B.code, name: 'Sunita Pawar', phone: '9822200021', active: true };
const MENTOR_B2 = { code: 'MEN-BBBB44', school: SCHOOL_B.code, name: 'Vijay More', phone: '9822200022', active: false };
const MENTORS = [MENTOR_A1, MENTOR_A2, MENTOR_B1, MENTOR_B2];

const PUPILS = [
  { code: 'KBE200001PTA', mentor: MENTOR_A1, name: 'Aarav Patil', fields: { feesPaid: true, consentStatus: 'given', hallTicketReleased: true } },
  { code: 'KBE200002PTA', mentor: MENTOR_A1, name: 'Riya Jadhav', fields: { photoKey: '' } },
  { code: 'KBE200003PTA', mentor: MENTOR_A2, name: '=Zoya Khan', fields: { feesPaid: true } },
  { code: 'KBE200004PTB', mentor: MENTOR_B1, name: 'Neha Joshi', fields: { feesPaid: true, consentStatus: 'given', certificateReleased: true } },
  { code: 'KBE200005PTB', mentor: MENTOR_B1, name: 'Amit Shah', fields: {} },
];
const codesOf = (school: string, mentor?: string) =>
  PUPILS.filter((pupil) => pupil.mentor.school === school && (!mentor || pupil.mentor.code === mentor))
    .map((pupil) => pupil.code)
    .sort();

/** The one expired session the suite stores itself, under this token. */
const EXPIRED_TOKEN = 'e'.repeat(43);

describe('the school and mentor portal against the real servers (registration-service, notifications-service, FerretDB, Kafka)', () => {
  let app: INestApplication;
  let http: ReturnType<typeof request>;
  let notifications: ServiceProcess;
  let connection: Connection;
  const tokens: Record<string, string> = {};

  const from = (address: string) => ({ 'x-forwarded-for': address });
  const sendOtp = (code: unknown, address = '203.0.113.40') => http.post(PORTAL_PATHS.otp).set(from(address)).send(code === undefined ? {} : { code });
  const login = (code: unknown, otp: unknown, address = '203.0.113.40') => http.post(PORTAL_PATHS.login).set(from(address)).send({ code, otp });
  const get = (path: string, token?: string) => {
    const req = http.get(path);
    return token ? req.set('authorization', `Bearer ${token}`) : req;
  };

  /** The code of the latest portal SMS for `code` in notifications-service's log, after `seen` of them. */
  async function smsCode(code: string, seen = 0): Promise<{ code: string; line: string }> {
    const pattern = new RegExp(
      `SMS to (\\*{6}\\d{4}) \\([^)]*portal-otp\\): KBE Young Scientist: (\\d{6}) is your code to sign in to the Kalpana Einstein Quest school portal as ${code}\\.[^"]*`,
      'g',
    );
    return smsCodeIn(notifications, pattern, `the portal SMS for ${code}`, seen, 2);
  }

  async function signIn(code: string, address: string): Promise<string> {
    await sendOtp(code, address).expect(200);
    const sms = await smsCode(code);
    const session = await login(code, sms.code, address).expect(200);
    return session.body.data.token;
  }

  beforeAll(async () => {
    const port = await freePort();
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config, { clock }), config });
    await app.listen(port, '127.0.0.1');
    http = request(app.getHttpServer());
    connection = app.get<Connection>(getConnectionToken());
    await seedPortalAccounts(connection, [SCHOOL_A, SCHOOL_B], MENTORS, '2720999000');
    await connection.collection('candidates').insertMany(
      PUPILS.map((pupil, i) => {
        const stored = storedCandidate(pupil.code, `98765100${String(i).padStart(2, '0')}`, `91234100${String(i).padStart(2, '0')}`, {
          mentorCode: pupil.mentor.code,
          schoolCode: pupil.mentor.school,
          nameSearch: pupil.name.toLowerCase(),
          createdAt: new Date(Date.parse('2026-10-01T00:00:00Z') + i * 60_000),
          ...pupil.fields,
        });
        return { ...stored, personalDetails: { ...stored.personalDetails, fullName: pupil.name } } as never;
      }),
    );
    await connection
      .collection('portal_sessions')
      .insertOne({ _id: createHash('sha256').update(EXPIRED_TOKEN).digest('hex') as never, role: 'school', code: SCHOOL_A.code, schoolCode: SCHOOL_A.code, createdAt: new Date(Date.now() - 2 * 3600_000), expiresAt: new Date(Date.now() - 3600_000) });
    await app.get(CandidateDirectoryKeeper).build();
    notifications = await startNotifications(env, port);
  }, 180_000);

  afterAll(async () => {
    await notifications?.stop();
    await connection?.dropDatabase();
    await app?.close();
  });

  describe('sign-in', () => {
    it('refuses a missing or malformed code with the precise message, an unknown code with 404, an inactive mentor with 403', async () => {
      const missing = await sendOtp(undefined).expect(400);
      expect(missing.body.errors).toEqual([expect.objectContaining({ field: 'code', message: PORTAL_MESSAGES.codeRequired })]);
      const malformed = await sendOtp('KBE123456ABC').expect(400);
      expect(malformed.body.errors).toEqual([expect.objectContaining({ field: 'code', message: PORTAL_MESSAGES.codeFormat })]);
      expect((await sendOtp(42).expect(400)).body.errors).toEqual([expect.objectContaining({ field: 'code', message: PORTAL_MESSAGES.codeFormat })]);
      expect((await sendOtp('SCH-ZZZZ99').expect(404)).body.message).toBe(PORTAL_MESSAGES.unknownCode);
      expect((await sendOtp('MEN-ZZZZ99').expect(404)).body.message).toBe(PORTAL_MESSAGES.unknownCode);
      expect((await sendOtp(MENTOR_B2.code).expect(403)).body.message).toBe(PORTAL_MESSAGES.inactiveMentor);
      const noOtp = await login(SCHOOL_A.code, undefined).expect(400);
      expect(noOtp.body.errors).toEqual([expect.objectContaining({ field: 'otp', message: PORTAL_MESSAGES.otpRequired })]);
      expect((await login(SCHOOL_A.code, '12ab').expect(400)).body.errors).toEqual([expect.objectContaining({ field: 'otp', message: PORTAL_MESSAGES.otpFormat })]);
      expect((await login(MENTOR_B2.code, '123456').expect(403)).body.message).toBe(PORTAL_MESSAGES.inactiveMentor);
    });

    it("sends a school's code by SMS to its registered number, masked in the answer, and refuses another within 30 s with Retry-After", async () => {
      const sent = await sendOtp(` ${SCHOOL_A.code.toLowerCase()} `).expect(200);
      expect(sent.body).toEqual({
        success: true,
        data: {
          role: 'school',
          maskedNumber: '******0001',
          expiresAt: new Date(clock.now().getTime() + 600_000).toISOString(),
          resendAt: new Date(clock.now().getTime() + 30_000).toISOString(),
        },
      });
      const sms = await smsCode(SCHOOL_A.code);
      expect(sms.line).toContain('SMS to ******0001');
      expect(sms.line).toContain('/einstein-quest/school-portal');
      const again = await sendOtp(SCHOOL_A.code).expect(429);
      expect(again.body.message).toBe(PORTAL_MESSAGES.tooSoon);
      expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('refuses a wrong code at the otp field, then signs in with the right one, once', async () => {
      const { code } = await smsCode(SCHOOL_A.code);
      const wrong = await login(SCHOOL_A.code, code === '000000' ? '000001' : '000000').expect(400);
      expect(wrong.body).toEqual({ statusCode: 400, message: PORTAL_MESSAGES.otpWrong, errors: [{ field: 'otp', message: PORTAL_MESSAGES.otpWrong }] });
      const session = await login(SCHOOL_A.code.toLowerCase(), code).expect(200);
      expect(session.body.data).toEqual({
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        expiresAt: new Date(clock.now().getTime() + PORTAL_SESSION_MINUTES * 60_000).toISOString(),
        role: 'school',
        code: SCHOOL_A.code,
        name: SCHOOL_A.name,
      });
      tokens['schoolA'] = session.body.data.token;
      // single use: the code is gone
      expect((await login(SCHOOL_A.code, code).expect(410)).body.message).toBe(PORTAL_MESSAGES.otpNone);
      // the token is stored only as its SHA-256
      const hash = createHash('sha256').update(tokens['schoolA']).digest('hex');
      const stored = await connection.collection('portal_sessions').findOne({ _id: hash as never });
      expect(stored).toMatchObject({ role: 'school', code: SCHOOL_A.code, schoolCode: SCHOOL_A.code });
      expect(JSON.stringify(await connection.collection('portal_sessions').find({}).toArray())).not.toContain(tokens['schoolA']);
    });

    it('signs in the other school and a mentor of each school', async () => {
      tokens['schoolB'] = await signIn(SCHOOL_B.code, '203.0.113.41');
      tokens['mentorA1'] = await signIn(MENTOR_A1.code, '203.0.113.42');
      tokens['mentorB1'] = await signIn(MENTOR_B1.code, '203.0.113.43');
      expect((await get(PORTAL_PATHS.me, tokens['mentorA1']).expect(200)).body.data).toMatchObject({ role: 'mentor', code: MENTOR_A1.code, name: MENTOR_A1.name, schoolCode: SCHOOL_A.code, schoolName: SCHOOL_A.name, mentors: 0 });
    });
  });

  describe('what each school and mentor sees: their own, never the other school’s', () => {
    it('me: the account, its school and the counts of its own pupils', async () => {
      const me = await get(PORTAL_PATHS.me, tokens['schoolA']).expect(200);
      expect(me.headers['cache-control']).toBe('no-store');
      expect(me.body.data).toEqual({
        role: 'school',
        code: SCHOOL_A.code,
        name: SCHOOL_A.name,
        schoolCode: SCHOOL_A.code,
        schoolName: SCHOOL_A.name,
        mentors: 2,
        counts: { candidates: 3, consentGiven: 1, consentPending: 2, consentWithdrawn: 0, feesPaid: 2, missingFiles: 1, hallTicketsReleased: 1, certificatesReleased: 0 },
        expiresAt: expect.any(String),
      });
      const b = await get(PORTAL_PATHS.me, tokens['schoolB']).expect(200);
      expect(b.body.data).toMatchObject({ code: SCHOOL_B.code, mentors: 2, counts: { candidates: 2, consentGiven: 1, feesPaid: 1, certificatesReleased: 1, missingFiles: 0 } });
      const mentorB = await get(PORTAL_PATHS.me, tokens['mentorB1']).expect(200);
      expect(mentorB.body.data).toMatchObject({ role: 'mentor', code: MENTOR_B1.code, schoolCode: SCHOOL_B.code, counts: { candidates: 2 } });
    });

    it('candidates: a school sees its pupils of every mentor, a mentor their own; rows carry no contact data', async () => {
      const list = async (token: string, query: Record<string, string> = {}) =>
        (await get(PORTAL_PATHS.candidates, token).query({ sort: 'candidateId', ...query }).expect(200)).body.data;
      const a = await list(tokens['schoolA']);
      expect(a.candidates.map((row: PortalCandidateRow) => row.candidateCode)).toEqual(codesOf(SCHOOL_A.code));
      expect(a.pagination).toEqual({ current: 1, pages: 1, total: 3 });
      expect(a.counts.candidates).toBe(3);
      expect(a.candidates[0]).toEqual({
        candidateCode: 'KBE200001PTA',
        name: 'Aarav Patil',
        category: 'Sec',
        standard: '8th',
        mentorCode: MENTOR_A1.code,
        consentStatus: 'given',
        feesPaid: true,
        hasPhoto: true,
        hasSignature: true,
        hallTicketReleased: true,
        certificateReleased: false,
        createdAt: '2026-10-01T00:00:00.000Z',
      });
      expect(a.candidates[1]).toMatchObject({ candidateCode: 'KBE200002PTA', hasPhoto: false, hasSignature: true, consentStatus: 'pending' });
      expect(JSON.stringify(a)).not.toMatch(/98765100|91234100|parent@example\.org|guardian/i);
      expect((await list(tokens['schoolB'])).candidates.map((row: PortalCandidateRow) => row.candidateCode)).toEqual(codesOf(SCHOOL_B.code));
      expect((await list(tokens['mentorA1'])).candidates.map((row: PortalCandidateRow) => row.candidateCode)).toEqual(codesOf(SCHOOL_A.code, MENTOR_A1.code));
      expect((await list(tokens['mentorB1'])).candidates.map((row: PortalCandidateRow) => row.candidateCode)).toEqual(codesOf(SCHOOL_B.code, MENTOR_B1.code));
    });

    it('candidates: the filters work inside the scope, and naming the other school’s mentor (or another mentor) shows no one', async () => {
      const codes = async (token: string, query: Record<string, string>) =>
        (await get(PORTAL_PATHS.candidates, token).query({ sort: 'candidateId', ...query }).expect(200)).body.data.candidates.map((row: PortalCandidateRow) => row.candidateCode);
      expect(await codes(tokens['schoolA'], { mentorCode: MENTOR_A2.code.toLowerCase() })).toEqual(['KBE200003PTA']);
      expect(await codes(tokens['schoolA'], { filter: 'paid' })).toEqual(['KBE200001PTA', 'KBE200003PTA']);
      expect(await codes(tokens['schoolA'], { consent: 'given' })).toEqual(['KBE200001PTA']);
      expect(await codes(tokens['schoolA'], { released: 'released' })).toEqual(['KBE200001PTA']);
      expect(await codes(tokens['schoolA'], { search: 'riya' })).toEqual(['KBE200002PTA']);
      // names and codes of the other school are not found by search either
      expect(await codes(tokens['schoolA'], { search: 'neha' })).toEqual([]);
      expect(await codes(tokens['schoolA'], { search: 'KBE200004' })).toEqual([]);
      expect(await codes(tokens['schoolA'], { mentorCode: MENTOR_B1.code })).toEqual([]);
      expect(await codes(tokens['schoolB'], { mentorCode: MENTOR_A1.code })).toEqual([]);
      expect(await codes(tokens['mentorA1'], { mentorCode: MENTOR_A2.code })).toEqual([]);
      expect(await codes(tokens['mentorA1'], { mentorCode: MENTOR_B1.code })).toEqual([]);
      const paged = (await get(PORTAL_PATHS.candidates, tokens['schoolA']).query({ sort: 'candidateId', page: '2', limit: '2' }).expect(200)).body.data;
      expect(paged.candidates.map((row: PortalCandidateRow) => row.candidateCode)).toEqual(['KBE200003PTA']);
      expect(paged.pagination).toEqual({ current: 2, pages: 2, total: 3 });
    });

    it('candidates: malformed queries are 400 with the field named, never 5xx', async () => {
      for (const query of [{ limit: '0' }, { page: 'x' }, { sort: 'phone' }, { mentorCode: 'SCH-AAAA22' }, { filter: 'some' }, { consent: 'yes' }, { category: 'X' }, { schoolCode: SCHOOL_B.code }]) {
        const refused = await get(PORTAL_PATHS.candidates, tokens['schoolA']).query(query).expect(400);
        expect(refused.body.errors?.length).toBeGreaterThan(0);
        await get(PORTAL_PATHS.candidatesExport, tokens['schoolA']).query(query).expect(400);
      }
    });

    it('export.csv: every matching pupil of the scope, formula-safe, in the contract columns', async () => {
      const csv = async (token: string, query: Record<string, string> = {}) => {
        const response = await get(PORTAL_PATHS.candidatesExport, token).query(query).buffer(true).parse((res, done) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => done(null, text));
        }).expect(200);
        expect(response.headers['content-type']).toMatch(/^text\/csv/);
        return (response.body as string).replace(/^\uFEFF/, '').trim().split('\r\n');
      };
      const a = await csv(tokens['schoolA']);
      expect(a[0]).toBe(PORTAL_CSV_COLUMNS.join(','));
      expect(a.slice(1).map((line) => line.split(',')[0])).toEqual(codesOf(SCHOOL_A.code));
      expect(a.find((line) => line.startsWith('KBE200003PTA'))).toContain(",'=Zoya Khan,");
      expect(a.join('\n')).not.toMatch(/98765100|91234100/);
      expect((await csv(tokens['schoolB'])).slice(1).map((line) => line.split(',')[0])).toEqual(codesOf(SCHOOL_B.code));
      expect((await csv(tokens['mentorA1'])).slice(1).map((line) => line.split(',')[0])).toEqual(codesOf(SCHOOL_A.code, MENTOR_A1.code));
      expect((await csv(tokens['mentorB1'])).slice(1).map((line) => line.split(',')[0])).toEqual(codesOf(SCHOOL_B.code, MENTOR_B1.code));
      expect((await csv(tokens['schoolA'], { mentorCode: MENTOR_B1.code })).slice(1)).toEqual([]);
    });

    it('mentors: a school sees its own mentors with their pupils; a mentor is refused', async () => {
      const a = await get(PORTAL_PATHS.mentors, tokens['schoolA']).expect(200);
      expect(a.body.data.mentors).toEqual([
        { mentorCode: MENTOR_A1.code, name: MENTOR_A1.name, phoneNumber: MENTOR_A1.phone, candidates: 2, active: true },
        { mentorCode: MENTOR_A2.code, name: MENTOR_A2.name, phoneNumber: MENTOR_A2.phone, candidates: 1, active: true },
      ]);
      const b = await get(PORTAL_PATHS.mentors, tokens['schoolB']).expect(200);
      expect(b.body.data.mentors.map((m: { mentorCode: string }) => m.mentorCode)).toEqual([MENTOR_B1.code, MENTOR_B2.code]);
      for (const mentor of ['mentorA1', 'mentorB1']) {
        expect((await get(PORTAL_PATHS.mentors, tokens[mentor]).expect(403)).body.message).toBe(PORTAL_MESSAGES.schoolsOnly);
      }
    });

    it('imports/template.csv: the registration columns and one example row, for schools and mentors alike', async () => {
      for (const who of ['schoolA', 'schoolB', 'mentorA1', 'mentorB1']) {
        const response = await get(PORTAL_PATHS.importTemplate, tokens[who]).buffer(true).parse((res, done) => {
          let text = '';
          res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
          res.on('end', () => done(null, text));
        }).expect(200);
        const lines = (response.body as string).replace(/^\uFEFF/, '').trim().split('\r\n');
        expect(lines[0]).toBe(PORTAL_IMPORT_COLUMNS.join(','));
        expect(lines).toHaveLength(2);
        expect(lines[1]).toContain('aarav-patil-photo.jpg');
      }
    });
  });

  describe('every portal endpoint refuses requests without a live session of its own', () => {
    const guarded = [
      ['GET', PORTAL_PATHS.me],
      ['GET', PORTAL_PATHS.candidates],
      ['GET', PORTAL_PATHS.candidatesExport],
      ['GET', PORTAL_PATHS.mentors],
      ['GET', PORTAL_PATHS.importTemplate],
      ['POST', PORTAL_PATHS.logout],
    ] as const;
    const call = (method: string, path: string, authorization?: string) => {
      const req = method === 'GET' ? http.get(path) : http.post(path);
      return authorization ? req.set('authorization', authorization) : req;
    };

    it.each(guarded)('%s %s: no token, a garbage token, an admin JWT -> 401 sign in; an expired session -> 401 session ended', async (method, path) => {
      expect((await call(method, path).expect(401)).body.message).toBe(PORTAL_MESSAGES.signInRequired);
      expect((await call(method, path, 'Bearer not-a-token').expect(401)).body.message).toBe(PORTAL_MESSAGES.signInRequired);
      expect((await call(method, path, 'Basic dXNlcjpwYXNz').expect(401)).body.message).toBe(PORTAL_MESSAGES.signInRequired);
      expect((await call(method, path, `Bearer ${adminTokenFor(env)}`).expect(401)).body.message).toBe(PORTAL_MESSAGES.signInRequired);
      expect((await call(method, path, `Bearer ${'x'.repeat(43)}`).expect(401)).body.message).toBe(PORTAL_MESSAGES.sessionExpired);
      expect((await call(method, path, `Bearer ${EXPIRED_TOKEN}`).expect(401)).body.message).toBe(PORTAL_MESSAGES.sessionExpired);
    });

    it('a portal token is no admin token: the admin endpoints refuse it with 401', async () => {
      await get('/api/mentors', tokens['schoolA']).expect(401);
      await get('/api/candidates', tokens['mentorA1']).expect(401);
      await get('/api/mentors', adminTokenFor(env)).expect(200);
    });

    it('a session past its lifetime is refused, then logout ends a live session at once', async () => {
      clock.current = new Date(clock.current.getTime() + (PORTAL_SESSION_MINUTES * 60_000 + 1000));
      try {
        expect((await get(PORTAL_PATHS.me, tokens['schoolB']).expect(401)).body.message).toBe(PORTAL_MESSAGES.sessionExpired);
      } finally {
        clock.current = new Date(clock.current.getTime() - (PORTAL_SESSION_MINUTES * 60_000 + 1000));
      }
      await get(PORTAL_PATHS.me, tokens['schoolA']).expect(200);
      await http.post(PORTAL_PATHS.logout).set('authorization', `Bearer ${tokens['schoolA']}`).expect(204);
      for (const [method, path] of guarded) {
        expect((await call(method, path, `Bearer ${tokens['schoolA']}`).expect(401)).body.message).toBe(PORTAL_MESSAGES.sessionExpired);
      }
      // the other sessions go on
      await get(PORTAL_PATHS.me, tokens['schoolB']).expect(200);
      await get(PORTAL_PATHS.candidates, tokens['mentorA1']).expect(200);
    });

    it('sweeps ended sessions from the store (FerretDB has no TTL index), leaving the live ones', async () => {
      const sessions = connection.collection('portal_sessions');
      expect(await app.get<MongoPortalSessionStore>(PORTAL_SESSION_STORE).sweep()).toBe(1);
      expect(await sessions.countDocuments({})).toBe(3);
      await get(PORTAL_PATHS.me, tokens['mentorB1']).expect(200);
    });
  });

  it('publishes every portal endpoint in its OpenAPI document, the guarded ones with bearer auth', async () => {
    const document = (await http.get('/api/docs/registration-service.json').expect(200)).body;
    for (const path of [PORTAL_PATHS.me, PORTAL_PATHS.candidates, PORTAL_PATHS.candidatesExport, PORTAL_PATHS.mentors, PORTAL_PATHS.importTemplate]) {
      expect(document.paths[path]?.get?.security).toEqual([{ bearer: [] }]);
      expect(document.paths[path].get.responses).toHaveProperty('401');
    }
    expect(document.paths[PORTAL_PATHS.logout]?.post?.security).toEqual([{ bearer: [] }]);
    expect(document.paths[PORTAL_PATHS.otp]?.post?.requestBody).toBeDefined();
    expect(document.paths[PORTAL_PATHS.login]?.post?.responses).toHaveProperty('410');
    expect(document.paths[PORTAL_PATHS.candidates].get.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['mentorCode', 'search', 'page', 'limit']));
  });
});
