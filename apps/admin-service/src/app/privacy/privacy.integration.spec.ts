import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { ADMIN_MESSAGES, DATA_RIGHTS_API_PATHS, DATA_RIGHTS_MESSAGES } from '@kbe/contracts';
import { validCandidate } from '@kbe/contracts/testing';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { freePort, isolatedInfraEnv, waitFor } from '@kbe/server-testing';
import type { Connection } from 'mongoose';
import request from 'supertest';
// The real registration-service runs in this process: admin-service reaches it only over HTTP
// (its internal API), exactly as in production. Test-only cross-project import.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { AppModule as RegistrationAppModule } from '../../../../registration-service/src/app/app.module';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { registrationEnvSchema, SERVICE_NAME as REGISTRATION } from '../../../../registration-service/src/app/registration.config';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { DataRequestStore } from '../../../../registration-service/src/app/data-rights/requests/data-request.store';
import { adminEnvSchema, SERVICE_NAME } from '../admin.config';
import { AppModule } from '../app.module';
import { EnsureAdminAccountUseCase } from '../admins/usecases/ensure-admin-account.usecase';

const PASSWORD = 'correct horse battery';
const DAY_MS = 24 * 60 * 60 * 1000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS);
/** YYYY-MM-DD in India, `days` from today. */
const indiaDay = (days: number) => new Date(Date.now() + days * DAY_MS + 330 * 60_000).toISOString().slice(0, 10);
const VIEWER_FORBIDDEN = { statusCode: 403, message: 'Your role may view but not change anything' };

/** A candidate as registration-service stores it (seeded through its own connection). */
function seededCandidate(code: string, index: number) {
  const valid = validCandidate();
  const phoneNumber = `98765${String(index).padStart(5, '0')}`;
  const createdAt = new Date(Date.now() - index * 1000);
  return {
    ...valid,
    _id: code,
    candidateCode: code,
    schoolCode: 'SCH-7KQ2XM',
    contactDetails: { ...valid.contactDetails, phoneNumber },
    feesPaid: true,
    hallTicketReleased: false,
    certificateReleased: false,
    hallTicketRelease: null,
    consentStatus: 'given',
    consent: { status: 'given', givenAt: createdAt, noticeVersion: 'seed', lang: 'en', method: 'test-data', phoneHash: null, clientAddress: null },
    seatNumber: null,
    center: null,
    examTime: null,
    photoKey: `photos/${code}.jpg`,
    signatureKey: `signatures/${code}.jpg`,
    nameSearch: valid.personalDetails.fullName.toLowerCase(),
    nameWords: valid.personalDetails.fullName.toLowerCase().split(' '),
    phoneNumber,
    fingerprint: `fp-${code}`,
    eventId: `reg-${code}`,
    eventQueued: true,
    createdAt,
    deletedAt: null,
    receiptNumber: null,
  };
}

