import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { ADMIN_MESSAGES, DATA_RIGHTS_API_PATHS, DATA_RIGHTS_MESSAGES } from '@kbe/contracts';
import { validCandidate } from '@kbe/contracts/testing';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { freePort, isolatedInfraEnv } from '@kbe/server-testing';
import type { Connection } from 'mongoose';
import request from 'supertest';
// The real registration-service runs in this process: admin-service reaches it only over HTTP
// (its internal API), exactly as in production. Test-only cross-project import.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { AppModule as RegistrationAppModule } from '../../../../registration-service/src/app/app.module';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { registrationEnvSchema, SERVICE_NAME as REGISTRATION } from '../../../../registration-service/src/app/registration.config';
import { adminEnvSchema, SERVICE_NAME } from '../admin.config';
import { AppModule } from '../app.module';
import { EnsureAdminAccountUseCase } from '../admins/usecases/ensure-admin-account.usecase';

const PASSWORD = 'correct horse battery';
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
        { field: 'outcome', message: DATA_RIGHTS_MESSAGES.outcome },
        { field: 'note', message: DATA_RIGHTS_MESSAGES.note },
      ]);
      const empty = await adminHttp().post(DATA_RIGHTS_API_PATHS.adminResolve('DR000001')).set(adminAuth).send({}).expect(400);
      expect(empty.body.errors).toEqual([
        { field: 'outcome', message: DATA_RIGHTS_MESSAGES.outcome },
        { field: 'note', message: DATA_RIGHTS_MESSAGES.note },
      ]);
      const long = await adminHttp().post(DATA_RIGHTS_API_PATHS.adminResolve('DR000001')).set(adminAuth).send({ outcome: 'done', note: 'x'.repeat(501) }).expect(400);
      expect(long.body.errors).toEqual([{ field: 'note', message: DATA_RIGHTS_MESSAGES.note }]);
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
        { field: 'status', message: DATA_RIGHTS_MESSAGES.status },
        { field: 'limit', message: expect.any(String) },
      ]);
    });

    it('refuses a results date that is not YYYY-MM-DD', async () => {
      for (const body of [{ resultsPublishedOn: '01/03/2026' }, { resultsPublishedOn: 20260301 }, {}]) {
        const response = await adminHttp().put(DATA_RIGHTS_API_PATHS.adminResultsDate).set(adminAuth).send(body).expect(400);
        expect(response.body.errors).toEqual([{ field: 'resultsPublishedOn', message: DATA_RIGHTS_MESSAGES.resultsDate }]);
      }
    });
  });
});
