import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { ADMIN_MESSAGES, EXAM_TIME_FORMAT_MESSAGE, SMS_MESSAGES, toBracketedFields, type BracketableObject } from '@kbe/contracts';
import { validCandidate, validMentor, validSchool } from '@kbe/contracts/testing';
import sharp from 'sharp';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { adminTokenFor, adminTokenKeys, freePort, isolatedInfraEnv, waitFor } from '@kbe/server-testing';
import bcrypt from 'bcryptjs';
import { Kafka, logLevel, type Consumer } from 'kafkajs';
import type { Connection } from 'mongoose';
import { createHmac } from 'node:crypto';
import request from 'supertest';
// The real registration-service runs in this process: admin-service reaches it only over HTTP
// (its internal API), exactly as in production. Test-only cross-project import.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { AppModule as RegistrationAppModule } from '../../../registration-service/src/app/app.module';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { CandidateDirectoryKeeper } from '../../../registration-service/src/app/candidates/directory/candidate-directory.keeper';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { registrationEnvSchema, SERVICE_NAME as REGISTRATION } from '../../../registration-service/src/app/registration.config';
import { adminEnvSchema, SERVICE_NAME } from './admin.config';
import { AppModule } from './app.module';
import { EnsureAdminAccountUseCase } from './admins/usecases/ensure-admin-account.usecase';

const PASSWORD = 'correct horse battery';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** Candidate documents as registration-service stores them (seeded through its own connection). */
function seededCandidate(code: string, fullName: string, flags: { feesPaid: boolean; hallTicketReleased?: boolean }, index: number) {
  const valid = validCandidate();
  const createdAt = new Date(Date.now() - index * 1000);
  return {
    ...valid,
    // registration-service keys candidates by their code
    _id: code,
    candidateCode: code,
    schoolCode: 'SCH-7KQ2XM',
    personalDetails: { ...valid.personalDetails, fullName },
    contactDetails: { ...valid.contactDetails, phoneNumber: `98${String(index).padStart(8, '0')}` },
    feesPaid: flags.feesPaid,
    hallTicketReleased: flags.hallTicketReleased ?? false,
    certificateReleased: false,
    hallTicketRelease: flags.hallTicketReleased
      ? { releaseId: `seed-${code}`, eventQueued: true, releasedAt: createdAt, releasedBy: 'seed' }
      : null,
    // seeded with a parental consent (as test data), so their documents may be released
    consentStatus: 'given',
    consent: { status: 'given', givenAt: createdAt, noticeVersion: 'seed', lang: 'en', method: 'test-data', phoneHash: null, clientAddress: null },
    seatNumber: null,
    center: null,
    examTime: null,
    photoKey: `photos/${code}.jpg`,
    signatureKey: `signatures/${code}.jpg`,
    nameSearch: fullName.toLowerCase(),
    nameWords: fullName.toLowerCase().split(' '),
    phoneNumber: `98${String(index).padStart(8, '0')}`,
    fingerprint: `fp-${code}`,
    eventId: `reg-${code}`,
    eventQueued: true,
    createdAt,
    deletedAt: null,
    receiptNumber: null,
  };
}

