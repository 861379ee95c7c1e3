import { Logger, type INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { toBracketedFields, type BracketableObject } from '@kbe/contracts';
import { validCandidate, validMentor, validSchool } from '@kbe/contracts/testing';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { isolatedInfraEnv, TestBucket } from '@kbe/server-testing';
import { ObjectId, type Collection, type Document } from 'mongodb';
import type { Connection } from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
import { AppModule } from './app.module';
import { MOVING_SUFFIX } from './common/code-id.migration';
import { registrationEnvSchema, SERVICE_NAME } from './registration.config';

const env = isolatedInfraEnv({ RATE_LIMIT_REGISTER: '100', TRUSTED_PROXY_HOPS: '0', EDITION_REGISTRATION_DEADLINE: '2099-12-31T23:59:59.999+05:30' });
const config = loadConfig(registrationEnvSchema, env);

/**
 * Records written before codes became `_id` carry an ObjectId `_id`. The service moves them at
 * start: afterwards they are found by code like new ones, keep their unique values, and a second
 * start moves nothing. Records are registered through the API, then turned into the old shape
 * (and two into the shapes an interrupted move leaves behind) with the driver.
 */
describe('registration-service moves records stored under ObjectIds to their codes as _id at start', () => {
  let app: INestApplication | undefined;
  const logged: string[] = [];
  const bucket = new TestBucket(config, `${config.MINIO_BUCKET_PREFIX}candidate-documents`);
  let schoolCode: string;
  let mentorCode: string;
  const candidateCodes: string[] = [];

  async function start(): Promise<INestApplication> {
    app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config });
    await app.init();
    return app;
  }
  const http = () => request((app as INestApplication).getHttpServer());
  const collection = (name: string): Collection<Document> =>
    (app as INestApplication).get<Connection>(getConnectionToken()).collection(name) as unknown as Collection<Document>;

  /** Replaces the record stored under `code` with the old shape: the same fields under a new ObjectId. */
  async function toOldShape(name: string, code: string, change: (doc: Document) => Document = (doc) => doc, keepCopy = false) {
    const docs = collection(name);
    const doc = await docs.findOne({ _id: code as never });
    if (!doc) throw new Error(`${name} ${code} not stored`);
    if (!keepCopy) await docs.deleteOne({ _id: code as never });
    await docs.insertOne(change({ ...doc, _id: new ObjectId() }));
  }

  const marked = (fields: string[]) => (doc: Document) => ({
    ...doc,
    ...Object.fromEntries(fields.map((field) => [field, `${doc[field]}${MOVING_SUFFIX}`])),
  });

  beforeAll(async () => {
    await start();
    const photo = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    const school = await http().post('/api/schools/register').send({ ...validSchool(), udiseCode: '27209990001' }).expect(201);
    schoolCode = school.body.schoolCode;
    const mentor = await http().post('/api/mentors/register').send({ ...validMentor(), schoolCode }).expect(201);
    mentorCode = mentor.body.mentorCode;
    for (const [fullName, phoneNumber] of [['Old Shape One', '9876500001'], ['Old Shape Two', '9876500002']] as const) {
      const valid = validCandidate();
      const fields = { ...valid, mentorCode, personalDetails: { ...valid.personalDetails, fullName }, contactDetails: { phoneNumber } };
      let req = http().post('/api/candidates/register');
      for (const [name, value] of Object.entries(toBracketedFields(fields as BracketableObject))) req = req.field(name, value);
      req = req.attach('photo', photo, { filename: 'photo.jpg', contentType: 'image/jpeg' });
      req = req.attach('signature', photo, { filename: 'signature.jpg', contentType: 'image/jpeg' });
      const response = await req.expect(201);
      candidateCodes.push(response.body.candidateCode);
    }

    // The unique code indexes the old schemas declared (the move must get past them).
    await collection('schools').createIndex({ schoolCode: 1 }, { unique: true });
    await collection('candidates').createIndex({ candidateCode: 1 }, { unique: true });
    // The school: interrupted after the copy (the copy exists, the marked original is still there).
    await toOldShape('schools', schoolCode, marked(['schoolCode', 'udiseCode']), true);
    await toOldShape('mentors', mentorCode);
    await toOldShape('candidates', candidateCodes[0] as string);
    // The second candidate: interrupted after marking (no copy yet).
    await toOldShape('candidates', candidateCodes[1] as string, marked(['candidateCode', 'fingerprint']));
    await app?.close();
    app = undefined;

    jest.spyOn(Logger.prototype, 'log').mockImplementation(function (this: Logger, message: unknown) {
      logged.push(String(message));
    });
    await start();
  }, 120_000);

  afterAll(async () => {
    jest.restoreAllMocks();
    await app?.get<Connection>(getConnectionToken()).dropDatabase();
    await app?.close();
    await bucket.remove();
  });

  it('logs what it moved', () => {
    expect(logged).toEqual(
      expect.arrayContaining([
        'Moved 1 schools record(s) to their code as _id',
        'Moved 1 mentors record(s) to their code as _id',
        'Moved 2 candidates record(s) to their code as _id',
      ]),
    );
  });

  it('leaves exactly one record per code, under its code, with its unique values unmarked', async () => {
    for (const [name, field, codes] of [
      ['schools', 'schoolCode', [schoolCode]],
      ['mentors', 'mentorCode', [mentorCode]],
      ['candidates', 'candidateCode', candidateCodes],
    ] as const) {
      const docs = await collection(name).find({}).toArray();
      expect(docs.map((doc) => doc._id).sort()).toEqual([...codes].sort());
      expect(docs.map((doc) => doc[field]).sort()).toEqual([...codes].sort());
      expect(JSON.stringify(docs)).not.toContain(MOVING_SUFFIX);
    }
  });

  it('finds the moved records by code: school lookup, mentor and candidate registration, candidate search', async () => {
    const school = await http().get('/api/schools').query({ code: schoolCode }).expect(200);
    expect(school.body.data).toEqual([{ code: schoolCode, name: validSchool().schoolName, city: validSchool().address.city }]);
    await http().post('/api/mentors/register').send({ ...validMentor(), schoolCode, contact: '9988770000' }).expect(201);
    for (const [code, fullName] of [[candidateCodes[0], 'Old Shape One'], [candidateCodes[1], 'Old Shape Two']] as const) {
      const found = await http().get(`/api/candidates/search/${code}`).expect(200);
      expect(found.body.data).toMatchObject({ candidateCode: code, fullName });
    }
  });

  it('still refuses the unique values the moved records hold', async () => {
    const second = await http().post('/api/schools/register').send({ ...validSchool(), udiseCode: '27209990001' }).expect(409);
    expect(second.body).toEqual({ statusCode: 409, message: 'A school with this UDISE code is already registered' });
    const again = await http().post('/api/mentors/register').send({ ...validMentor(), schoolCode }).expect(200);
    expect(again.body.mentorCode).toBe(mentorCode);
  });

  it('moves nothing on the next start', async () => {
    await app?.close();
    logged.length = 0;
    await start();
    expect(logged.filter((line) => line.startsWith('Moved '))).toEqual([]);
    const found = await http().get(`/api/candidates/search/${candidateCodes[1]}`).expect(200);
    expect(found.body.data).toMatchObject({ candidateCode: candidateCodes[1] });
  });
});
