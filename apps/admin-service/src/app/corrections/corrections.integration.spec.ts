import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { ADMIN_MESSAGES, CORRECTION_MESSAGES, CORRECTION_PATHS } from '@kbe/contracts';
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
// eslint-disable-next-line @nx/enforce-module-boundaries
import { CORRECTION_REQUEST_STORE, type CorrectionRequestStore } from '../../../../registration-service/src/app/corrections/correction-request.store';
import { adminEnvSchema, SERVICE_NAME } from '../admin.config';
import { AppModule } from '../app.module';
import { EnsureAdminAccountUseCase } from '../admins/usecases/ensure-admin-account.usecase';

const PASSWORD = 'correct horse battery';
const VIEWER_FORBIDDEN = { statusCode: 403, message: 'Your role may view but not change anything' };

/** A candidate as registration-service stores it (seeded through its own connection). */
function seededCandidate(code: string, index: number) {
  const valid = validCandidate();
  const phoneNumber = `98765${String(index).padStart(5, '0')}`;
  return {
    ...valid,
    _id: code,
    candidateCode: code,
    schoolCode: 'SCH-7KQ2XM',
    contactDetails: { ...valid.contactDetails, phoneNumber },
    feesPaid: true,
    hallTicketReleased: true,
    certificateReleased: false,
    hallTicketRelease: null,
    consentStatus: 'given',
    consent: { status: 'given', givenAt: new Date(), noticeVersion: 'seed', lang: 'en', method: 'test-data', phoneHash: null, clientAddress: null },
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
    createdAt: new Date(),
    deletedAt: null,
    receiptNumber: null,
  };
}