describe('admin API against the real servers (admin-service + registration-service over HTTP, FerretDB, Kafka)', () => {
  let admin: INestApplication;
  let registration: INestApplication;
  let consumer: Consumer;
  const events: { topic: string; value: { payload: Record<string, unknown> } }[] = [];
  const adminHttp = () => request(admin.getHttpServer());

  const base = isolatedInfraEnv({ LOGIN_SLOWDOWN_AFTER: '3', LOGIN_LOCK_AFTER: '5', LOGIN_WINDOW_SECONDS: '900', OUTBOX_RELAY_INTERVAL_MS: '200' });
  const topics = {
    hallTicket: `${base.KAFKA_TOPIC_PREFIX}hall-ticket.released`,
    certificate: `${base.KAFKA_TOPIC_PREFIX}certificate.released`,
    sms: `${base.KAFKA_TOPIC_PREFIX}sms.requested`,
  };
  const kafka = new Kafka({ clientId: 'admin-it', brokers: base['KAFKA_BROKERS']?.split(',') ?? ['127.0.0.1:9092'], logLevel: logLevel.NOTHING });

  beforeAll(async () => {
    const [adminPort, registrationPort] = await Promise.all([freePort(), freePort()]);
    const adminUrl = `http://127.0.0.1:${adminPort}`;
    const registrationUrl = `http://127.0.0.1:${registrationPort}`;

    const kafkaAdmin = kafka.admin();
    await kafkaAdmin.connect();
    await kafkaAdmin.createTopics({ topics: Object.values(topics).map((topic) => ({ topic, numPartitions: 1 })), waitForLeaders: true });
    await kafkaAdmin.disconnect();
    consumer = kafka.consumer({ groupId: `${base.KAFKA_TOPIC_PREFIX}admin-it` });
    await consumer.connect();
    await consumer.subscribe({ topics: Object.values(topics), fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ topic, message }) => {
        events.push({ topic, value: JSON.parse(String(message.value)) });
      },
    });

    const registrationConfig = loadConfig(registrationEnvSchema, {
      ...base,
      PORT: String(registrationPort),
      ADMIN_SERVICE_URL: adminUrl,
      EVENT_REDRIVE_INTERVAL_MS: '2000',
    });
    registration = await createServiceApp({ service: REGISTRATION, module: RegistrationAppModule.forRoot(registrationConfig), config: registrationConfig });
    await registration.listen(registrationPort, '127.0.0.1');

    const adminConfig = loadConfig(adminEnvSchema, {
      ...base,
      PORT: String(adminPort),
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_SERVICE_URL: adminUrl,
      REGISTRATION_SERVICE_URL: registrationUrl,
      PORTAL_URL: 'https://kbe.example.org',
    });
    admin = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(adminConfig), config: adminConfig });
    await admin.listen(adminPort, '127.0.0.1');
    await admin.get(EnsureAdminAccountUseCase).execute('watcher', PASSWORD, 'viewer');

    // 1,050 "Bulk" candidates: 1,000 paid and unreleased, 30 unpaid, 20 already released; plus one single-flow candidate.
    const docs = [];
    for (let i = 0; i < 1050; i += 1) {
      const flags = i < 1000 ? { feesPaid: true } : i < 1030 ? { feesPaid: false } : { feesPaid: true, hallTicketReleased: true };
      docs.push(seededCandidate(`KBE${String(100000 + i)}BLK`, `Bulk Candidate ${i}`, flags, i));
    }
    docs.push(seededCandidate('KBE900001SGL', 'Single Flow Student', { feesPaid: false }, 2000));
    await registration.get<Connection>(getConnectionToken()).collection<{ _id: string }>('candidates').insertMany(docs);
    // seeded behind registration-service's back: its candidate directory reads them now, as at a start
    // (not when its replica feed happens to join, which may be before the seeding)
    await registration.get(CandidateDirectoryKeeper).build();
  }, 120_000);

  afterAll(async () => {
    await consumer?.disconnect();
    await admin?.get<Connection>(getConnectionToken()).dropDatabase();
    await registration?.get<Connection>(getConnectionToken()).dropDatabase();
    await admin?.close();
    await registration?.close();
  });

  const login = (username: string, password: string, from = '10.0.0.1') =>
    adminHttp().post('/api/admin/login').set('x-forwarded-for', from).send({ username, password });
  const tokenOf = async (username = 'chief', from = '10.0.0.1') => {
    const response = await login(username, PASSWORD, from).expect(200);
    return response.body.token as string;
  };
  const eventsOn = (topic: string) => events.filter((event) => event.topic === topic);

  describe('login', () => {
    it('logs the seeded admin in with an EdDSA token carrying kid, iss, aud, sub, role, jti, iat and exp', async () => {
      const response = await login('chief', PASSWORD).expect(200);
      expect(response.body).toEqual({
        success: true,
        message: ADMIN_MESSAGES.loginSucceeded,
        token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
        expiresIn: 28800,
        user: { username: 'chief', role: 'admin' },
      });
      const [header, payload] = response.body.token.split('.').slice(0, 2).map((part: string) => JSON.parse(Buffer.from(part, 'base64url').toString()));
      expect(header).toEqual({ alg: 'EdDSA', typ: 'JWT', kid: JSON.parse(base.JWT_PUBLIC_KEYS).keys[0].kid });
      expect(payload).toEqual({
        iss: 'kbe-admin-service',
        aud: 'kbe',
        sub: 'chief',
        role: 'admin',
        jti: expect.stringMatching(/^[0-9a-f-]{36}$/),
        iat: expect.any(Number),
        exp: payload.iat + 28800,
      });
    });

    it('stores passwords as argon2id (19 MiB, 2 iterations) and upgrades an old bcrypt hash on the next login', async () => {
      const admins = admin.get<Connection>(getConnectionToken()).collection('admins');
      const chief = await admins.findOne({ username: 'chief' });
      expect(chief?.['passwordHash']).toMatch(/^\$argon2id\$v=19\$m=19456,(t=2,p=1|p=1,t=2)\$/);

      await admins.insertOne({ username: 'legacy', passwordHash: await bcrypt.hash(PASSWORD, 10), role: 'admin' });
      await login('legacy', PASSWORD, '10.0.0.2').expect(200);
      const legacy = await admins.findOne({ username: 'legacy' });
      expect(legacy?.['passwordHash']).toMatch(/^\$argon2id\$v=19\$m=19456,(t=2,p=1|p=1,t=2)\$/);
      await login('legacy', PASSWORD, '10.0.0.2').expect(200);
    });

    it('refuses a wrong password and an unknown user with the same 401', async () => {
      for (const [username, password] of [
        ['chief', 'wrong password'],
        ['nobody', PASSWORD],
      ] as const) {
        const response = await login(username, password, `10.0.1.${username.length}`).expect(401);
        expect(response.body).toEqual({ statusCode: 401, message: ADMIN_MESSAGES.invalidCredentials });
      }
    });

    it('explains a login body without fields', async () => {
      const response = await adminHttp().post('/api/admin/login').send({}).expect(400);
      expect(response.body.errors).toEqual([
        { field: 'username', message: 'Username is required' },
        { field: 'password', message: 'Password is required' },
      ]);
    });

    /** Fails logins for `username` from `from`, waiting out short slow-downs, until the answer is a long lock. */
    async function failUntilLocked(username: string, from: string): Promise<{ statuses: number[]; retryAfter: number }> {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 12; attempt += 1) {
        const response = await login(username, 'not the password', from);
        statuses.push(response.status);
        if (response.status === 429) {
          expect(response.body).toEqual({ statusCode: 429, message: ADMIN_MESSAGES.tooManyAttempts });
          const retryAfter = Number(response.headers['retry-after']);
          expect(retryAfter).toBeGreaterThan(0);
          if (retryAfter > 10) return { statuses, retryAfter };
          await sleep(retryAfter * 1000);
        } else {
          expect(response.status).toBe(401);
        }
      }
      throw new Error(`never locked: ${statuses.join(',')}`);
    }

    it('slows an account down after 3 failures and locks it after 5 (429 + Retry-After), the same for an unknown account', async () => {
      await EnsureOther('target');
      const known = await failUntilLocked('target', '10.0.2.1');
      const unknown = await failUntilLocked('ghost-account', '10.0.2.2');
      // Same sequence of answers: the lock-out does not reveal which account exists.
      expect(known.statuses).toEqual(unknown.statuses);
      expect(known.statuses.filter((status) => status === 401)).toHaveLength(5);
      expect(known.statuses[3]).toBe(429); // the 4th attempt right after the 3rd failure must wait
      expect(known.retryAfter).toBeGreaterThan(800);
      // Locked: even the right password is refused, from any address.
      const locked = await login('target', PASSWORD, '10.0.2.3').expect(429);
      expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    }, 60_000);

    it('locks a client address that fails on many accounts', async () => {
      const from = '10.0.3.1';
      const statuses: number[] = [];
      for (let i = 0; statuses.filter((s) => s === 401).length < 5 && i < 12; i += 1) {
        const response = await login(`someone-${i}`, 'guess', from);
        statuses.push(response.status);
        if (response.status === 429) await sleep(Number(response.headers['retry-after']) * 1000);
      }
      const blocked = await login('chief', PASSWORD, from).expect(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(800);
      await login('chief', PASSWORD, '10.0.3.2').expect(200);
    }, 60_000);

    async function EnsureOther(username: string) {
      await admin.get(EnsureAdminAccountUseCase).execute(username, PASSWORD, 'admin');
    }
  });

  describe('every admin endpoint refuses a missing, expired, foreign, unsigned, forged or revoked token', () => {
    const kid = () => JSON.parse(base.JWT_PUBLIC_KEYS).keys[0].kid as string;
    const now = () => Math.floor(Date.now() / 1000);
    const claims = () => ({ iss: 'kbe-admin-service', aud: 'kbe', sub: 'chief', role: 'admin', jti: 'forged-jti', iat: now(), exp: now() + 600 });
    let revoked: string;

    const badTokens: Record<string, () => string> = {
      expired: () => adminTokenFor(base, 'chief', 'admin', now() - 7200),
      'signed by another key': () => adminTokenFor({ ...adminTokenKeys(kid()) }, 'chief'),
      'alg none': () => `${b64({ alg: 'none', typ: 'JWT', kid: kid() })}.${b64(claims())}.`,
      'HS256 forged with the public key': () => {
        const input = `${b64({ alg: 'HS256', typ: 'JWT', kid: kid() })}.${b64(claims())}`;
        return `${input}.${createHmac('sha256', base.JWT_PUBLIC_KEYS).update(input).digest('base64url')}`;
      },
      revoked: () => revoked,
    };

    /** Every bearer-guarded operation of the OpenAPI document, with sample path values. */
    async function guardedRoutes(): Promise<{ method: string; path: string }[]> {
      const document = (await adminHttp().get('/api/docs/admin-service.json').expect(200)).body as {
        paths: Record<string, Record<string, { security?: unknown[] }>>;
      };
      const routes: { method: string; path: string }[] = [];
      for (const [path, operations] of Object.entries(document.paths)) {
        for (const [method, operation] of Object.entries(operations)) {
          if (!operation.security?.length) continue;
          routes.push({
            method: method.toUpperCase(),
            path: path.replace('{id}', 'KBE900001SGL').replace('{code}', 'MEN-4HT9PA'),
          });
        }
      }
      return routes;
    }

    beforeAll(async () => {
      revoked = await tokenOf('chief', '10.0.4.1');
      await adminHttp().post('/api/admin/logout').set('authorization', `Bearer ${revoked}`).expect(200, {
        success: true,
        message: ADMIN_MESSAGES.loggedOut,
        data: null,
      });
    });

    it('covers every admin and SMS route of the service', async () => {
      const routes = await guardedRoutes();
      const paths = routes.map((route) => `${route.method} ${route.path}`);
      for (const expected of [
        'GET /api/admin/me',
        'POST /api/admin/logout',
        'GET /api/admin/dashboard',
        'GET /api/admin/candidates',
        'PATCH /api/admin/candidates/KBE900001SGL/fees',
        'PATCH /api/admin/candidates/KBE900001SGL/hall-ticket',
        'POST /api/admin/hall-tickets/release',
        'GET /api/admin/release-jobs/KBE900001SGL',
        'GET /api/admin/mentors',
        'GET /api/admin/audit',
        'POST /api/sms/send',
        'POST /api/sms/send-bulk',
        'POST /api/sms/send-template',
        'GET /api/sms/history',
      ]) {
        expect(paths).toContain(expected);
      }
      expect(routes.length).toBeGreaterThanOrEqual(28);
    });

    it('answers 401 with the endpoint family message when no token is sent', async () => {
      for (const route of await guardedRoutes()) {
        const response = await adminHttp()[route.method.toLowerCase() as 'get'](route.path).send({});
        expect({ route: `${route.method} ${route.path}`, status: response.status }).toEqual({ route: `${route.method} ${route.path}`, status: 401 });
        const expected = route.path.startsWith('/api/sms')
          ? ADMIN_MESSAGES.noTokenSms
          : route.path.includes('/release')
            ? ADMIN_MESSAGES.noTokenBulkRelease
            : route.path === '/api/admin/me' || route.path === '/api/admin/logout'
              ? 'Admin authentication required'
              : ADMIN_MESSAGES.noTokenLists;
        expect(response.body).toEqual({ statusCode: 401, message: expected });
      }
    });

    it.each(Object.keys(badTokens))('answers 401 to a token that is %s, on every route', async (kind) => {
      const token = badTokens[kind]?.() ?? '';
      for (const route of await guardedRoutes()) {
        const response = await adminHttp()[route.method.toLowerCase() as 'get'](route.path).set('authorization', `Bearer ${token}`).send({});
        expect({ route: `${route.method} ${route.path}`, status: response.status, body: response.body }).toEqual({
          route: `${route.method} ${route.path}`,
          status: 401,
          body: { statusCode: 401, message: ADMIN_MESSAGES.invalidToken },
        });
      }
    });

    it('refuses the revoked token at registration-service too (it asks admin-service)', async () => {
      const registrationHttp = request(registration.getHttpServer());
      await registrationHttp.get('/api/candidates').set('authorization', `Bearer ${revoked}`).expect(401);
      const fresh = await tokenOf('chief', '10.0.4.2');
      await registrationHttp.get('/api/candidates').set('authorization', `Bearer ${fresh}`).expect(200);
    });
  });

  describe('roles', () => {
    it('lets a viewer read but answers 403 to every write (logout excepted)', async () => {
      const viewer = await tokenOf('watcher', '10.0.5.1');
      const auth = { authorization: `Bearer ${viewer}` };
      const me = await adminHttp().get('/api/admin/me').set(auth).expect(200);
      expect(me.body).toEqual({ user: { username: 'watcher', role: 'viewer' } });
      await adminHttp().get('/api/admin/candidates').set(auth).expect(200);
      for (const [method, path, body] of [
        ['patch', '/api/admin/candidates/KBE900001SGL/fees', { feesPaid: true }],
        ['patch', '/api/admin/candidates/KBE900001SGL/hall-ticket', { hallTicketReleased: true }],
        ['post', '/api/admin/hall-tickets/release', {}],
        ['post', '/api/sms/send', { phoneNumber: '9876543210', message: 'hi' }],
        ['delete', '/api/admin/candidates/KBE900001SGL', {}],
      ] as const) {
        const response = await adminHttp()[method](path).set(auth).send(body);
        expect({ path, status: response.status, body: response.body }).toEqual({
          path,
          status: 403,
          body: { statusCode: 403, message: 'Your role may view but not change anything' },
        });
      }
      await adminHttp().post('/api/admin/logout').set(auth).expect(200);
    });
  });

  describe('candidates, fees and releases', () => {
    let auth: Record<string, string>;
    beforeAll(async () => {
      auth = { authorization: `Bearer ${await tokenOf('chief', '10.0.6.1')}`, 'x-forwarded-for': '203.0.113.7' };
    });

    it('lists candidates server-side with the admin fields, TBA defaults, signed image links and pagination', async () => {
      const response = await adminHttp().get('/api/admin/candidates').query({ filter: 'paid', search: 'bulk', limit: 10, page: 2 }).set(auth).expect(200);
      expect(response.body.data.pagination).toEqual({ current: 2, pages: 102, total: 1020 });
      expect(response.body.data.candidates).toHaveLength(10);
      const row = response.body.data.candidates[0];
      expect(row).toMatchObject({ feesPaid: true, seatNumber: 'TBA', center: 'TBA', examTime: 'TBA', category: 'Sec' });
      expect(row.photo).toMatch(new RegExp(`^/api/admin/files/${row.candidateId}/photo\\?expires=\\d+&signature=[\\w-]+$`));
      // The link works only as signed.
      await adminHttp().get(row.photo.replace(/signature=[\w-]+/, 'signature=forged')).expect(403);

      // every candidate sits Mains until a published result moves them on
      expect(row.level).toBe('Mains');
      const byLevel = await adminHttp().get('/api/admin/candidates').query({ filter: 'paid', search: 'bulk', level: 'Mains', limit: 10 }).set(auth).expect(200);
      expect(byLevel.body.data.pagination.total).toBe(1020);
      const advanced = await adminHttp().get('/api/admin/candidates').query({ search: 'bulk', level: 'Advanced' }).set(auth).expect(200);
      expect(advanced.body.data.pagination.total).toBe(0);
      expect((await adminHttp().get('/api/admin/candidates').query({ level: 'Final' }).set(auth).expect(400)).body.message).toContain('level must be Mains, Advanced or Super Advanced');

      const byWord = await adminHttp().get('/api/admin/candidates').query({ search: 'flow' }).set(auth).expect(200);
      expect(byWord.body.data.candidates.map((c: { candidateId: string }) => c.candidateId)).toEqual(['KBE900001SGL']);
    });

    it("refuses an unpaid hall ticket with 'Payment Required', then releases it once the fees are marked, emitting one event", async () => {
      const refused = await adminHttp().patch('/api/admin/candidates/KBE900001SGL/hall-ticket').set(auth).send({ hallTicketReleased: true }).expect(409);
      expect(refused.body).toEqual({ statusCode: 409, message: ADMIN_MESSAGES.paymentRequired });

      const paid = await adminHttp().patch('/api/admin/candidates/KBE900001SGL/fees').set(auth).send({ feesPaid: true, receiptNumber: 'R-2025-001' }).expect(200);
      expect(paid.body.data).toMatchObject({ candidateId: 'KBE900001SGL', feesPaid: true, receiptNumber: 'R-2025-001', hallTicketReleased: false });

      const released = await adminHttp().patch('/api/admin/candidates/KBE900001SGL/hall-ticket').set(auth).send({ hallTicketReleased: true }).expect(200);
      expect(released.body).toMatchObject({ success: true, data: { hallTicketReleased: true } });
      await waitFor(() => eventsOn(topics.hallTicket).some((event) => event.value.payload['candidateCode'] === 'KBE900001SGL'), {
        what: 'hall-ticket.released of KBE900001SGL',
      });
      const event = eventsOn(topics.hallTicket).find((e) => e.value.payload['candidateCode'] === 'KBE900001SGL');
      expect(event?.value.payload).toEqual({ candidateCode: 'KBE900001SGL', releasedAt: expect.any(String), releasedBy: 'chief' });

      // Releasing again changes nothing and announces nothing.
      await adminHttp().patch('/api/admin/candidates/KBE900001SGL/hall-ticket').set(auth).send({ hallTicketReleased: true }).expect(200);
      await sleep(1500);
      expect(eventsOn(topics.hallTicket).filter((e) => e.value.payload['candidateCode'] === 'KBE900001SGL')).toHaveLength(1);
    });

    it('bulk-releases over 1,000 candidates as one job with progress, exact counts and one event per released candidate; a re-run changes nothing', async () => {
      const start = await adminHttp().post('/api/admin/hall-tickets/release').set(auth).send({ search: 'bulk' }).expect(202);
      const jobId = start.body.data.id as string;
      const snapshots: { status: string; processed: number; percent: number }[] = [];
      const job = await waitFor(
        async () => {
          const response = await adminHttp().get(`/api/admin/release-jobs/${jobId}`).set(auth).expect(200);
          snapshots.push({ status: response.body.data.status, processed: response.body.data.processed, percent: response.body.data.percent });
          return response.body.data.status === 'completed' ? response.body.data : undefined;
        },
        { timeoutMs: 600_000, intervalMs: 100, what: 'the bulk release job to complete' },
      );
      expect(snapshots.some((s) => s.status === 'running' && s.processed > 0 && s.processed < 1050)).toBe(true);
      const processed = snapshots.map((s) => s.processed);
      expect(processed).toEqual([...processed].sort((a, b) => a - b));
      expect(job).toMatchObject({
        kind: 'hall-ticket',
        status: 'completed',
        total: 1050,
        processed: 1050,
        percent: 100,
        released: 1000,
        skipped: {
          count: 50,
          reasons: expect.arrayContaining([
            { reason: 'fees-unpaid', count: 30 },
            { reason: 'already-released', count: 20 },
          ]),
        },
        failed: { count: 0, items: [] },
        requestedBy: 'chief',
      });

      const bulkEvents = () => eventsOn(topics.hallTicket).filter((e) => String(e.value.payload['candidateCode']).endsWith('BLK'));
      await waitFor(() => bulkEvents().length >= 1000, { timeoutMs: 60_000, what: '1,000 hall-ticket.released events' });
      const codes = new Set(bulkEvents().map((e) => e.value.payload['candidateCode']));
      expect(codes.size).toBe(1000);

      const again = await adminHttp().post('/api/admin/hall-tickets/release').set(auth).send({ search: 'bulk' }).expect(202);
      const rerun = await waitFor(
        async () => {
          const response = await adminHttp().get(`/api/admin/release-jobs/${again.body.data.id}`).set(auth).expect(200);
          return response.body.data.status === 'completed' ? response.body.data : undefined;
        },
        { timeoutMs: 120_000, intervalMs: 200, what: 'the re-run to complete' },
      );
      expect(rerun).toMatchObject({ released: 0, skipped: { count: 1050 }, failed: { count: 0 } });
      await sleep(1500);
      expect(bulkEvents()).toHaveLength(1000);
    }, 900_000);

    it('streams the CSV export of the current filter', async () => {
      const response = await adminHttp().get('/api/admin/candidates/export.csv').query({ search: 'bulk' }).set(auth).buffer(true).expect(200);
      expect(response.headers['content-type']).toMatch(/^text\/csv/);
      const lines = String(response.text).trim().split('\r\n');
      expect(lines[0]).toContain('Candidate ID,Name,Father Name,Category');
      expect(lines).toHaveLength(1 + 1050);
    });

    it('exports what the admins changed a moment ago (fees with receipt, hall ticket, exam assignment)', async () => {
      const assigned = await adminHttp()
        .patch('/api/admin/candidates/KBE900001SGL/exam-assignment')
        .set(auth)
        .send({ seatNumber: 'S-101', center: 'Nashik Centre 1', examTime: '2025-11-05T10:00:00+05:30' })
        .expect(200);
      // stored as an instant, answered as ISO 8601 text in India time
      expect(assigned.body.data.examTime).toBe('2025-11-05T10:00:00+05:30');
      const response = await adminHttp().get('/api/admin/candidates/export.csv').query({ search: 'KBE900001SGL' }).set(auth).buffer(true).expect(200);
      const [header, row, ...rest] = String(response.text).replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(rest).toEqual([]);
      const cells = Object.fromEntries(header.split(',').map((title, i) => [title, row.split(',')[i]]));
      expect(cells).toMatchObject({
        'Candidate ID': 'KBE900001SGL',
        Status: 'Paid',
        'Receipt Number': 'R-2025-001',
        'Hall Ticket': 'Released',
        Certificate: 'Not released',
        Center: 'Nashik Centre 1',
        'Seat Number': 'S-101',
      });
      expect(cells['Name']).toMatch(/flow/i);
      // the exam time for people, as on the hall ticket (a quoted cell: it holds a comma)
      expect(row).toContain(',"5 November 2025, 10:00 am IST",');
    });

    it('refuses an exam time that is not a date-time with its offset, naming the expected format', async () => {
      const refused = await adminHttp().patch('/api/admin/candidates/KBE900001SGL/exam-assignment').set(auth).send({ examTime: '10 am on 5 November' }).expect(400);
      expect(JSON.stringify(refused.body)).toContain(EXAM_TIME_FORMAT_MESSAGE);
      const kept = await adminHttp().get('/api/admin/candidates/KBE900001SGL').set(auth).expect(200);
      expect(kept.body.data.examTime).toBe('2025-11-05T10:00:00+05:30');
    });

    it('reads an exam time stored as the typed text (before exam times were dates) as the instant it names', async () => {
      await registration
        .get<Connection>(getConnectionToken())
        .collection<{ _id: string }>('candidates')
        .updateOne({ _id: 'KBE100003BLK' }, { $set: { examTime: '2025-11-05T14:30+05:30' } });
      const answer = await adminHttp().get('/api/admin/candidates/KBE100003BLK').set(auth).expect(200);
      expect(answer.body.data.examTime).toBe('2025-11-05T14:30:00+05:30');
    });

    it('shows the dashboard figures', async () => {
      const response = await adminHttp().get('/api/admin/dashboard').set(auth).expect(200);
      expect(response.body.data.stats).toEqual({ totalCandidates: 1051, activeCandidates: 1021, totalMentors: 0, totalSchools: 0 });
      expect(response.body.data.fees).toEqual({ paid: 1021, unpaid: 30 });
      expect(response.body.data.releases).toEqual({ hallTickets: 1021, certificates: 0 });
      expect(response.body.data.registrationsPerDay).toHaveLength(30);
      expect(response.body.data.byCategory).toEqual(expect.arrayContaining([{ key: 'Sec', count: 1051 }]));
    });

    it('records who changed what, when and from which address', async () => {
      const response = await adminHttp().get('/api/admin/audit').query({ target: 'KBE900001SGL' }).set(auth).expect(200);
      const actions = response.body.data.entries.map((entry: { action: string }) => entry.action);
      expect(actions).toEqual(expect.arrayContaining(['candidate.fees', 'candidate.hall-ticket']));
      expect(response.body.data.entries[0]).toMatchObject({ actor: 'chief', role: 'admin', ip: '203.0.113.7', target: { type: 'candidate', id: 'KBE900001SGL' } });
      const jobs = await adminHttp().get('/api/admin/audit').query({ action: 'release-job.complete' }).set(auth).expect(200);
      expect(jobs.body.data.pagination.total).toBe(2);
    });
  });

  describe('adding and editing', () => {
    it('adds a mentor and a candidate (multipart with photo and signature, streamed through), edits the mentor, and audits each', async () => {
      const auth = { authorization: `Bearer ${await tokenOf('chief', '10.0.8.1')}` };
      const school = await request(registration.getHttpServer()).post('/api/schools/register').send({ ...validSchool(), udiseCode: '27200000001' }).expect(201);
      const mentorBody = { ...validMentor(), schoolCode: school.body.schoolCode, contact: '9988770011' };
      const added = await adminHttp().post('/api/admin/mentors').set(auth).send(mentorBody).expect(201);
      const mentorCode = added.body.data.mentorCode as string;
      expect(added.body.data).toMatchObject({ name: mentorBody.name, isActive: true });

      const edited = await adminHttp().put(`/api/admin/mentors/${mentorCode}`).set(auth).send({ ...mentorBody, name: 'Renamed Mentor' }).expect(200);
      expect(edited.body.data).toMatchObject({ mentorCode, name: 'Renamed Mentor' });
      const deactivated = await adminHttp().patch(`/api/admin/mentors/${mentorCode}/status`).set(auth).send({ isActive: false }).expect(200);
      expect(deactivated.body.data.isActive).toBe(false);
      await adminHttp().patch(`/api/admin/mentors/${mentorCode}/status`).set(auth).send({ isActive: true }).expect(200);

      const jpeg = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#336699' } }).jpeg().toBuffer();
      const fields = toBracketedFields({ ...validCandidate(), mentorCode, personalDetails: { ...validCandidate().personalDetails, fullName: 'Added By Admin' } } as unknown as BracketableObject);
      const upload = adminHttp().post('/api/admin/candidates').set(auth);
      for (const [name, value] of Object.entries(fields)) upload.field(name, value);
      const candidate = await upload
        .attach('photo', jpeg, { filename: 'photo.jpg', contentType: 'image/jpeg' })
        .attach('signature', jpeg, { filename: 'signature.jpg', contentType: 'image/jpeg' })
        .expect(201);
      expect(candidate.body.data).toMatchObject({ name: 'Added By Admin', mentorCode, feesPaid: false, seatNumber: 'TBA', consentStatus: 'pending' });
      const photo = await adminHttp().get(candidate.body.data.photo).buffer(true).expect(200);
      expect(photo.headers['content-type']).toBe('image/jpeg');

      const missing = await adminHttp().post('/api/admin/candidates').set(auth).send({ ...validCandidate(), mentorCode }).expect(400);
      expect(missing.body.message).toContain('Both photo and signature documents are required');

      // The candidate's language: English unless named; the edit sets it (and keeps it when it names none).
      const code = candidate.body.data.candidateCode as string;
      expect((await adminHttp().get(`/api/admin/candidates/${code}`).set(auth).expect(200)).body.data.language).toBe('en');
      const edit = { ...validCandidate(), mentorCode, personalDetails: { ...validCandidate().personalDetails, fullName: 'Added By Admin' } };
      const marathi = await adminHttp().put(`/api/admin/candidates/${code}`).set(auth).send({ ...edit, language: 'mr' }).expect(200);
      expect(marathi.body.data).toMatchObject({ candidateCode: code, name: 'Added By Admin', language: 'mr' });
      expect((await adminHttp().put(`/api/admin/candidates/${code}`).set(auth).send(edit).expect(200)).body.data.language).toBe('mr');
      expect((await adminHttp().get(`/api/admin/candidates/${code}`).set(auth).expect(200)).body.data.language).toBe('mr');
      const wrong = await adminHttp().put(`/api/admin/candidates/${code}`).set(auth).send({ ...edit, language: 'Marathi' }).expect(400);
      expect(wrong.body.errors).toEqual([expect.objectContaining({ field: 'language', message: 'Please select a language' })]);
      await adminHttp().put(`/api/admin/candidates/${code}`).send({ ...edit, language: 'hi' }).expect(401);

      const audit = await adminHttp().get('/api/admin/audit').query({ actor: 'chief', limit: 100 }).set(auth).expect(200);
      const actions = audit.body.data.entries.map((entry: { action: string }) => entry.action);
      expect(actions).toEqual(expect.arrayContaining(['mentor.add', 'mentor.edit', 'mentor.status', 'candidate.add', 'candidate.edit']));
      const languageEdit = audit.body.data.entries.find((entry: { action: string; target?: { id?: string }; details?: { changed?: string[] } }) =>
        entry.action === 'candidate.edit' && entry.target?.id === code && entry.details?.changed?.includes('language'));
      expect(languageEdit).toBeDefined();
    });
  });

  describe('parental consent', () => {
    let auth: Record<string, string>;
    let code: string;
    beforeAll(async () => {
      auth = { authorization: `Bearer ${await tokenOf('chief', '10.0.9.1')}` };
      const found = await adminHttp().get('/api/admin/candidates').query({ search: 'Added By Admin' }).set(auth).expect(200);
      code = found.body.data.candidates[0].candidateId;
    });

    it('shows the consent in the list and filters on it: only the candidate the admin added is pending', async () => {
      const pending = await adminHttp().get('/api/admin/candidates').query({ consent: 'pending' }).set(auth).expect(200);
      expect(pending.body.data.candidates.map((c: { candidateId: string; consentStatus: string }) => [c.candidateId, c.consentStatus])).toEqual([[code, 'pending']]);
      const given = await adminHttp().get('/api/admin/candidates').query({ consent: 'given', limit: 1 }).set(auth).expect(200);
      expect(given.body.data.pagination.total).toBe(1051);
      await adminHttp().get('/api/admin/candidates').query({ consent: 'maybe' }).set(auth).expect(400);
    });

    it("refuses a single release while consent is pending, and a bulk job skips the candidate with that reason", async () => {
      const refused = await adminHttp().patch(`/api/admin/candidates/${code}/certificate`).set(auth).send({ certificateReleased: true }).expect(409);
      expect(refused.body).toEqual({ statusCode: 409, message: 'Parental consent is pending.' });
      const start = await adminHttp().post('/api/admin/certificates/release').set(auth).send({ candidateIds: [code] }).expect(202);
      const job = await waitFor(
        async () => {
          const response = await adminHttp().get(`/api/admin/release-jobs/${start.body.data.id}`).set(auth).expect(200);
          return response.body.data.status === 'completed' ? response.body.data : undefined;
        },
        { timeoutMs: 120_000, intervalMs: 200, what: 'the certificate job to complete' },
      );
      expect(job).toMatchObject({ total: 1, released: 0, skipped: { count: 1, reasons: [{ reason: 'consent-pending', count: 1 }] }, failed: { count: 0 } });
      const detail = await adminHttp().get(`/api/admin/candidates/${code}`).set(auth).expect(200);
      expect(detail.body.data).toMatchObject({ certificateReleased: false, consentStatus: 'pending' });
    });
  });

  describe('SMS campaigns', () => {
    let auth: Record<string, string>;
    beforeAll(async () => {
      auth = { authorization: `Bearer ${await tokenOf('chief', '10.0.7.1')}` };
    });

    it('explains a missing phone number, a missing message and a message over 160 characters', async () => {
      const noPhone = await adminHttp().post('/api/sms/send').set(auth).send({ phoneNumber: ' ', message: 'Hi' }).expect(400);
      expect(noPhone.body.errors).toEqual([{ field: 'phoneNumber', message: SMS_MESSAGES.phoneRequired }]);
      const noMessage = await adminHttp().post('/api/sms/send-bulk').set(auth).send({ recipients: 'all', message: '   ' }).expect(400);
      expect(noMessage.body.errors).toEqual([{ field: 'message', message: SMS_MESSAGES.messageRequired }]);
      const tooLong = await adminHttp().post('/api/sms/send').set(auth).send({ phoneNumber: '9876543210', message: 'x'.repeat(161) }).expect(400);
      expect(tooLong.body.errors).toEqual([{ field: 'message', message: SMS_MESSAGES.tooLong }]);
      // What the admin's toast shows: the field's message alone, no technical prefix or field path.
      const badPhone = await adminHttp().post('/api/sms/send').set(auth).send({ phoneNumber: '12345', message: 'Hi' }).expect(400);
      expect(badPhone.body.message).toBe(SMS_MESSAGES.phoneInvalid);
    });

    it('answers the templates as campaigns carry them, for the SMS tab to preview and count', async () => {
      const answer = await adminHttp().get('/api/sms/templates').set(auth).expect(200);
      expect(answer.body.data.templates).toEqual([
        { template: 'status', text: 'KBE Young Scientist: registration {candidateCode} is confirmed. Check your status at https://kbe.example.org' },
        { template: 'hall-ticket', text: expect.stringContaining('Download it at https://kbe.example.org with your candidate ID.') },
        { template: 'certificate', text: expect.stringContaining('Download it at https://kbe.example.org with your candidate ID.') },
      ]);
      await adminHttp().get('/api/sms/templates').expect(401);
    });

    it('creates a campaign per send, publishes sms.requested to Kafka and lists it in the history with live counts', async () => {
      const single = await adminHttp().post('/api/sms/send').set(auth).send({ phoneNumber: '+91 98765 43210', message: 'Exam on Sunday' }).expect(200);
      expect(single.body).toEqual({
        success: true,
        message: '1 message queued for delivery',
        data: { successCount: 1, failureCount: 0, campaignId: expect.any(String) },
      });
      const bulk = await adminHttp().post('/api/sms/send-bulk').set(auth).send({ recipients: 'paid', message: 'Fees received' }).expect(200);
      expect(bulk.body.data).toMatchObject({ successCount: 1021, failureCount: 0 });
      const template = await adminHttp().post('/api/sms/send-template').set(auth).send({ recipients: 'hall-ticket', template: 'hall-ticket', data: {} }).expect(200);
      expect(template.body.data).toMatchObject({ successCount: 1021 });

      await waitFor(() => eventsOn(topics.sms).length >= 3, { what: 'three sms.requested events' });
      const byCampaign = (id: string) => eventsOn(topics.sms).find((e) => e.value.payload['campaignId'] === id)?.value.payload;
      expect(byCampaign(single.body.data.campaignId)).toEqual({
        campaignId: single.body.data.campaignId,
        messageType: 'custom',
        audience: { kind: 'recipients', recipients: [{ phoneNumber: '9876543210' }] },
        message: 'Exam on Sunday',
        requestedBy: 'chief',
      });
      expect(byCampaign(bulk.body.data.campaignId)).toMatchObject({ audience: { kind: 'group', group: 'paid' }, messageType: 'custom' });
      const templateText = byCampaign(template.body.data.campaignId)?.['message'];
      expect(templateText).toContain('{candidateCode}');
      expect(templateText).toContain('https://kbe.example.org');
      expect(String(templateText)).not.toMatch(/OTP/i);

      await request(`http://127.0.0.1:${(admin.getHttpServer().address() as { port: number }).port}`)
        .patch(`/internal/sms/campaigns/${bulk.body.data.campaignId}/counts`)
        .set('x-internal-token', base.INTERNAL_API_TOKEN)
        .send({ successCount: 1000, failedCount: 21, queuedCount: 0 })
        .expect(200);

      const history = await adminHttp().get('/api/sms/history').set(auth).expect(200);
      expect(history.body.data.history.map((item: { id: string }) => item.id)).toEqual([
        template.body.data.campaignId,
        bulk.body.data.campaignId,
        single.body.data.campaignId,
      ]);
      expect(history.body.data.history[1]).toMatchObject({ type: 'custom', recipients: 'paid', successCount: 1000, failedCount: 21, queuedCount: 0 });
      expect(history.body.data.history[2]).toMatchObject({ recipients: '9876543210', successCount: 0, failedCount: 0, queuedCount: 1 });

      const groups = await adminHttp().get('/api/sms/recipient-groups').set(auth).expect(200);
      expect(groups.body.data.groups).toEqual([
        // 1,051 seeded plus the one added by the admin (unpaid)
        { group: 'all', label: 'All candidates', size: 1052 },
        { group: 'paid', label: 'Fees paid', size: 1021 },
        { group: 'unpaid', label: 'Fees unpaid', size: 31 },
        { group: 'hall-ticket', label: 'Hall ticket released', size: 1021 },
        // the seeded candidates have consent; the one the admin added waits for it
        { group: 'consent-pending', label: 'Parental consent pending', size: 1 },
      ]);

      const audit = await adminHttp().get('/api/admin/audit').query({ action: 'sms.send' }).set(auth).expect(200);
      expect(audit.body.data.pagination.total).toBe(3);
    });

    it('refuses the counts callback without the internal token', async () => {
      await request(`http://127.0.0.1:${(admin.getHttpServer().address() as { port: number }).port}`)
        .patch('/internal/sms/campaigns/any/counts')
        .send({ successCount: 1, failedCount: 0, queuedCount: 0 })
        .expect(401);
    });
  });
});
