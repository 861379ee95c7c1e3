import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import {
  PORTAL_IMPORT_COLUMNS,
  PORTAL_IMPORT_MESSAGES,
  PORTAL_MESSAGES,
  PORTAL_PATHS,
  VALIDATION_MESSAGES,
  portalImportColumnsMessage,
  portalImportPath,
  type PortalImportColumn,
  type PortalImportJob,
} from '@kbe/contracts';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { adminTokenFor, freePort, isolatedInfraEnv, TestBucket, waitFor } from '@kbe/server-testing';
import ExcelJS from 'exceljs';
import type { Connection } from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
// eslint-disable-next-line @nx/enforce-module-boundaries
import type { ServiceProcess } from '../../../../../notifications-service/src/testing/service-process';
import { AppModule } from '../../app.module';
import { smsCodeIn, startNotifications } from '../../consent/testing/guardian-sms.fixture';
import { registrationEnvSchema, SERVICE_NAME } from '../../registration.config';
import { IMPORT_TEMPLATE_EXAMPLE } from '../import-template';
import { csvLine } from '@kbe/server-csv';
import { PORTAL_IMPORT_FILES, type PortalImportFiles } from './portal-import.files';
import { PortalImportRunner } from './portal-import.runner';
import { zipOf, type ZipEntryInput } from './testing/zip-writer';
import { seedPortalAccounts } from '../testing/portal-accounts.seed';

const env = isolatedInfraEnv({
  TRUSTED_PROXY_HOPS: '1',
  OUTBOX_RELAY_INTERVAL_MS: '200',
  EDITION_REGISTRATION_DEADLINE: '2099-12-31T23:59:59.999+05:30',
  RATE_LIMIT_PORTAL_IMPORTS: '20',
});
const config = loadConfig(registrationEnvSchema, env);

const SCHOOL_A = { code: 'SCH-XMPA22', name: 'Nashik Model School', phone: '9811100101' };
const SCHOOL_B = { code: 'SCH-XMPB22', name: 'Pune Science School', phone: '9811100102' };
const MENTOR_A1 = { code: 'MEN-XMPA33', school: SCHOOL_A.code, name: 'Anita Deshmukh', phone: '9822200111', active: true };
const MENTOR_A2 = { code: 'MEN-XMPA44', school: SCHOOL_A.code, name: 'Ravi Kale', phone: '9822200112', active: false };
const MENTOR_B1 = { code: 'MEN-XMPB33', school: SCHOOL_B.code, name: 'Sunita Pawar', phone: '9822200121', active: true };
const MENTORS = [MENTOR_A1, MENTOR_A2, MENTOR_B1];

type Cells = Partial<Record<PortalImportColumn, string>>;
const csvOf = (rows: Cells[]) =>
  Buffer.from(csvLine(PORTAL_IMPORT_COLUMNS) + rows.map((row) => csvLine(PORTAL_IMPORT_COLUMNS.map((column) => ({ ...IMPORT_TEMPLATE_EXAMPLE, ...row })[column]))).join(''));

/** A pupil of the sheet: the template's example with its own name, phone and files. */
const pupil = (name: string, phone: string, overrides: Cells = {}): Cells => {
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  return {
    mentorCode: MENTOR_A1.code,
    'personalDetails.fullName': name,
    'contactDetails.phoneNumber': phone,
    photo: `${slug}-photo.jpg`,
    signature: `${slug}-signature.png`,
    ...overrides,
  };
};

