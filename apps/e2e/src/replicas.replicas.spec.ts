import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Kafka, logLevel } from 'kafkajs';
// The fake SMS gateway of notifications-service's own delivery tests (a real HTTP server).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { FakeMsg91 } from '../../notifications-service/src/testing/fake-msg91.server';
import { baseUrl } from './support/browser';
import { candidateFormData, mentorPayload, schoolPayload } from './support/registration-payloads';
import { makeTestImages, type TestImages } from './support/test-images';

/**
 * Two processes of every service (KBE_REPLICAS=2, tools/test/replicas-run.mjs), each service's
 * port a round-robin balancer in front of them, as a Kubernetes Service in front of two pods. What
 * must hold when a service scales out: state lives in the shared stores, not in one process.
 */
const replicaPorts = JSON.parse(process.env['KBE_REPLICA_PORTS'] ?? '{}') as Record<string, number[]>;
const internalToken = process.env['INTERNAL_API_TOKEN'] ?? '';
const admin = { username: process.env['KBE_E2E_ADMIN_USERNAME'] ?? '', password: process.env['KBE_E2E_ADMIN_PASSWORD'] ?? '' };
const replicaUrls = (service: string) => (replicaPorts[service] ?? []).map((port) => `http://127.0.0.1:${port}`);
const MOTHER_NAME = 'Kavita Kulkarni';
/** The gateway the stack's notifications-service replicas send to (tools/test/replicas-run.mjs). */
const smsGateway = { port: Number(process.env['KBE_FAKE_SMS_PORT'] ?? 0), authKey: process.env['KBE_FAKE_SMS_AUTH_KEY'] ?? '' };
const replicaPids = JSON.parse(process.env['KBE_REPLICA_PIDS'] ?? '{}') as Record<string, number[]>;
const topicPrefix = process.env['KBE_E2E_KAFKA_TOPIC_PREFIX'] ?? '';
const brokers = (process.env['KAFKA_BROKERS'] ?? '127.0.0.1:9092').split(',');

async function waitUntil(what: string, done: () => boolean, timeoutMs: number): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !done(); ) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function api<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}
const json = (body: unknown, headers: Record<string, string> = {}): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-9);