describe('corrections through admin-service (admin-service + registration-service over HTTP, FerretDB, Kafka)', () => {
  let admin: INestApplication;
  let registration: INestApplication;
  const adminHttp = () => request(admin.getHttpServer());
  const base = isolatedInfraEnv({ OUTBOX_RELAY_INTERVAL_MS: '200' });
  let adminAuth: Record<string, string>;
  let viewerAuth: Record<string, string>;
  let internalToken: string;
  const ids: Record<'approve' | 'reject', string> = { approve: '', reject: '' };

  beforeAll(async () => {
    const [adminPort, registrationPort] = await Promise.all([freePort(), freePort()]);
    const adminUrl = `http://127.0.0.1:${adminPort}`;
    const registrationConfig = loadConfig(registrationEnvSchema, { ...base, PORT: String(registrationPort), ADMIN_SERVICE_URL: adminUrl });
    internalToken = registrationConfig.INTERNAL_API_TOKEN;
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
      .insertMany(['KBE100001CRX', 'KBE100002CRX'].map((code, index) => seededCandidate(code, index + 1)));
    // As a school files them in the portal (registration-service's own suite covers that side).
    const store = registration.get<CorrectionRequestStore>(CORRECTION_REQUEST_STORE);
    const file = async (candidateCode: string, field: 'personalDetails.motherName' | 'educationalDetails.standard', from: string, to: string) => {
      const filed = await store.create({
        candidateCode,
        candidateName: 'Aarav Patil',
        schoolCode: 'SCH-7KQ2XM',
        mentorCode: validCandidate().mentorCode,
        requestedBy: { role: 'school', code: 'SCH-7KQ2XM' },
        changes: [{ field, label: field, from, to }],
        note: '',
        requestedAt: new Date(),
      });
      if (filed === 'open-request') throw new Error('seeded twice');
      return filed.id;
    };
    ids.approve = await file('KBE100001CRX', 'personalDetails.motherName', 'Meena Patil', 'Meenakshi Patil');
    ids.reject = await file('KBE100002CRX', 'educationalDetails.standard', '8th', '9th');

    const tokenOf = async (username: string, from: string) =>
      (await adminHttp().post('/api/admin/login').set('x-forwarded-for', from).send({ username, password: PASSWORD }).expect(200)).body.token as string;
    adminAuth = { authorization: `Bearer ${await tokenOf('chief', '10.1.0.1')}`, 'x-forwarded-for': '203.0.113.26' };
    viewerAuth = { authorization: `Bearer ${await tokenOf('watcher', '10.1.0.2')}` };
  }, 120_000);

  afterAll(async () => {
    await admin?.get<Connection>(getConnectionToken()).dropDatabase();
    await registration?.get<Connection>(getConnectionToken()).dropDatabase();
    await admin?.close();
    await registration?.close();
  });

  const routes = [
    ['get', CORRECTION_PATHS.admin],
    ['get', CORRECTION_PATHS.adminOne('CR000001')],
    ['post', CORRECTION_PATHS.adminApprove('CR000001')],
    ['post', CORRECTION_PATHS.adminReject('CR000001')],
  ] as const;

  describe('who may call', () => {
    it.each(routes)('%s %s answers 401 without a token, and to a portal-looking token', async (method, path) => {
      const response = await adminHttp()[method](path).send({ reason: 'No' });
      expect({ status: response.status, body: response.body }).toEqual({ status: 401, body: { statusCode: 401, message: ADMIN_MESSAGES.noTokenLists } });
      expect((await adminHttp()[method](path).set('authorization', `Bearer ${'a'.repeat(43)}`).send({ reason: 'No' })).status).toBe(401);
    });

    it('is listed in the OpenAPI document as bearer-guarded, every one of the four', async () => {
      const document = (await adminHttp().get('/api/docs/admin-service.json').expect(200)).body as {
        paths: Record<string, Record<string, { security?: unknown[]; requestBody?: unknown }>>;
      };
      expect(document.paths['/api/admin/corrections']?.['get']?.security?.length).toBeGreaterThan(0);
      expect(document.paths['/api/admin/corrections/{id}']?.['get']?.security?.length).toBeGreaterThan(0);
      expect(document.paths['/api/admin/corrections/{id}/approve']?.['post']?.security?.length).toBeGreaterThan(0);
      expect(document.paths['/api/admin/corrections/{id}/reject']?.['post']?.security?.length).toBeGreaterThan(0);
      expect(JSON.stringify(document.paths['/api/admin/corrections/{id}/reject']?.['post']?.requestBody)).toContain('reason');
    });

    it('lets a viewer read the queue and a request, answers 403 to their decisions, and records nothing', async () => {
      const queue = await adminHttp().get(CORRECTION_PATHS.admin).set(viewerAuth).expect(200);
      expect(queue.body.data).toMatchObject({ open: 2, total: 2 });
      await adminHttp().get(CORRECTION_PATHS.adminOne(ids.approve)).set(viewerAuth).expect(200);
      for (const path of [CORRECTION_PATHS.adminApprove(ids.approve), CORRECTION_PATHS.adminReject(ids.reject)]) {
        const refused = await adminHttp().post(path).set(viewerAuth).send({ reason: 'Looks wrong' });
        expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: VIEWER_FORBIDDEN });
      }
      const audit = await adminHttp().get('/api/admin/audit').set(adminAuth).expect(200);
      expect(audit.body.data.entries.filter((entry: { actor: string }) => entry.actor === 'watcher')).toEqual([]);
      expect((await adminHttp().get(CORRECTION_PATHS.admin).set(viewerAuth).expect(200)).body.data.open).toBe(2);
    });
  });

  describe('bad input answers 4xx naming the field', () => {
    it('refuses a rejection without a reason, an unknown status, a malformed id and a body naming its own admin', async () => {
      expect((await adminHttp().post(CORRECTION_PATHS.adminReject(ids.reject)).set(adminAuth).send({ reason: '  ' }).expect(400)).body.errors).toEqual([
        expect.objectContaining({ field: 'reason', message: CORRECTION_MESSAGES.reasonRequired }),
      ]);
      expect((await adminHttp().post(CORRECTION_PATHS.adminReject(ids.reject)).set(adminAuth).send({}).expect(400)).body.errors).toEqual([
        expect.objectContaining({ field: 'reason', message: CORRECTION_MESSAGES.reasonRequired }),
      ]);
      expect((await adminHttp().get(CORRECTION_PATHS.admin).query({ status: 'pending' }).set(adminAuth).expect(400)).body.errors).toEqual([
        expect.objectContaining({ field: 'status', message: CORRECTION_MESSAGES.status }),
      ]);
      expect((await adminHttp().get(CORRECTION_PATHS.adminOne('DR000001')).set(adminAuth).expect(400)).body.errors).toEqual([{ field: 'id', message: CORRECTION_MESSAGES.id }]);
      const named = await adminHttp().post(CORRECTION_PATHS.adminApprove(ids.approve)).set(adminAuth).send({ decidedBy: 'someone-else' }).expect(400);
      expect(named.body.errors).toEqual([{ field: 'body', message: expect.stringContaining('decidedBy') }]);
      expect((await adminHttp().get(CORRECTION_PATHS.adminOne('CR999999')).set(adminAuth).expect(404)).body.message).toBe(CORRECTION_MESSAGES.notFound);
    });
  });

  describe('deciding', () => {
    it("approves: the candidate's record changes, and the audit entry names the request, the candidate, the field and the decision, no value", async () => {
      const approved = await adminHttp().post(CORRECTION_PATHS.adminApprove(ids.approve)).set(adminAuth).send({}).expect(200);
      expect(approved.body).toMatchObject({ success: true, message: CORRECTION_MESSAGES.approved, data: { id: ids.approve, status: 'approved', decidedBy: 'chief' } });
      const record = await request(registration.getHttpServer()).get('/internal/candidates/KBE100001CRX').set('x-internal-token', internalToken).expect(200);
      expect(record.body.data.personalDetails.motherName).toBe('Meenakshi Patil');
      const audit = await adminHttp().get('/api/admin/audit').query({ action: 'correction.approve' }).set(adminAuth).expect(200);
      expect(audit.body.data.entries).toEqual([
        expect.objectContaining({
          actor: 'chief',
          action: 'correction.approve',
          target: { type: 'correction', id: ids.approve },
          details: { candidateCode: 'KBE100001CRX', fields: ['personalDetails.motherName'], decision: 'approved' },
        }),
      ]);
      expect(JSON.stringify(audit.body.data.entries)).not.toContain('Meena');
      const again = await adminHttp().post(CORRECTION_PATHS.adminApprove(ids.approve)).set(adminAuth).send({}).expect(409);
      expect(again.body.message).toBe(CORRECTION_MESSAGES.alreadyDecided);
    });

    it('rejects with the reason: the request shows it, the record keeps its value, the audit entry has no reason', async () => {
      const rejected = await adminHttp().post(CORRECTION_PATHS.adminReject(ids.reject)).set(adminAuth).send({ reason: 'The school register says 8th.' }).expect(200);
      expect(rejected.body.data).toMatchObject({ status: 'rejected', reason: 'The school register says 8th.' });
      expect((await adminHttp().get(CORRECTION_PATHS.adminOne(ids.reject)).set(viewerAuth).expect(200)).body.data.changes).toEqual([
        { field: 'educationalDetails.standard', label: 'educationalDetails.standard', from: '8th', to: '9th' },
      ]);
      const record = await request(registration.getHttpServer()).get('/internal/candidates/KBE100002CRX').set('x-internal-token', internalToken).expect(200);
      expect(record.body.data.educationalDetails.standard).toBe('8th');
      const audit = await adminHttp().get('/api/admin/audit').query({ action: 'correction.reject' }).set(adminAuth).expect(200);
      expect(audit.body.data.entries).toEqual([expect.objectContaining({ target: { type: 'correction', id: ids.reject }, details: { candidateCode: 'KBE100002CRX', fields: ['educationalDetails.standard'], decision: 'rejected' } })]);
      expect(JSON.stringify(audit.body.data.entries)).not.toContain('register');
      const closed = await adminHttp().get(CORRECTION_PATHS.admin).query({ status: 'closed' }).set(viewerAuth).expect(200);
      expect(closed.body.data).toMatchObject({ open: 0, total: 2 });
      expect(closed.body.data.items.map((item: { id: string }) => item.id)).toEqual([ids.reject, ids.approve]);
    });
  });
});