describe('bulk registration in the school portal against the real servers (registration-service, notifications-service, FerretDB, Kafka, MinIO)', () => {
  let app: INestApplication;
  let http: ReturnType<typeof request>;
  let notifications: ServiceProcess;
  let connection: Connection;
  let photo: Buffer;
  let signature: Buffer;
  const tokens: Record<string, string> = {};
  const uploads = new TestBucket(config, `${config.MINIO_BUCKET_PREFIX}portal-imports`);
  const documents = new TestBucket(config, `${config.MINIO_BUCKET_PREFIX}candidate-documents`);

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  /** Every file the rows name (a JPEG photo and a PNG signature each), after `extra`. */
  const zipFor = (rows: Cells[], extra: ZipEntryInput[] = []) =>
    zipOf([
      // first: the first entry of a name is the one used
      ...extra,
      ...rows.flatMap((row) => [
        ...(row.photo ? [{ name: `photos/${row.photo}`, data: photo }] : []),
        ...(row.signature ? [{ name: row.signature, data: signature, deflate: true }] : []),
      ]),
    ]);

  function upload(token: string, dryRun: string | undefined, sheet?: { bytes: Buffer; name: string }, photos?: Buffer) {
    let req = http.post(PORTAL_PATHS.imports).set(auth(token));
    if (dryRun !== undefined) req = req.field('dryRun', dryRun);
    if (sheet) req = req.attach('file', sheet.bytes, { filename: sheet.name, contentType: 'text/csv' });
    if (photos) req = req.attach('photos', photos, { filename: 'photos.zip', contentType: 'application/zip' });
    return req;
  }

  /** Uploads, expects 202, and waits for the job to end. */
  async function runImport(token: string, dryRun: boolean, rows: Cells[], photos = zipFor(rows)): Promise<PortalImportJob> {
    const accepted = await upload(token, String(dryRun), { bytes: csvOf(rows), name: 'pupils.csv' }, photos).expect(202);
    expect(accepted.body.data).toMatchObject({ dryRun, status: 'queued', fileName: 'pupils.csv', total: rows.length, processed: 0 });
    return finished(token, accepted.body.data.id);
  }

  async function finished(token: string, id: string): Promise<PortalImportJob> {
    return waitFor(
      async () => {
        const job = (await http.get(portalImportPath(id)).set(auth(token)).expect(200)).body.data as PortalImportJob;
        return job.status === 'completed' || job.status === 'failed' ? job : undefined;
      },
      { timeoutMs: 60_000, what: `import ${id} to end` },
    );
  }

  async function signIn(code: string, address: string): Promise<string> {
    await http.post(PORTAL_PATHS.otp).set('x-forwarded-for', address).send({ code }).expect(200);
    const pattern = new RegExp(`SMS to \\*{6}\\d{4} \\([^)]*portal-otp\\): KBE Young Scientist: (\\d{6}) is your code to sign in to the Kalpana Einstein Quest school portal as ${code}\\.`, 'g');
    const sms = await smsCodeIn(notifications, pattern, `the portal SMS for ${code}`);
    return (await http.post(PORTAL_PATHS.login).set('x-forwarded-for', address).send({ code, otp: sms.code }).expect(200)).body.data.token;
  }

  const candidatesNamed = (name: string) => connection.collection('candidates').find({ 'personalDetails.fullName': name }).toArray();

  beforeAll(async () => {
    const port = await freePort();
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config });
    await app.listen(port, '127.0.0.1');
    http = request(app.getHttpServer());
    connection = app.get<Connection>(getConnectionToken());
    await seedPortalAccounts(connection, [SCHOOL_A, SCHOOL_B], MENTORS, '2720999100');
    photo = await sharp({ create: { width: 600, height: 800, channels: 3, background: '#6688aa' } }).jpeg({ quality: 85 }).toBuffer();
    signature = await sharp({ create: { width: 300, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0.3 } } }).png().toBuffer();
    // the registration SMS (candidate.registered) is sent, as it is for the public form where enabled
    notifications = await startNotifications({ ...env, SMS_ON_CANDIDATE_REGISTERED: 'true' }, port);
    tokens['schoolA'] = await signIn(SCHOOL_A.code, '203.0.113.60');
    tokens['schoolB'] = await signIn(SCHOOL_B.code, '203.0.113.61');
    tokens['mentorA1'] = await signIn(MENTOR_A1.code, '203.0.113.62');
    tokens['mentorB1'] = await signIn(MENTOR_B1.code, '203.0.113.63');
  }, 240_000);

  afterAll(async () => {
    await notifications?.stop();
    await connection?.dropDatabase();
    await app?.close();
    await uploads.remove().catch(() => undefined);
    await documents.remove().catch(() => undefined);
  });

  describe('the upload as a whole', () => {
    it('without a portal session: 401, the body never read', async () => {
      expect((await http.post(PORTAL_PATHS.imports).field('dryRun', 'true').attach('file', csvOf([pupil('Aarav Patil', '9876500001')]), 'pupils.csv').expect(401)).body.message).toBe(PORTAL_MESSAGES.signInRequired);
      await http.get(PORTAL_PATHS.imports).expect(401);
      await http.get(portalImportPath('0b6f2c1e-8a4d-4f7e-9c3b-2d1e0f9a8b7c')).expect(401);
      await http.get(PORTAL_PATHS.imports).set(auth('x'.repeat(43))).expect(401);
      await http.get(PORTAL_PATHS.imports).set('authorization', `Bearer ${adminTokenFor(env)}`).expect(401);
    });

    it('refuses malformed uploads with 400 (or 413) naming the part, never 5xx', async () => {
      const token = tokens['schoolA'] as string;
      const sheet = { bytes: csvOf([pupil('Aarav Patil', '9876500001')]), name: 'pupils.csv' };
      expect((await upload(token, 'true').expect(400)).body.errors).toEqual([{ field: 'file', message: PORTAL_IMPORT_MESSAGES.fileRequired }]);
      expect((await upload(token, undefined, sheet).expect(400)).body.errors).toEqual([expect.objectContaining({ field: 'dryRun', message: PORTAL_IMPORT_MESSAGES.dryRun })]);
      expect((await upload(token, 'maybe', sheet).expect(400)).body.errors).toEqual([expect.objectContaining({ field: 'dryRun', message: PORTAL_IMPORT_MESSAGES.dryRun })]);
      const unexpected = await http.post(PORTAL_PATHS.imports).set(auth(token)).field('dryRun', 'true').attach('sheet', sheet.bytes, 'pupils.csv').expect(400);
      expect(unexpected.body.message).toMatch(/^Unexpected file part: sheet/);
      const header = PORTAL_IMPORT_COLUMNS.filter((column) => column !== 'signature').map((column) => (column === 'photo' ? 'photoFile' : column));
      const badColumns = await upload(token, 'true', { bytes: Buffer.from(csvLine(header) + csvLine(header.map(() => 'x'))), name: 'pupils.csv' }).expect(400);
      expect(badColumns.body).toEqual({ statusCode: 400, message: portalImportColumnsMessage(['photoFile'], ['photo', 'signature']), errors: [{ field: 'file', message: portalImportColumnsMessage(['photoFile'], ['photo', 'signature']) }] });
      expect((await upload(token, 'true', { bytes: Buffer.from('%PDF-1.7\0'), name: 'pupils.pdf' }).expect(400)).body.message).toBe(PORTAL_IMPORT_MESSAGES.fileType);
      expect((await upload(token, 'true', sheet, Buffer.from('not a zip')).expect(400)).body.errors).toEqual([{ field: 'photos', message: PORTAL_IMPORT_MESSAGES.photosUnreadable }]);
      const tooMany = zipOf(Array.from({ length: 2501 }, (_, i) => ({ name: `p${i}.jpg`, data: Buffer.from([0xff, 0xd8, 0xff]) })));
      expect((await upload(token, 'true', sheet, tooMany).expect(413)).body.message).toBe(PORTAL_IMPORT_MESSAGES.tooManyPhotos);
      await http.post(PORTAL_PATHS.imports).set(auth(token)).set('content-type', 'multipart/form-data; boundary=x').send('--x\r\nbroken').expect(400);
      await http.post(PORTAL_PATHS.imports).set(auth(token)).send({ dryRun: 'true' }).expect(400);
      await http.get(PORTAL_PATHS.imports).set(auth(token)).query({ limit: '0' }).expect(400);
      await http.get(PORTAL_PATHS.imports).set(auth(token)).query({ owner: SCHOOL_B.code }).expect(400);
      // nothing was kept of refused uploads
      expect(await connection.collection('portal_imports').countDocuments({})).toBe(0);
    });
  });

  describe('a dry run', () => {
    it('checks every row with the public form’s rules and messages, reports per row and field, and stores nothing', async () => {
      const rows = [
        pupil('Aarav Patil', '9876500001'),
        pupil('Riya Jadhav', '98765', { 'permanentAddress.pin': '42200', photo: 'nobody.jpg' }),
        pupil('Zoya Khan', '9876500003', { mentorCode: MENTOR_B1.code }),
        pupil('Kabir Rao', '9876500004', { mentorCode: MENTOR_A2.code }),
        pupil('Isha More', '9876500005', { photo: 'isha-more-big.jpg' }),
      ];
      // an oversized photo (6 MB unpacked, a few KB in the ZIP) and names pointing outside the ZIP
      const big = Buffer.concat([photo.subarray(0, 4), Buffer.alloc(6 * 1024 * 1024)]);
      // Riya's photo is in the ZIP only under a name pointing outside it (ignored)
      const inZip = rows.map((row) => (row.photo === 'nobody.jpg' ? { ...row, photo: undefined } : row));
      const job = await runImport(tokens['schoolA'] as string, true, rows, zipFor(inZip, [
        { name: 'isha-more-big.jpg', data: big, deflate: true },
        { name: '../../nobody.jpg', data: photo },
      ]));
      expect(job).toMatchObject({ dryRun: true, status: 'completed', total: 5, processed: 5, registered: 1, alreadyRegistered: 0, failed: 4, finishedAt: expect.any(String) });
      expect(job.rows).toEqual([
        { row: 2, status: 'valid', name: 'Aarav Patil', errors: [] },
        {
          row: 3,
          status: 'invalid',
          name: 'Riya Jadhav',
          errors: [
            { field: 'contactDetails.phoneNumber', message: VALIDATION_MESSAGES.phone, key: expect.any(String) },
            { field: 'permanentAddress.pin', message: VALIDATION_MESSAGES.pin, key: expect.any(String) },
            { field: 'photo', message: VALIDATION_MESSAGES.documents, key: expect.any(String) },
          ],
        },
        { row: 4, status: 'invalid', name: 'Zoya Khan', errors: [{ field: 'mentorCode', message: PORTAL_IMPORT_MESSAGES.mentorNotInSchool }] },
        { row: 5, status: 'invalid', name: 'Kabir Rao', errors: [{ field: 'mentorCode', message: PORTAL_IMPORT_MESSAGES.mentorNotInSchool }] },
        { row: 6, status: 'invalid', name: 'Isha More', errors: [expect.objectContaining({ field: 'photo', message: 'Photo must be smaller than 5MB' })] },
      ]);
      // nothing stored, nothing remembered, the uploads gone once the job ended
      expect(await candidatesNamed('Aarav Patil')).toHaveLength(0);
      expect(await connection.collection('idempotency_keys').countDocuments({ _id: { $regex: '^candidate:portal-import:' } as never })).toBe(0);
      expect(await uploads.objectNames()).toEqual([]);
    });

    it('reads an XLSX sheet as well', async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('Pupils');
      sheet.addRow([...PORTAL_IMPORT_COLUMNS]);
      const row = { ...IMPORT_TEMPLATE_EXAMPLE, ...pupil('Meera Iyer', '9876500006') };
      sheet.addRow(PORTAL_IMPORT_COLUMNS.map((column) => (column === 'personalDetails.dateOfBirth' ? new Date(Date.UTC(2012, 5, 15)) : row[column])));
      const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
      const accepted = await upload(tokens['schoolA'] as string, 'true', { bytes, name: 'pupils.xlsx' }, zipFor([row])).expect(202);
      const job = await finished(tokens['schoolA'] as string, accepted.body.data.id);
      expect(job.rows).toEqual([{ row: 2, status: 'valid', name: 'Meera Iyer', errors: [] }]);
    });
  });

  describe('an import', () => {
    let aaravCode: string;
    let firstJob: string;

    it('registers the valid rows through the public form’s use case and reports the others; a failing row stops none', async () => {
      const rows = [pupil('Aarav Patil', '9876500001'), pupil('Riya Jadhav', '98765'), pupil('Neha Joshi', '9876500007', { mentorCode: '' })];
      const job = await runImport(tokens['schoolA'] as string, false, rows);
      firstJob = job.id;
      expect(job).toMatchObject({ dryRun: false, status: 'completed', total: 3, processed: 3, registered: 1, alreadyRegistered: 0, failed: 2 });
      expect(job.rows[0]).toEqual({ row: 2, status: 'registered', name: 'Aarav Patil', candidateCode: expect.stringMatching(/^KBE\d{6}[A-Z0-9]{3}$/), errors: [] });
      expect(job.rows[1]).toMatchObject({ row: 3, status: 'invalid', errors: [{ field: 'contactDetails.phoneNumber', message: VALIDATION_MESSAGES.phone }] });
      expect(job.rows[2]).toMatchObject({ row: 4, status: 'invalid', errors: [{ field: 'mentorCode', message: expect.stringMatching(/required/) }] });
      aaravCode = job.rows[0]?.candidateCode as string;
      const stored = await candidatesNamed('Aarav Patil');
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ candidateCode: aaravCode, mentorCode: MENTOR_A1.code, schoolCode: SCHOOL_A.code, feesPaid: false, language: 'en' });
      expect(await documents.objectNames()).toEqual(expect.arrayContaining([expect.stringMatching(new RegExp(`^${aaravCode}/.+/photo\\.jpg$`))]));
      // the school sees the new pupil in its portal
      await waitFor(
        async () => {
          const list = await http.get(PORTAL_PATHS.candidates).set(auth(tokens['schoolA'] as string)).query({ search: aaravCode }).expect(200);
          return list.body.data.candidates.some((c: { candidateCode: string }) => c.candidateCode === aaravCode);
        },
        { what: `${aaravCode} in the school's list` },
      );
    });

    it('sends what a single registration sends: the registration SMS, and the guardian’s consent code when asked', async () => {
      const registered = new RegExp(`SMS to \\*{6}0001 \\([^)]*registration[^)]*\\): KBE Young Scientist: registration received\\. Your candidate ID is ${aaravCode}\\.`, 'g');
      await smsCodeIn(notifications, registered, `the registration SMS of ${aaravCode}`, 0, 0);
      await http.post(`/api/consent/${aaravCode}/otp`).set('x-forwarded-for', '203.0.113.70').expect(200);
      const consent = new RegExp(`SMS to (\\*{6}\\d{4}) \\([^)]*consent-otp\\): KBE Young Scientist: (\\d{6}) is the code to give parental consent for candidate ${aaravCode}\\.`, 'g');
      const sms = await smsCodeIn(notifications, consent, `the consent SMS of ${aaravCode}`, 0, 2);
      // to the guardian's mobile of the row (the template's guardianDetails.phoneNumber)
      expect(sms.match[1]).toBe(`******${IMPORT_TEMPLATE_EXAMPLE['guardianDetails.phoneNumber'].slice(-4)}`);
    });

    it('registers nobody twice: the same file again answers already-registered with the first code', async () => {
      const again = await runImport(tokens['schoolA'] as string, false, [pupil('Aarav Patil', '9876500001'), pupil('Riya Jadhav', '98765'), pupil('Neha Joshi', '9876500007', { mentorCode: '' })]);
      expect(again).toMatchObject({ status: 'completed', registered: 0, alreadyRegistered: 1, failed: 2 });
      expect(again.rows[0]).toEqual({ row: 2, status: 'already-registered', name: 'Aarav Patil', candidateCode: aaravCode, errors: [] });
      expect(await candidatesNamed('Aarav Patil')).toHaveLength(1);
    });

    it('registers nobody twice when two uploads of the same rows run at once', async () => {
      const rows = [pupil('Tara Kulkarni', '9876500008'), pupil('Om Gaikwad', '9876500009')];
      const [a, b] = await Promise.all([runImport(tokens['schoolA'] as string, false, rows), runImport(tokens['schoolA'] as string, false, rows)]);
      for (const name of ['Tara Kulkarni', 'Om Gaikwad']) expect(await candidatesNamed(name)).toHaveLength(1);
      for (const i of [0, 1]) {
        expect(a.rows[i]?.candidateCode).toBe(b.rows[i]?.candidateCode);
        expect([a.rows[i]?.status, b.rows[i]?.status].sort()).toEqual(['already-registered', 'registered']);
      }
    });

    it('a mentor imports their own pupils: an empty mentor code is theirs, another mentor’s is refused', async () => {
      const rows = [pupil('Sai Pawar', '9876500010', { mentorCode: '' }), pupil('Dev Shah', '9876500011', { mentorCode: MENTOR_B1.code })];
      const job = await runImport(tokens['mentorA1'] as string, false, rows);
      expect(job.rows[0]).toMatchObject({ status: 'registered' });
      expect(job.rows[1]).toEqual({ row: 3, status: 'invalid', name: 'Dev Shah', errors: [{ field: 'mentorCode', message: PORTAL_IMPORT_MESSAGES.mentorNotYours }] });
      expect((await candidatesNamed('Sai Pawar'))[0]).toMatchObject({ mentorCode: MENTOR_A1.code, schoolCode: SCHOOL_A.code });
      expect(await candidatesNamed('Dev Shah')).toHaveLength(0);
    });

    it('no school or mentor reads another’s import: 404 as for an unknown id, and their lists are their own', async () => {
      const unknown = await http.get(portalImportPath('0b6f2c1e-8a4d-4f7e-9c3b-2d1e0f9a8b7c')).set(auth(tokens['schoolA'] as string)).expect(404);
      for (const other of ['schoolB', 'mentorA1', 'mentorB1']) {
        const refused = await http.get(portalImportPath(firstJob)).set(auth(tokens[other] as string)).expect(404);
        expect(refused.body).toEqual(unknown.body);
      }
      expect((await http.get(portalImportPath('not-a-job')).set(auth(tokens['schoolA'] as string)).expect(404)).body).toEqual(unknown.body);
      const mine = await http.get(PORTAL_PATHS.imports).set(auth(tokens['schoolA'] as string)).expect(200);
      expect(mine.headers['cache-control']).toBe('no-store');
      expect(mine.body.data.imports.map((job: { id: string }) => job.id)).toContain(firstJob);
      expect(mine.body.data.imports[0]).not.toHaveProperty('rows');
      expect(mine.body.data.pagination).toMatchObject({ current: 1, total: mine.body.data.imports.length });
      const createdAt = mine.body.data.imports.map((job: { createdAt: string }) => job.createdAt);
      expect(createdAt).toEqual([...createdAt].sort().reverse());
      expect((await http.get(PORTAL_PATHS.imports).set(auth(tokens['schoolB'] as string)).expect(200)).body.data.imports).toEqual([]);
      const mentorList = (await http.get(PORTAL_PATHS.imports).set(auth(tokens['mentorA1'] as string)).expect(200)).body.data.imports;
      expect(mentorList).toHaveLength(1);
      expect(mentorList[0].id).not.toBe(firstJob);
      const paged = await http.get(PORTAL_PATHS.imports).set(auth(tokens['schoolA'] as string)).query({ page: '2', limit: '1' }).expect(200);
      expect(paged.body.data.imports).toHaveLength(1);
    });
  });

  it('takes over a job left running by a dead replica once its lease ran out, and finishes it', async () => {
    const id = '7d9e4c2a-1b3f-4a5e-8c6d-0e1f2a3b4c5d';
    const rows = [pupil('Anaya Desai', '9876500012')];
    await app.get<PortalImportFiles>(PORTAL_IMPORT_FILES).save(id, { sheet: csvOf(rows), photos: zipFor(rows) });
    await connection.collection('portal_imports').insertOne({
      _id: id as never,
      ownerCode: SCHOOL_B.code,
      role: 'school',
      schoolCode: SCHOOL_B.code,
      dryRun: true,
      status: 'running',
      fileName: 'pupils.csv',
      hasPhotos: true,
      total: 1,
      processed: 0,
      registered: 0,
      alreadyRegistered: 0,
      failed: 0,
      rows: [],
      createdAt: new Date(),
      finishedAt: null,
      leaseOwner: 'a-replica-that-died',
      leaseUntil: new Date(Date.now() - 1000),
      error: null,
    });
    // this replica's own periodic sweep may get there first: either way the job is taken over
    expect(await app.get(PortalImportRunner).sweep()).toBeLessThanOrEqual(1);
    const job = await finished(tokens['schoolB'] as string, id);
    // school B's scope: MENTOR_A1 is not one of its mentors
    expect(job).toMatchObject({ status: 'completed', processed: 1, rows: [{ row: 2, status: 'invalid', errors: [{ field: 'mentorCode', message: PORTAL_IMPORT_MESSAGES.mentorNotInSchool }] }] });
    expect(await uploads.objectNames()).toEqual([]);
    // a job whose lease is live is left to its holder
    await connection.collection('portal_imports').updateOne({ _id: id as never }, { $set: { status: 'running', leaseOwner: 'alive', leaseUntil: new Date(Date.now() + 60_000) } });
    expect(await app.get(PortalImportRunner).sweep()).toBe(0);
    await connection.collection('portal_imports').deleteOne({ _id: id as never });
  });

  it('limits uploads per session (429 with Retry-After), whatever the address', async () => {
    const token = tokens['mentorB1'] as string;
    let status = 0;
    let sent = 0;
    while (status !== 429 && sent < 25) {
      sent += 1;
      const answer = await upload(token, 'true').set('x-forwarded-for', `203.0.113.${100 + sent}`);
      status = answer.status;
      if (status === 429) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(status).toBe(429);
    expect(sent).toBe(Number(env['RATE_LIMIT_PORTAL_IMPORTS']) + 1);
    // another session is not limited by it
    await upload(tokens['schoolB'] as string, 'true').expect(400);
  });

  it('publishes the import endpoints in the OpenAPI document: a multipart body, bearer auth, 202, 400, 401, 404, 413', async () => {
    const document = (await http.get('/api/docs/registration-service.json').expect(200)).body;
    const post = document.paths[PORTAL_PATHS.imports]?.post;
    expect(post.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(post.responses)).toEqual(expect.arrayContaining(['202', '400', '401', '413', '429']));
    const body = post.requestBody.content['multipart/form-data'];
    expect(body.schema.properties).toMatchObject({ file: { type: 'string', format: 'binary' }, photos: { type: 'string', format: 'binary' }, dryRun: expect.objectContaining({ enum: ['true', 'false'] }) });
    expect(body.schema.required).toEqual(expect.arrayContaining(['file', 'dryRun']));
    expect(document.paths[PORTAL_PATHS.imports]?.get?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(document.paths[`${PORTAL_PATHS.imports}/{id}`]?.get?.responses ?? {})).toEqual(expect.arrayContaining(['200', '401', '404']));
  });
});