describe('privacy: data requests and retention through admin-service (admin-service + registration-service over HTTP, FerretDB, Kafka)', () => {
  let admin: INestApplication;
  let registration: INestApplication;
  const adminHttp = () => request(admin.getHttpServer());
  const base = isolatedInfraEnv({ OUTBOX_RELAY_INTERVAL_MS: '200' });
  let adminAuth: Record<string, string>;
  let viewerAuth: Record<string, string>;

  beforeAll(async () => {
    const [adminPort, registrationPort] = await Promise.all([freePort(), freePort()]);
    const adminUrl = `http://127.0.0.1:${adminPort}`;
    const registrationConfig = loadConfig(registrationEnvSchema, { ...base, PORT: String(registrationPort), ADMIN_SERVICE_URL: adminUrl });
    registration = await createServiceApp({ service: REGISTRATION, module: RegistrationAppModule.forRoot(registrationConfig), config: registrationConfig });
    await registration.listen(registrationPort, '127.0.0.1');

    const adminConfig = loadConfig(adminEnvSchema, {
      ...base,
      PORT: String(adminPort),
      ADMIN_USERNAME: 'chief',
      ADMIN_PASSWORD: PASSWORD,
      ADMIN_SERVICE_URL: adminUrl,
      REGISTRATION_SERVICE_URL: `http://127.0.0.1:${registrationPort}`,
      PORTAL_URL: 'https://kbe.example.org',
    });
    admin = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(adminConfig), config: adminConfig });
    await admin.listen(adminPort, '127.0.0.1');
    await admin.get(EnsureAdminAccountUseCase).execute('watcher', PASSWORD, 'viewer');

    await registration
      .get<Connection>(getConnectionToken())
      .collection<{ _id: string }>('candidates')
      .insertMany(['KBE100001PRV', 'KBE100002PRV', 'KBE100003PRV'].map((code, index) => seededCandidate(code, index + 1)));

    const tokenOf = async (username: string, from: string) =>
      (await adminHttp().post('/api/admin/login').set('x-forwarded-for', from).send({ username, password: PASSWORD }).expect(200)).body.token as string;
    adminAuth = { authorization: `Bearer ${await tokenOf('chief', '10.1.0.1')}`, 'x-forwarded-for': '203.0.113.25' };
    viewerAuth = { authorization: `Bearer ${await tokenOf('watcher', '10.1.0.2')}` };
  }, 120_000);

  afterAll(async () => {
    await admin?.get<Connection>(getConnectionToken()).dropDatabase();
    await registration?.get<Connection>(getConnectionToken()).dropDatabase();
    await admin?.close();
    await registration?.close();
  });

  const routes = [
    ['get', DATA_RIGHTS_API_PATHS.adminRequests],
    ['post', DATA_RIGHTS_API_PATHS.adminResolve('DR000001')],
    ['get', DATA_RIGHTS_API_PATHS.adminRetention],
    ['put', DATA_RIGHTS_API_PATHS.adminResultsDate],
  ] as const;

  describe('who may call', () => {
    it.each(routes)('%s %s answers 401 without a token', async (method, path) => {
      const response = await adminHttp()[method](path).send({ outcome: 'refused', note: 'No', resultsPublishedOn: '2025-01-01' });
      expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: { statusCode: 401, message: ADMIN_MESSAGES.noTokenLists } });
    });

    it('is listed in the OpenAPI document as bearer-guarded, every one of the four', async () => {
      const document = (await adminHttp().get('/api/docs/admin-service.json').expect(200)).body as {
        paths: Record<string, Record<string, { security?: unknown[] }>>;
      };
      expect(document.paths['/api/admin/data-requests']?.['get']?.security?.length).toBeGreaterThan(0);
      expect(document.paths['/api/admin/data-requests/{id}/resolve']?.['post']?.security?.length).toBeGreaterThan(0);
      expect(document.paths['/api/admin/retention']?.['get']?.security?.length).toBeGreaterThan(0);
      expect(document.paths['/api/admin/retention/results-date']?.['put']?.security?.length).toBeGreaterThan(0);
    });

    it('answers 403 to a viewer who tries to resolve a request or record the results date, and records nothing', async () => {
      const resolve = await adminHttp().post(DATA_RIGHTS_API_PATHS.adminResolve('DR000001')).set(viewerAuth).send({ outcome: 'done', note: 'Erased' });
      expect({ status: resolve.status, body: resolve.body }).toEqual({ status: 403, body: VIEWER_FORBIDDEN });
      const date = await adminHttp().put(DATA_RIGHTS_API_PATHS.adminResultsDate).set(viewerAuth).send({ resultsPublishedOn: '2025-01-01' });
      expect({ status: date.status, body: date.body }).toEqual({ status: 403, body: VIEWER_FORBIDDEN });
      const audit = await adminHttp().get('/api/admin/audit').set(adminAuth).expect(200);
      expect(audit.body.data.entries.filter((entry: { actor: string }) => entry.actor === 'watcher')).toEqual([]);
    });
  });

  describe('bad input answers 400 naming the field, before registration-service is asked', () => {
    it('refuses a resolution without a known outcome or a note', async () => {
      const response = await adminHttp().post(DATA_RIGHTS_API_PATHS.adminResolve('DR000001')).set(adminAuth).send({ outcome: 'maybe', note: '   ' }).expect(400);
      expect(response.body.errors).toEqual([
        { field: 'outcome', message: DATA_RIGHTS_MESSAGES.outcome, key: 'dataRights.outcome' },
        { field: 'note', message: DATA_RIGHTS_MESSAGES.note, key: 'dataRights.note' },
      ]);
      const empty = await adminHttp().post(DATA_RIGHTS_API_PATHS.adminResolve('DR000001')).set(adminAuth).send({}).expect(400);
      expect(empty.body.errors).toEqual([
        { field: 'outcome', message: DATA_RIGHTS_MESSAGES.outcome, key: 'dataRights.outcome' },
        { field: 'note', message: DATA_RIGHTS_MESSAGES.note, key: 'dataRights.note' },
      ]);
      const long = await adminHttp().post(DATA_RIGHTS_API_PATHS.adminResolve('DR000001')).set(adminAuth).send({ outcome: 'done', note: 'x'.repeat(501) }).expect(400);
      expect(long.body.errors).toEqual([{ field: 'note', message: DATA_RIGHTS_MESSAGES.note, key: 'dataRights.note' }]);
    });

    it('refuses a body that names its own handler: the handler is the signed-in admin', async () => {
      const response = await adminHttp()
        .post(DATA_RIGHTS_API_PATHS.adminResolve('DR000001'))
        .set(adminAuth)
        .send({ outcome: 'done', note: 'Erased', handledBy: 'someone-else' })
        .expect(400);
      expect(response.body.errors).toEqual([{ field: 'body', message: expect.stringContaining('handledBy') }]);
    });

    it('refuses an unknown queue status and a page size over 100', async () => {
      const response = await adminHttp().get(DATA_RIGHTS_API_PATHS.adminRequests).query({ status: 'pending', limit: 500 }).set(viewerAuth).expect(400);
      expect(response.body.errors).toEqual([
        { field: 'status', message: DATA_RIGHTS_MESSAGES.status, key: 'dataRights.status' },
        { field: 'limit', message: expect.any(String) },
      ]);
    });

    it('refuses a results date that is not a real YYYY-MM-DD day', async () => {
      for (const body of [{ resultsPublishedOn: '01/03/2026' }, { resultsPublishedOn: 20260301 }, {}, { resultsPublishedOn: '2026-02-30' }, { resultsPublishedOn: '0000-00-00' }]) {
        const response = await adminHttp().put(DATA_RIGHTS_API_PATHS.adminResultsDate).set(adminAuth).send(body).expect(400);
        expect(response.body.errors).toEqual([{ field: 'resultsPublishedOn', message: DATA_RIGHTS_MESSAGES.resultsDate, key: 'dataRights.resultsDate' }]);
      }
    });
  });

  describe("registration-service's queue and retention, through admin-service", () => {
    const ids = { overdue: 'DR000001', erasure: 'DR000002', correction: 'DR000003', access: 'DR000004' };

    beforeAll(async () => {
      // As a guardian files them (registration-service's own suite covers the guardian's side).
      const store = registration.get(DataRequestStore);
      await store.create({ candidateCode: 'KBE100001PRV', kind: 'correction', details: 'Mother name is Sunita, not Sunitha', requestedAt: daysFromNow(-100), dueAt: daysFromNow(-10) });
      await store.create({ candidateCode: 'KBE100002PRV', kind: 'erasure', details: '', requestedAt: daysFromNow(-5), dueAt: daysFromNow(85) });
      await store.create({ candidateCode: 'KBE100003PRV', kind: 'correction', details: 'The school should be Nashik Vidyalaya', requestedAt: daysFromNow(-2), dueAt: daysFromNow(88) });
      await store.create({
        candidateCode: 'KBE100003PRV',
        kind: 'access',
        details: '',
        requestedAt: daysFromNow(-1),
        dueAt: daysFromNow(89),
        handled: { by: 'self-service', resolution: 'Downloaded by the guardian' },
      });
    });

    const queueOf = async (status: string, auth = viewerAuth) =>
      (await adminHttp().get(DATA_RIGHTS_API_PATHS.adminRequests).query({ status }).set(auth).expect(200)).body;

    it('lists the open requests (oldest due first) with the open and overdue counts to a viewer, and the closed and all views', async () => {
      const open = await queueOf('open');
      expect(open).toMatchObject({ success: true, data: { page: 1, limit: 20, total: 3, open: 3, overdue: 1 } });
      expect(open.data.items.map((item: { id: string }) => item.id)).toEqual([ids.overdue, ids.erasure, ids.correction]);
      expect(open.data.items[0]).toEqual({
        id: ids.overdue,
        candidateCode: 'KBE100001PRV',
        kind: 'correction',
        details: 'Mother name is Sunita, not Sunitha',
        status: 'open',
        requestedAt: expect.any(String),
        dueAt: expect.any(String),
        handledBy: null,
        handledAt: null,
        resolution: null,
      });
      const closed = await queueOf('closed');
      expect(closed.data.items.map((item: { id: string; handledBy: string }) => [item.id, item.handledBy])).toEqual([[ids.access, 'self-service']]);
      expect((await queueOf('all')).data.total).toBe(4);
    });

    it("refuses a correction in the signed-in admin's name, audits it without the note, and answers 409 to a second answer and 404 to an unknown request", async () => {
      const note = 'The school on the form matches the school record of Asha';
      const resolved = await adminHttp().post(DATA_RIGHTS_API_PATHS.adminResolve(ids.correction)).set(adminAuth).send({ outcome: 'refused', note }).expect(200);
      expect(resolved.body).toEqual({
        success: true,
        message: 'Data request resolved',
        data: expect.objectContaining({ id: ids.correction, status: 'refused', handledBy: 'chief', handledAt: expect.any(String), resolution: note }),
      });

      const audit = await adminHttp().get('/api/admin/audit').query({ action: 'data-request.resolve' }).set(adminAuth).expect(200);
      expect(audit.body.data.entries).toEqual([
        expect.objectContaining({
          actor: 'chief',
          role: 'admin',
          action: 'data-request.resolve',
          target: { type: 'data-request', id: ids.correction },
          details: { kind: 'correction', outcome: 'refused', candidateCode: 'KBE100003PRV' },
        }),
      ]);
      expect(JSON.stringify(audit.body)).not.toContain('Asha');

      const again = await adminHttp().post(DATA_RIGHTS_API_PATHS.adminResolve(ids.correction)).set(adminAuth).send({ outcome: 'done', note: 'Corrected' }).expect(409);
      expect(again.body).toEqual({ statusCode: 409, message: DATA_RIGHTS_MESSAGES.alreadyHandled });
      const unknown = await adminHttp().post(DATA_RIGHTS_API_PATHS.adminResolve('DR999999')).set(adminAuth).send({ outcome: 'done', note: 'Done' }).expect(404);
      expect(unknown.body).toEqual({ statusCode: 404, message: DATA_RIGHTS_MESSAGES.requestNotFound });
      // a refused or unknown answer leaves no audit entry
      const after = await adminHttp().get('/api/admin/audit').query({ action: 'data-request.resolve' }).set(adminAuth).expect(200);
      expect(after.body.data.pagination.total).toBe(1);
    });

    it("erases the candidate when an erasure request is marked done, and the queue counts one open request left", async () => {
      const before = await adminHttp().get('/api/admin/candidates/KBE100002PRV').set(adminAuth).expect(200);
      const name = before.body.data.name as string;
      await adminHttp().post(DATA_RIGHTS_API_PATHS.adminResolve(ids.erasure)).set(adminAuth).send({ outcome: 'done', note: 'Erased as the guardian asked' }).expect(200);

      const erased = await adminHttp().get('/api/admin/candidates/KBE100002PRV').set(adminAuth).expect(200);
      expect(erased.body.data).toMatchObject({ candidateId: 'KBE100002PRV', consentStatus: 'withdrawn' });
      expect(erased.body.data.name).not.toBe(name);
      const audit = await adminHttp().get('/api/admin/audit').query({ action: 'data-request.resolve', target: ids.erasure }).set(adminAuth).expect(200);
      expect(audit.body.data.entries[0]?.details).toEqual({ kind: 'erasure', outcome: 'done', candidateCode: 'KBE100002PRV' });
      // and registration-service recorded the erasure itself, in the name of the admin who resolved it
      const erasure = await waitFor(async () => {
        const entries = (await adminHttp().get('/api/admin/audit').query({ action: 'candidate.erase', target: 'KBE100002PRV' }).set(adminAuth).expect(200)).body.data.entries;
        return entries.length > 0 ? entries : undefined;
      }, { timeoutMs: 10_000, what: 'the candidate.erase audit entry' });
      expect(erasure).toEqual([expect.objectContaining({ actor: 'chief', role: 'admin', action: 'candidate.erase', target: { type: 'candidate', id: 'KBE100002PRV' }, details: { reason: 'request' } })]);

      const open = await queueOf('open');
      expect(open.data).toMatchObject({ total: 1, open: 1, overdue: 1 });
    });

    it('shows the retention report to a viewer; an admin records the results date (audited), a future one is refused', async () => {
      const report = await adminHttp().get(DATA_RIGHTS_API_PATHS.adminRetention).set(viewerAuth).expect(200);
      // three seeded, one erased by the request above: two still hold data to purge
      expect(report.body.data).toMatchObject({ resultsPublishedOn: null, purgeDueOn: null, state: 'no-results-date', purged: 0, candidates: 2 });
      expect(report.body.data.fields.length).toBeGreaterThan(0);

      const future = await adminHttp().put(DATA_RIGHTS_API_PATHS.adminResultsDate).set(adminAuth).send({ resultsPublishedOn: indiaDay(2) }).expect(409);
      expect(future.body.message).toBe(DATA_RIGHTS_MESSAGES.resultsDateInFuture);

      const yesterday = indiaDay(-1);
      const recorded = await adminHttp().put(DATA_RIGHTS_API_PATHS.adminResultsDate).set(adminAuth).send({ resultsPublishedOn: yesterday }).expect(200);
      expect(recorded.body.data).toMatchObject({ resultsPublishedOn: yesterday, purgeDueOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), state: 'waiting' });
      const audit = await adminHttp().get('/api/admin/audit').query({ action: 'retention.results-date' }).set(adminAuth).expect(200);
      expect(audit.body.data.entries).toEqual([
        expect.objectContaining({
          actor: 'chief',
          target: { type: 'edition', id: String(recorded.body.data.editionYear) },
          details: { resultsPublishedOn: yesterday, purgeDueOn: recorded.body.data.purgeDueOn },
        }),
      ]);
    });
  });
});
