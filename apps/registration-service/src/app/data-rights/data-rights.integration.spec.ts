import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { CONSENT_API_PATHS, CONSENT_MESSAGES, DATA_RIGHTS_API_PATHS, DATA_RIGHTS_MESSAGES, REGISTRATION_INTERNAL_PATHS } from '@kbe/contracts';
import { validCandidate } from '@kbe/contracts/testing';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { FILE_STORAGE, type FileStorage } from '@kbe/server-storage';
import { freePort, isolatedInfraEnv, waitFor } from '@kbe/server-testing';
import type { Connection } from 'mongoose';
import request from 'supertest';
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { ServiceProcess } from '../../../../notifications-service/src/testing/service-process';
import { AppModule } from '../app.module';
import { CANDIDATE_DOCUMENTS_BUCKET } from '../candidates/candidate-documents.store';
import { smsCodeIn, startNotifications, storedCandidate as storedCandidateOf } from '../consent/testing/guardian-sms.fixture';
import { registrationEnvSchema, SERVICE_NAME } from '../registration.config';
import { ErasureWorker } from './erasure/erasure.worker';
import { RetentionPurgeJob } from './retention/retention-purge.job';

/** The suite's clock, near the real time (notifications-service drops a code past its expiry by its own clock). */
const clock = { current: new Date(), now: () => clock.current };
const advance = (ms: number) => (clock.current = new Date(clock.current.getTime() + ms));
const DAY_MS = 24 * 60 * 60 * 1000;
const indiaDay = (at: Date) => new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);

const env = isolatedInfraEnv({ TRUSTED_PROXY_HOPS: '1', OUTBOX_RELAY_INTERVAL_MS: '200', RETENTION_DAYS_AFTER_RESULTS: '30', ERASURE_RETRY_INTERVAL_MS: '3600000' });
const config = loadConfig(registrationEnvSchema, env);
const internal = { 'x-internal-token': config.INTERNAL_API_TOKEN };

/** A published Mains result: a score and rank are the candidate's own, so an erasure takes them. */
const publishedResult = { level: 'Mains', category: 'Sec', rollNumber: 'M-05-014-0123-6', score: 87.5, maxMarks: 100, absent: false, rank: 3, medal: 'bronze', qualified: true, nextLevel: 'Advanced', publishedAt: '2026-03-01T06:30:00.000Z' };

/** A candidate with a consent given, photo and signature keys of the images the suite puts in MinIO. */
function storedCandidate(code: string, phoneNumber: string, guardianPhone: string) {
  const valid = validCandidate();
  return storedCandidateOf(code, phoneNumber, guardianPhone, {
    personalDetails: { ...valid.personalDetails, fullName: 'Aarav Patil', motherName: 'Sunita Patil' },
    feesPaid: true,
    seatNumber: 'A-12',
    center: 'Nashik Centre',
    photoKey: `${code}/upload-1/photo.jpg`,
    signatureKey: `${code}/upload-1/signature.jpg`,
    receiptNumber: 'R-1',
    results: [publishedResult],
    resultLevels: ['Mains'],
    consentStatus: 'given',
    consent: { status: 'given', givenAt: new Date(), noticeVersion: 'v1', lang: 'en', method: 'sms-otp', phoneHash: 'a'.repeat(64), clientAddress: '203.0.113.1' },
  });
}