/** A metric's value in one replica's /metrics (0 when it has no such series yet). */
async function metric(replicaUrl: string, name: string, labels: Record<string, string>): Promise<number> {
  const text = await (await fetch(`${replicaUrl}/metrics`)).text();
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('two replicas of every service', () => {
  let images: TestImages;
  let mentorCode: string;
  beforeAll(async () => {
    if (!internalToken || !admin.password) throw new Error('INTERNAL_API_TOKEN and the admin account must be set (tools/test/replicas-run.mjs)');
    for (const service of ['registration-service', 'documents-service', 'admin-service', 'notifications-service', 'exams-service']) {
      expect({ service, replicas: replicaUrls(service).length }).toEqual({ service, replicas: 2 });
    }
    images = await makeTestImages();
    const school = await api<{ schoolCode: string }>(`${baseUrl}/api/schools/register`, json(schoolPayload({ udiseCode: `27${unique()}` })));
    ({ mentorCode } = await api<{ mentorCode: string }>(`${baseUrl}/api/mentors/register`, json(mentorPayload(school.schoolCode, { contact: `97${unique().slice(-8)}` }))));
  }, 120_000);
  afterAll(() => images?.cleanup());

  async function registerCandidate(): Promise<string> {
    const form = candidateFormData(
      mentorCode,
      { personalDetails: { fullName: 'Ishaan Kulkarni', motherName: MOTHER_NAME }, contactDetails: { phoneNumber: `96${unique().slice(-8)}` } },
      { photo: readFileSync(images.photoJpeg), signature: readFileSync(images.signaturePng) },
    );
    return (await api<{ candidateCode: string }>(`${baseUrl}/api/candidates/register`, { method: 'POST', body: form })).candidateCode;
  }

  async function internal(path: string, body: unknown): Promise<void> {
    await api(`http://127.0.0.1:3101/internal/candidates/${path}`, { method: 'PATCH', headers: { 'content-type': 'application/json', 'x-internal-token': internalToken }, body: JSON.stringify(body) });
  }

  function download(url: string, code: string, motherName: string): Promise<Response> {
    return fetch(`${url}/api/candidates/${code}/download/hall-ticket`, json({ motherName }));
  }

  it('a registration sent again lands once, whichever replica takes each copy', async () => {
    const route = { method: 'POST', route: '/api/schools/register' };
    const before = await Promise.all(replicaUrls('registration-service').map((url) => metric(url, 'http_requests_total', route)));
    const register = (payload: unknown, key: string) => fetch(`${baseUrl}/api/schools/register`, json(payload, { 'idempotency-key': key }));

    // a retry after the first answer, through the other replica: the same code
    const retried = schoolPayload({ udiseCode: `27${unique()}` });
    const key = randomUUID();
    const codes: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await register(retried, key);
      expect(response.ok).toBe(true);
      codes.push(((await response.json()) as { schoolCode: string }).schoolCode);
    }
    expect(new Set(codes).size).toBe(1);

    // four copies at once: one school, never two; a copy that lost the race is told it exists
    const raced = schoolPayload({ udiseCode: `27${unique()}` });
    const raceKey = randomUUID();
    const answers = await Promise.all([0, 1, 2, 3].map(async () => {
      const response = await register(raced, raceKey);
      return { status: response.status, body: (await response.json()) as { schoolCode?: string; message?: string } };
    }));
    const winners = answers.filter((answer) => answer.status === 201 || answer.status === 200);
    expect(winners.length).toBeGreaterThan(0);
    expect(new Set(winners.map((answer) => answer.body.schoolCode)).size).toBe(1);
    for (const loser of answers.filter((answer) => !winners.includes(answer))) {
      expect(loser).toEqual({ status: 409, body: expect.objectContaining({ message: 'A school with this UDISE code is already registered' }) });
    }

    const after = await Promise.all(replicaUrls('registration-service').map((url) => metric(url, 'http_requests_total', route)));
    // both replicas took some of the eight
    expect(after.map((count, i) => count - before[i] > 0)).toEqual([true, true]);
  }, 60_000);

  it('a download lock set through one replica holds on the other', async () => {
    const code = await registerCandidate();
    await internal(`${code}/fees-paid`, { feesPaid: true });
    await internal(`${code}/hall-ticket`, { hallTicketReleased: true });
    const [first, second] = replicaUrls('documents-service');
    // five wrong names (DOWNLOAD_FAILURE_LIMIT), alternating replicas
    const wrong = [];
    for (let i = 0; i < 5; i += 1) wrong.push((await download(i % 2 ? second : first, code, `Wrong Name ${i}`)).status);
    expect(wrong).toEqual([403, 403, 403, 403, 403]);
    // locked: the right name is refused by either replica
    expect([(await download(first, code, MOTHER_NAME)).status, (await download(second, code, MOTHER_NAME)).status]).toEqual([429, 429]);
  }, 90_000);

  it('a PDF rendered by one replica is served from the shared cache by the other', async () => {
    const code = await registerCandidate();
    await internal(`${code}/fees-paid`, { feesPaid: true });
    await internal(`${code}/hall-ticket`, { hallTicketReleased: true });
    const [first, second] = replicaUrls('documents-service');
    const lookups = (url: string, result: string) => metric(url, 'documents_pdf_cache_lookups_total', { kind: 'hall-ticket', result });
    const firstAnswer = await download(first, code, MOTHER_NAME);
    expect(firstAnswer.status).toBe(200);
    const firstPdf = Buffer.from(await firstAnswer.arrayBuffer());
    const [hitsBefore, missesBefore] = [await lookups(second, 'hit'), await lookups(second, 'miss')];
    const secondAnswer = await download(second, code, MOTHER_NAME);
    expect(secondAnswer.status).toBe(200);
    expect(Buffer.from(await secondAnswer.arrayBuffer()).equals(firstPdf)).toBe(true);
    expect({ hits: (await lookups(second, 'hit')) - hitsBefore, misses: (await lookups(second, 'miss')) - missesBefore }).toEqual({ hits: 1, misses: 0 });
  }, 90_000);

  it('an SMS campaign reaches every recipient exactly once while a replica is killed mid-campaign', async () => {
    const RECIPIENTS = 2_000;
    const gateway = new FakeMsg91({ authKey: smsGateway.authKey, idempotencyHeader: 'Idempotency-Key' });
    await gateway.start(smsGateway.port);
    // a slower gateway, so the campaign is still under way when the replica dies
    gateway.delayMs = 200;
    const kafka = new Kafka({ clientId: 'replicas-journey', brokers, logLevel: logLevel.NOTHING });
    const producer = kafka.producer({ allowAutoTopicCreation: true });
    await producer.connect();
    try {
      const campaignId = `replicas-${randomUUID()}`;
      const recipients = Array.from({ length: RECIPIENTS }, (_, i) => ({ phoneNumber: `98${String(i).padStart(8, '0')}`, candidateCode: `KBE77${String(i).padStart(4, '0')}RPL` }));
      // as admin-service publishes a campaign: `sms.requested` events of at most 1,000 recipients
      for (let start = 0; start < RECIPIENTS; start += 1_000) {
        const envelope = {
          id: randomUUID(),
          topic: 'sms.requested',
          occurredAt: new Date().toISOString(),
          payload: { campaignId, messageType: 'custom', audience: { kind: 'recipients', recipients: recipients.slice(start, start + 1_000) }, message: 'KBE Young Scientist: ID {candidateCode} exam update', requestedBy: 'replicas-journey' },
        };
        await producer.send({ topic: `${topicPrefix}sms.requested`, acks: -1, messages: [{ key: `${campaignId}:${start}`, value: JSON.stringify(envelope) }] });
      }
      await waitUntil('the campaign to be under way', () => gateway.totalSms >= 200, 120_000);
      const [victim] = replicaPids['notifications-service'] ?? [];
      process.kill(victim, 'SIGKILL');
      expect(gateway.totalSms).toBeLessThan(RECIPIENTS);
      const everyone = recipients.map(({ phoneNumber }) => `91${phoneNumber}`);
      await waitUntil('every recipient to get the SMS', () => everyone.every((number) => (gateway.smsPerNumber.get(number) ?? 0) >= 1), 240_000);
      // a moment for a late duplicate to show
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      expect(everyone.filter((number) => gateway.smsPerNumber.get(number) !== 1)).toEqual([]);
      expect(gateway.totalSms).toBe(RECIPIENTS);
    } finally {
      await producer.disconnect();
      await gateway.stop();
    }
  }, 400_000);

  it('a bulk release job runs once: every candidate released once, counted once over both replicas', async () => {
    const codes = [await registerCandidate(), await registerCandidate(), await registerCandidate()];
    for (const code of codes) await internal(`${code}/fees-paid`, { feesPaid: true });
    const adminUrls = replicaUrls('admin-service');
    const releasedBefore = sum(await Promise.all(adminUrls.map((url) => metric(url, 'release_job_candidates_total', { kind: 'hall-ticket', outcome: 'released' }))));
    const { token } = await api<{ token: string }>(`${baseUrl}/api/admin/login`, json(admin));
    const auth = { authorization: `Bearer ${token}` };
    const { data: job } = await api<{ data: { id: string } }>(`${baseUrl}/api/admin/hall-tickets/release`, json({ candidateIds: codes }, auth));
    type Job = { status: string; released: number; skipped: { count: number }; failed: { count: number } };
    let finished: Job | undefined;
    for (let waited = 0; waited < 60_000 && !finished; waited += 500) {
      // read through the edge: either replica answers from the job stored in MongoDB
      const { data } = await api<{ data: Job }>(`${baseUrl}/api/admin/release-jobs/${job.id}`, { headers: auth });
      if (data.status === 'completed' || data.status === 'failed') finished = data;
      else await new Promise((resolve) => setTimeout(resolve, 500));
    }
    expect(finished).toMatchObject({ status: 'completed', released: 3, skipped: { count: 0 }, failed: { count: 0 } });
    const releasedAfter = sum(await Promise.all(adminUrls.map((url) => metric(url, 'release_job_candidates_total', { kind: 'hall-ticket', outcome: 'released' }))));
    expect(releasedAfter - releasedBefore).toBe(3);
  }, 120_000);
});
