import type { INestApplication } from '@nestjs/common';
import { getConnectionToken } from '@nestjs/mongoose';
import { toBracketedFields, type BracketableObject } from '@kbe/contracts';
import { validCandidate, validMentor, validSchool } from '@kbe/contracts/testing';
import { createServiceApp } from '@kbe/server-bootstrap';
import { loadConfig } from '@kbe/server-config';
import { ReplicaEventFeed } from '@kbe/server-messaging';
import { adminTokenFor, isolatedInfraEnv, TestBucket, waitFor } from '@kbe/server-testing';
import type { Collection, Document } from 'mongodb';
import type { Connection } from 'mongoose';
import sharp from 'sharp';
import request from 'supertest';
import { AppModule } from './app.module';
import { registrationEnvSchema, SERVICE_NAME } from './registration.config';

const env = isolatedInfraEnv({ RATE_LIMIT_REGISTER: '200', TRUSTED_PROXY_HOPS: '0', OUTBOX_RELAY_INTERVAL_MS: '200', EDITION_REGISTRATION_DEADLINE: '2099-12-31T23:59:59.999+05:30' });
const config = loadConfig(registrationEnvSchema, env);
const internal = { 'x-internal-token': config.INTERNAL_API_TOKEN };

interface ListedCandidate {
  candidateCode: string;
  name: string;
  feesPaid: boolean;
  createdAt: string;
}

/**
 * Two instances of the service on one database and one set of topics, as two replicas: what one
 * writes reaches the other's candidate directory through the events, and an instance started
 * later reads what is stored.
 */