describe('a guardian withdraws consent, sees the data and files requests (registration-service, notifications-service, FerretDB, Kafka, MinIO)', () => {
  let app: INestApplication;
  let http: ReturnType<typeof request>;
  let notifications: ServiceProcess;
  let connection: Connection;
  let storage: FileStorage;

  /** The code of the latest SMS of `messageType` to `candidateCode` in notifications-service's console log, after `seen` of them. */
  async function smsCode(candidateCode: string, messageType: string, seen = 0): Promise<{ code: string; line: string }> {
    const pattern = new RegExp(`SMS to \\*{6}\\d{4} \\([^)]*${messageType}\\): KBE Young Scientist: (\\d{6}) is the code to [^"]*${candidateCode}[^"]*`, 'g');
    const { code, line } = await smsCodeIn(notifications, pattern, `the ${messageType} SMS for ${candidateCode}`, seen);
    return { code, line };
  }

  const askCode = (code: string, action: string) => http.post(CONSENT_API_PATHS.sendOtp(code)).set('x-forwarded-for', '203.0.113.9').send({ action });
  const candidates = () => connection.collection<Record<string, unknown> & { _id: string }>('candidates');
  const wrongOf = (code: string) => (code === '000000' ? '000001' : '000000');

  async function storeImages(code: string): Promise<void> {
    for (const file of ['photo', 'signature']) {
      await storage.put(CANDIDATE_DOCUMENTS_BUCKET, `${code}/upload-1/${file}.jpg`, Buffer.from(`jpeg of ${file}`), { contentType: 'image/jpeg' });
    }
  }

  async function session(code: string): Promise<string> {
    await askCode(code, 'data-request').expect(200);
    const sms = await smsCode(code, 'data-request-otp');
    expect(sms.line).toContain(`to see or correct the data of candidate ${code}`);
    const started = await http.post(DATA_RIGHTS_API_PATHS.session(code)).send({ otp: sms.code }).expect(200);
    expect(started.body).toMatchObject({ success: true, message: DATA_RIGHTS_MESSAGES.sessionStarted, data: { token: expect.any(String), expiresAt: new Date(clock.now().getTime() + 15 * 60_000).toISOString() } });
    return started.body.data.token;
  }

  beforeAll(async () => {
    const port = await freePort();
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config, { clock }), config });
    await app.listen(port, '127.0.0.1');
    http = request(app.getHttpServer());
    connection = app.get<Connection>(getConnectionToken());
    storage = app.get<FileStorage>(FILE_STORAGE);
    const codes = ['KBE200001WDR', 'KBE200002DAT', 'KBE200003ERA', 'KBE200004RES', 'KBE200005RET'];
    await candidates().insertMany(codes.map((code, i) => storedCandidate(code, `98765${String(i + 1).padStart(5, '0')}`, `91234${String(i + 1).padStart(5, '0')}`)));
    for (const code of codes) await storeImages(code);
    notifications = await startNotifications(env, port);
  }, 180_000);

  afterAll(async () => {
    await notifications?.stop();
    await connection?.dropDatabase();
    await app?.close();
  });

  describe('withdrawal', () => {
    it('refuses an unknown action and a wrong withdrawal code, and erases nothing', async () => {
      const badAction = await askCode('KBE200001WDR', 'delete-everything').expect(400);
      expect(badAction.body.errors).toEqual([{ field: 'action', message: DATA_RIGHTS_MESSAGES.action, key: 'dataRights.action' }]);
      await askCode('KBE200001WDR', 'withdrawal').expect(200);
      const sms = await smsCode('KBE200001WDR', 'withdrawal-otp');
      expect(sms.line).toContain('to WITHDRAW parental consent for candidate KBE200001WDR');
      const wrong = await http.post(DATA_RIGHTS_API_PATHS.withdraw('KBE200001WDR')).send({ otp: wrongOf(sms.code) }).expect(400);
      expect(wrong.body).toEqual({ statusCode: 400, message: 'The code is not correct. 4 tries left.', errors: [{ field: 'otp', message: 'The code is not correct. 4 tries left.', key: 'consent.wrongOtpTriesLeft', values: { tries: 4 } }] });
      // a consent code is not a withdrawal code
      expect((await http.post(CONSENT_API_PATHS.confirm('KBE200001WDR')).send({ otp: sms.code, noticeVersion: 'v', lang: 'en', declaration: true }).expect(409)).body.message).toBe(CONSENT_MESSAGES.alreadyGiven);
      expect(await candidates().findOne({ _id: 'KBE200001WDR' })).toMatchObject({ consentStatus: 'given', personalDetails: { fullName: 'Aarav Patil' } });
      expect(await storage.exists(CANDIDATE_DOCUMENTS_BUCKET, 'KBE200001WDR/upload-1/photo.jpg')).toBe(true);
    });

    it('withdraws with the code: the record keeps the consent and the withdrawal, the personal data, photo and signature are gone, and candidate.erased is queued', async () => {
      const { code } = await smsCode('KBE200001WDR', 'withdrawal-otp');
      const withdrawn = await http.post(DATA_RIGHTS_API_PATHS.withdraw('KBE200001WDR')).set('x-forwarded-for', '198.51.100.7').send({ otp: code }).expect(200);
      expect(withdrawn.body).toEqual({
        success: true,
        message: DATA_RIGHTS_MESSAGES.withdrawn,
        data: { candidateCode: 'KBE200001WDR', status: 'withdrawn', withdrawnAt: clock.now().toISOString(), erasure: 'done' },
      });
      const stored = await candidates().findOne({ _id: 'KBE200001WDR' });
      expect(stored).toMatchObject({
        consentStatus: 'withdrawn',
        consent: { status: 'withdrawn', method: 'sms-otp', noticeVersion: 'v1', withdrawal: { by: 'guardian', phoneHash: expect.stringMatching(/^[0-9a-f]{64}$/), clientAddress: '198.51.100.7' } },
        personalDetails: { fullName: '', fatherName: '', motherName: '' },
        contactDetails: { phoneNumber: '', email: '' },
        guardianDetails: null,
        permanentAddress: { addressLines: '', pin: '' },
        // kept for counts
        schoolCode: 'SCH-7KQ2XM',
        educationalDetails: { kbeCategory: validCandidate().educationalDetails.kbeCategory },
        photoKey: '',
        fingerprint: 'erased:KBE200001WDR',
        results: [],
        resultLevels: [],
        erasedAt: expect.any(Date),
      });
      expect(JSON.stringify(stored)).not.toMatch(/9123400001|9876500001|Sunita|Aarav|87\.5/);
      expect(await storage.exists(CANDIDATE_DOCUMENTS_BUCKET, 'KBE200001WDR/upload-1/photo.jpg')).toBe(false);
      expect(await storage.exists(CANDIDATE_DOCUMENTS_BUCKET, 'KBE200001WDR/upload-1/signature.jpg')).toBe(false);
      expect(await storage.exists(CANDIDATE_DOCUMENTS_BUCKET, 'KBE200002DAT/upload-1/photo.jpg')).toBe(true);
      expect(await connection.collection('candidate_erasures').findOne({ _id: 'KBE200001WDR' as never })).toMatchObject({ reason: 'withdrawal', requestedBy: 'guardian', doneAt: expect.any(Date) });
      await waitFor(async () => (await connection.collection('outbox_published').findOne({ _id: 'candidate-erased:withdrawal:KBE200001WDR' as never })) ?? (await connection.collection('outbox').findOne({ _id: 'candidate-erased:withdrawal:KBE200001WDR' as never })) ?? undefined, { timeoutMs: 10_000, what: 'the candidate.erased event' });
    });

    it('shows a withdrawn registration without names, refuses every code, and the admin cannot write personal data back', async () => {
      const search = await http.get('/api/candidates/search/KBE200001WDR').expect(200);
      expect(search.body.data).toMatchObject({ candidateCode: 'KBE200001WDR', consentStatus: 'withdrawn', fullName: '', fatherName: '' });
      for (const action of ['consent', 'withdrawal', 'data-request']) {
        expect((await askCode('KBE200001WDR', action).expect(409)).body.message).toBe(DATA_RIGHTS_MESSAGES.alreadyWithdrawn);
      }
      const edit = await http.put(REGISTRATION_INTERNAL_PATHS.candidate('KBE200001WDR')).set(internal).send(validCandidate());
      expect(edit.status).toBe(409);
      expect(edit.body.message).toBe(DATA_RIGHTS_MESSAGES.erasedRecord);
      const release = await http.patch(REGISTRATION_INTERNAL_PATHS.candidateHallTicket('KBE200001WDR')).set(internal).send({ hallTicketReleased: true });
      expect(release.status).toBe(409);
      expect(release.body.message).toBe(DATA_RIGHTS_MESSAGES.erasedRecord);
    });

    it('finishes an erasure cut short by a restart: the worker takes it up again', async () => {
      // what a crash right after the erasure was recorded leaves: the withdrawal and the erasure record, nothing erased yet
      await candidates().updateOne({ _id: 'KBE200004RES' }, { $set: { consentStatus: 'withdrawn', 'consent.status': 'withdrawn' } });
      await connection.collection('candidate_erasures').insertOne({ _id: 'KBE200004RES' as never, reason: 'request', requestedBy: 'admin', requestedAt: clock.now(), doneAt: null });
      expect(await app.get(ErasureWorker).finishUnfinished()).toBe(1);
      expect(await candidates().findOne({ _id: 'KBE200004RES' })).toMatchObject({ personalDetails: { motherName: '' }, erasedAt: expect.any(Date) });
      expect(await storage.exists(CANDIDATE_DOCUMENTS_BUCKET, 'KBE200004RES/upload-1/photo.jpg')).toBe(false);
      expect(await app.get(ErasureWorker).finishUnfinished()).toBe(0);
    });
  });

  describe('data requests in a session', () => {
    let token: string;

    it('refuses the data without a session', async () => {
      expect((await http.get(DATA_RIGHTS_API_PATHS.data('KBE200002DAT')).expect(401)).body.message).toBe(DATA_RIGHTS_MESSAGES.sessionRequired);
      expect((await http.get(DATA_RIGHTS_API_PATHS.data('KBE200002DAT')).set('authorization', 'Bearer forged.token').expect(401)).body.message).toBe(DATA_RIGHTS_MESSAGES.sessionRequired);
    });

    it('answers everything held as a JSON file after the data-request code, and records the access', async () => {
      token = await session('KBE200002DAT');
      // the session names one candidate only
      await http.get(DATA_RIGHTS_API_PATHS.data('KBE200003ERA')).set('authorization', `Bearer ${token}`).expect(401);
      const data = await http.get(DATA_RIGHTS_API_PATHS.data('KBE200002DAT')).set('authorization', `Bearer ${token}`).expect(200);
      expect(data.headers['content-disposition']).toBe('attachment; filename="kbe-data-KBE200002DAT.json"');
      expect(data.headers['cache-control']).toBe('no-store');
      const exported = JSON.parse(data.text);
      expect(exported).toMatchObject({
        candidateCode: 'KBE200002DAT',
        registration: { personalDetails: { fullName: 'Aarav Patil', motherName: 'Sunita Patil' }, guardianDetails: { phoneNumber: '9123400002' }, language: 'en' },
        organiserRecord: { feesPaid: true, receiptNumber: 'R-1', seatNumber: 'A-12', center: 'Nashik Centre' },
        files: { photo: `data:image/jpeg;base64,${Buffer.from('jpeg of photo').toString('base64')}`, signature: expect.stringMatching(/^data:image\/jpeg;base64,/) },
        consent: { status: 'given', noticeVersion: 'v1', method: 'sms-otp', codeSentTo: '******0002' },
        elsewhere: expect.arrayContaining([expect.stringContaining('audit log')]),
      });
      const listed = await http.get(DATA_RIGHTS_API_PATHS.requests('KBE200002DAT')).set('authorization', `Bearer ${token}`).expect(200);
      expect(listed.body.data).toEqual([expect.objectContaining({ kind: 'access', status: 'done', handledBy: 'self-service', resolution: 'Data downloaded by the guardian (JSON).' })]);
    });

    it('files a correction due in 90 days, refuses a short one and a second open one', async () => {
      const short = await http.post(DATA_RIGHTS_API_PATHS.requests('KBE200002DAT')).set('authorization', `Bearer ${token}`).send({ kind: 'correction', details: 'wrong' }).expect(400);
      expect(short.body.errors).toEqual([{ field: 'details', message: DATA_RIGHTS_MESSAGES.details, key: 'dataRights.details' }]);
      const badKind = await http.post(DATA_RIGHTS_API_PATHS.requests('KBE200002DAT')).set('authorization', `Bearer ${token}`).send({ kind: 'access', details: '' }).expect(400);
      expect(badKind.body.message).toContain(DATA_RIGHTS_MESSAGES.kind);
      const filed = await http
        .post(DATA_RIGHTS_API_PATHS.requests('KBE200002DAT'))
        .set('authorization', `Bearer ${token}`)
        .send({ kind: 'correction', details: "The father's name is Suresh Patil, not Suresh Patel." })
        .expect(201);
      const dueAt = new Date(clock.now().getTime() + 90 * DAY_MS);
      expect(filed.body).toMatchObject({ success: true, data: { kind: 'correction', status: 'open', dueAt: dueAt.toISOString() } });
      expect(filed.body.message).toMatch(/^Your request is recorded\. The organisers will answer by \d{1,2} [A-Z][a-z]+ \d{4}\.$/);
      expect((await http.post(DATA_RIGHTS_API_PATHS.requests('KBE200002DAT')).set('authorization', `Bearer ${token}`).send({ kind: 'correction', details: 'Another correction of the name.' }).expect(409)).body.message).toBe(DATA_RIGHTS_MESSAGES.openRequest);
    });

    it('ends the session after 15 minutes', async () => {
      advance(15 * 60_000 + 1000);
      try {
        expect((await http.get(DATA_RIGHTS_API_PATHS.requests('KBE200002DAT')).set('authorization', `Bearer ${token}`).expect(401)).body.message).toBe(DATA_RIGHTS_MESSAGES.sessionExpired);
      } finally {
        clock.current = new Date();
      }
    });
  });

  describe("the admin queue (admin-service's internal calls)", () => {
    it('refuses a call without the internal token', async () => {
      await http.get(REGISTRATION_INTERNAL_PATHS.dataRequests).expect(401);
      await http.post(REGISTRATION_INTERNAL_PATHS.dataRequestResolve('DR000001')).send({ outcome: 'done', note: 'x', handledBy: 'a' }).expect(401);
      await http.get(REGISTRATION_INTERNAL_PATHS.retention).expect(401);
    });

    it('lists open requests with counts, and an erasure request carried out erases the candidate', async () => {
      const token = await session('KBE200003ERA');
      const filed = await http.post(DATA_RIGHTS_API_PATHS.requests('KBE200003ERA')).set('authorization', `Bearer ${token}`).send({ kind: 'erasure' }).expect(201);
      const queue = await http.get(REGISTRATION_INTERNAL_PATHS.dataRequests).set(internal).query({ status: 'open' }).expect(200);
      expect(queue.body.data).toMatchObject({ open: 2, overdue: 0, total: 2, page: 1 });
      expect(queue.body.data.items.map((item: { kind: string; candidateCode: string }) => `${item.kind} ${item.candidateCode}`)).toEqual(['correction KBE200002DAT', 'erasure KBE200003ERA']);
      const all = await http.get(REGISTRATION_INTERNAL_PATHS.dataRequests).set(internal).query({ status: 'all' }).expect(200);
      // and the access recorded by the JSON download
      expect(all.body.data.total).toBe(3);

      const badNote = await http.post(REGISTRATION_INTERNAL_PATHS.dataRequestResolve(filed.body.data.id)).set(internal).send({ outcome: 'done', note: '', handledBy: 'admin' }).expect(400);
      expect(badNote.body.errors).toEqual([{ field: 'note', message: DATA_RIGHTS_MESSAGES.note, key: 'dataRights.note' }]);
      const resolved = await http.post(REGISTRATION_INTERNAL_PATHS.dataRequestResolve(filed.body.data.id)).set(internal).send({ outcome: 'done', note: 'Erased as asked.', handledBy: 'admin' }).expect(200);
      expect(resolved.body.data).toMatchObject({ status: 'done', handledBy: 'admin', resolution: 'Erased as asked.', handledAt: expect.any(String) });
      expect(await candidates().findOne({ _id: 'KBE200003ERA' })).toMatchObject({
        consentStatus: 'withdrawn',
        consent: { withdrawal: { by: 'admin', phoneHash: null } },
        personalDetails: { fullName: '' },
        erasedAt: expect.any(Date),
      });
      expect(await storage.exists(CANDIDATE_DOCUMENTS_BUCKET, 'KBE200003ERA/upload-1/photo.jpg')).toBe(false);
      expect((await http.post(REGISTRATION_INTERNAL_PATHS.dataRequestResolve(filed.body.data.id)).set(internal).send({ outcome: 'refused', note: 'again', handledBy: 'admin' }).expect(409)).body.message).toBe(DATA_RIGHTS_MESSAGES.alreadyHandled);
      expect((await http.post(REGISTRATION_INTERNAL_PATHS.dataRequestResolve('DR999999')).set(internal).send({ outcome: 'done', note: 'x', handledBy: 'admin' }).expect(404)).body.message).toBe(DATA_RIGHTS_MESSAGES.requestNotFound);
      const closed = await http.get(REGISTRATION_INTERNAL_PATHS.dataRequests).set(internal).query({ status: 'closed' }).expect(200);
      expect(closed.body.data.items.map((item: { status: string }) => item.status)).toEqual(['done', 'done']);
    });
  });

  describe("the edition's retention", () => {
    it('reports nothing due without a results date, refuses a future or impossible date', async () => {
      const report = await http.get(REGISTRATION_INTERNAL_PATHS.retention).set(internal).expect(200);
      expect(report.body.data).toMatchObject({ resultsPublishedOn: null, retentionDays: 30, purgeDueOn: null, state: 'no-results-date', purged: 0 });
      const future = indiaDay(new Date(clock.now().getTime() + 2 * DAY_MS));
      expect((await http.put(REGISTRATION_INTERNAL_PATHS.retentionResultsDate).set(internal).send({ resultsPublishedOn: future }).expect(409)).body.message).toBe(DATA_RIGHTS_MESSAGES.resultsDateInFuture);
      expect((await http.put(REGISTRATION_INTERNAL_PATHS.retentionResultsDate).set(internal).send({ resultsPublishedOn: '2026-02-30' }).expect(400)).body.errors).toEqual([{ field: 'resultsPublishedOn', message: DATA_RIGHTS_MESSAGES.resultsDate, key: 'dataRights.resultsDate' }]);
    });

    it('waits until the set number of days after the results, then purges photos, signatures, mothers\' and guardians\' names and numbers', async () => {
      const recent = indiaDay(new Date(clock.now().getTime() - 10 * DAY_MS));
      const waiting = await http.put(REGISTRATION_INTERNAL_PATHS.retentionResultsDate).set(internal).send({ resultsPublishedOn: recent }).expect(200);
      // three of the five are erased by now (withdrawal, a restart's erasure, an erasure request)
      expect(waiting.body.data).toMatchObject({ resultsPublishedOn: recent, state: 'waiting', candidates: 2, fields: expect.arrayContaining(['Photo', "Mother's name"]) });
      await app.get(RetentionPurgeJob).trigger();
      expect(await candidates().findOne({ _id: 'KBE200005RET' })).toMatchObject({ personalDetails: { motherName: 'Sunita Patil' } });

      const old = indiaDay(new Date(clock.now().getTime() - 31 * DAY_MS));
      expect((await http.put(REGISTRATION_INTERNAL_PATHS.retentionResultsDate).set(internal).send({ resultsPublishedOn: old }).expect(200)).body.data.purgeDueOn).toBe(indiaDay(new Date(Date.parse(`${old}T00:00:00Z`) + 30 * DAY_MS)));
      await app.get(RetentionPurgeJob).trigger();
      const report = await http.get(REGISTRATION_INTERNAL_PATHS.retention).set(internal).expect(200);
      expect(report.body.data).toMatchObject({ state: 'done', purged: 5, finishedAt: expect.any(String) });
      const purged = await candidates().findOne({ _id: 'KBE200005RET' });
      expect(purged).toMatchObject({
        personalDetails: { fullName: 'Aarav Patil', motherName: '' },
        contactDetails: { phoneNumber: '' },
        guardianDetails: null,
        photoKey: '',
        signatureKey: '',
        retentionPurgedAt: expect.any(Date),
      });
      expect(await storage.exists(CANDIDATE_DOCUMENTS_BUCKET, 'KBE200005RET/upload-1/photo.jpg')).toBe(false);
      expect((await http.put(REGISTRATION_INTERNAL_PATHS.retentionResultsDate).set(internal).send({ resultsPublishedOn: old }).expect(409)).body.message).toBe(DATA_RIGHTS_MESSAGES.purgeDone);
    });
  });
});