describe('registration-service candidate directory across replicas', () => {
  const apps: INestApplication[] = [];
  const bucket = new TestBucket(config, `${config.MINIO_BUCKET_PREFIX}candidate-documents`);
  let first: INestApplication;
  let second: INestApplication;
  let mentorCode: string;
  let photo: Buffer;

  async function start(): Promise<INestApplication> {
    const app = await createServiceApp({ service: SERVICE_NAME, module: AppModule.forRoot(config), config });
    await app.init();
    apps.push(app);
    return app;
  }
  const http = (app: INestApplication) => request(app.getHttpServer());
  const candidates = (app: INestApplication) => app.get<Connection>(getConnectionToken()).collection('candidates') as unknown as Collection<Document>;

  async function list(app: INestApplication, query: Record<string, string> = {}): Promise<{ candidates: ListedCandidate[]; pagination: { total: number } }> {
    return (await http(app).get('/internal/candidates').set(internal).query({ limit: '100', ...query }).expect(200)).body.data;
  }

  async function register(app: INestApplication, fullName: string, phoneNumber: string): Promise<string> {
    const valid = validCandidate();
    const fields = { ...valid, mentorCode, personalDetails: { ...valid.personalDetails, fullName }, contactDetails: { ...valid.contactDetails, phoneNumber } };
    let req = http(app).post('/api/candidates/register');
    for (const [name, value] of Object.entries(toBracketedFields(fields as BracketableObject))) req = req.field(name, value);
    const response = await req
      .attach('photo', photo, { filename: 'photo.jpg', contentType: 'image/jpeg' })
      .attach('signature', photo, { filename: 'signature.jpg', contentType: 'image/jpeg' })
      .expect(201);
    return response.body.candidateCode;
  }

  beforeAll(async () => {
    photo = await sharp({ create: { width: 60, height: 80, channels: 3, background: '#336699' } }).jpeg().toBuffer();
    first = await start();
    second = await start();
    const school = await http(second).post('/api/schools/register').send({ ...validSchool(), udiseCode: '27209990077' }).expect(201);
    const mentor = await http(second).post('/api/mentors/register').send({ ...validMentor(), schoolCode: school.body.schoolCode }).expect(201);
    mentorCode = mentor.body.mentorCode;
    await waitFor(() => first.get(ReplicaEventFeed).live || undefined, { timeoutMs: 60_000, what: "the first instance's replica event feed" });
  }, 120_000);

  afterAll(async () => {
    await apps[0]?.get<Connection>(getConnectionToken()).dropDatabase();
    for (const app of apps) await app.close();
    await bucket.remove();
  });

  it("lists a candidate registered through the other instance once its event arrives", async () => {
    const code = await register(second, 'Kavya Deshpande', '9811100001');
    const listed = await waitFor(
      async () => (await list(first, { search: 'desh' })).candidates.find((candidate) => candidate.candidateCode === code),
      { timeoutMs: 30_000, what: "the candidate in the first instance's list" },
    );
    expect(listed).toMatchObject({ name: 'Kavya Deshpande', feesPaid: false });
    const statistics = (await http(first).get('/api/statistics').expect(200)).body.data;
    expect(statistics).toMatchObject({ totalCandidates: 1, activeCandidates: 0 });
  });

  it("shows a change made through the other instance in the first instance's list and dashboard", async () => {
    const code = await register(second, 'Omkar Kulkarni', '9811100002');
    await http(second).patch(`/internal/candidates/${code}/fees-paid`).set(internal).send({ feesPaid: true, receiptNumber: 'R-77' }).expect(200);
    const paid = await waitFor(
      async () => {
        const found = await list(first, { filter: 'paid' });
        return found.candidates.some((candidate) => candidate.candidateCode === code) && found;
      },
      { timeoutMs: 30_000, what: "the paid candidate in the first instance's list" },
    );
    expect(paid.pagination.total).toBe(1);
    const dashboard = (await http(first).get('/internal/dashboard').set(internal).expect(200)).body.data;
    expect(dashboard.fees).toEqual({ paid: 1, unpaid: 1 });
    expect(dashboard.stats).toMatchObject({ totalCandidates: 2, activeCandidates: 1 });
    expect(dashboard.registrationsPerDay.reduce((sum: number, day: { count: number }) => sum + day.count, 0)).toBe(2);

    await http(second).delete(`/internal/candidates/${code}`).set(internal).expect(200);
    await waitFor(async () => (await list(first, { deleted: 'true' })).candidates.some((candidate) => candidate.candidateCode === code), {
      timeoutMs: 30_000,
      what: "the deletion in the first instance's list",
    });
    expect((await list(first)).pagination.total).toBe(1);
  });

  it('answers its own writes at once, without waiting for an event', async () => {
    const code = await register(first, 'Sara Inamdar', '9811100003');
    expect((await list(first, { search: 'inam' })).candidates.map((candidate) => candidate.candidateCode)).toEqual([code]);
    await http(first).patch(`/internal/candidates/${code}/fees-paid`).set(internal).send({ feesPaid: true }).expect(200);
    expect((await list(first, { filter: 'paid' })).candidates.map((candidate) => candidate.candidateCode)).toEqual([code]);
  });

  it('lists in a fresh instance, built at start, exactly what is stored', async () => {
    // More candidates written straight to the database, as another deployment's history.
    const stored = candidates(first);
    const template = await stored.findOne({ deletedAt: null });
    if (!template) throw new Error('no candidate stored');
    for (let i = 0; i < 30; i += 1) {
      const code = `KBE${String(900000 + i)}ABC`;
      await stored.insertOne({
        ...template,
        _id: code as never,
        candidateCode: code,
        fingerprint: `seed-${i}`,
        nameSearch: `seeded ${String.fromCharCode(97 + (i % 26))}name`,
        feesPaid: i % 3 === 0,
        deletedAt: i % 10 === 0 ? new Date() : null,
        createdAt: new Date(Date.now() - i * 3_600_000),
      });
    }
    const fresh = await start();
    const live = await stored.find({ deletedAt: null }, { projection: { candidateCode: 1, createdAt: 1 } }).toArray();
    const expected = live
      .sort((a, b) => b['createdAt'].getTime() - a['createdAt'].getTime() || (a['candidateCode'] < b['candidateCode'] ? -1 : 1))
      .map((doc) => doc['candidateCode']);
    const listed = await list(fresh, { sort: 'newest' });
    expect(listed.pagination.total).toBe(expected.length);
    expect(listed.candidates.map((candidate) => candidate.candidateCode)).toEqual(expected);

    const cursor = (await http(fresh).get('/internal/candidates').set(internal).query({ cursor: 'true', limit: '1000', filter: 'paid' }).expect(200)).body.data;
    const paid = (await stored.find({ deletedAt: null, feesPaid: true }, { projection: { candidateCode: 1 } }).toArray()).map((doc) => doc['candidateCode']).sort();
    expect(cursor.candidates.map((candidate: ListedCandidate) => candidate.candidateCode)).toEqual(paid);
    expect(cursor.nextCursor).toBeNull();

    const admin = { authorization: `Bearer ${adminTokenFor(env)}` };
    const searched = await http(fresh).get('/api/candidates').set(admin).query({ search: 'seeded b' }).expect(200);
    expect(searched.body.data.candidates.map((candidate: { candidateId: string }) => candidate.candidateId).sort()).toEqual(['KBE900001ABC', 'KBE900027ABC']);
  }, 120_000);
});
