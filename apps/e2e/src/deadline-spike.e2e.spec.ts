import { request as httpRequest } from 'node:http';
import { Kafka, logLevel } from 'kafkajs';
import sharp from 'sharp';

import { baseUrl } from './support/browser';
import { candidateFormData, mentorPayload, schoolPayload, type CandidateImages } from './support/registration-payloads';

/**
 * The deadline rush (issue 12): ten times the normal rate for ten seconds through the edge, each
 * request from its own loopback address (127.0.x.y: the edge appends the socket address to
 * X-Forwarded-For and the services trust that one hop, so per-client rate limits apply per
 * address, as they would for thousands of families). Then: no request got a 5xx, and every
 * accepted registration is stored exactly once and has exactly one event in Kafka. Bounded: at
 * most SPIKE_REQUESTS requests, sent over SPIKE_SECONDS, each with its own timeout. No timings
 * are asserted; this proves correctness under load, the benchmark (bench/registration.mjs) the speed.
 */
const NORMAL_PER_SECOND = 1;
const SPIKE_FACTOR = 10;
const SPIKE_SECONDS = 10;
const SPIKE_REQUESTS = NORMAL_PER_SECOND * SPIKE_FACTOR * SPIKE_SECONDS;
/** One in five spike requests registers a school, the rest candidates (with photo and signature). */
const SCHOOL_EVERY = 5;

const registrationUrl = process.env['REGISTRATION_SERVICE_URL'] ?? 'http://127.0.0.1:3101';
const internalToken = process.env['INTERNAL_API_TOKEN'] ?? '';
const topicPrefix = process.env['KBE_E2E_KAFKA_TOPIC_PREFIX'] ?? '';
const brokers = (process.env['KAFKA_BROKERS'] ?? '127.0.0.1:9092').split(',');
const run = String(Date.now()).slice(-6);
const edge = new URL(baseUrl);

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** A request to the edge from the loopback address `from` (Linux routes all of 127/8 to lo). */
function sendFrom(from: string, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: Number(edge.port || 80), path, method, headers, localAddress: from, timeout: 60_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed: Record<string, unknown> = {};
          try {
            parsed = JSON.parse(text) as Record<string, unknown>;
          } catch {
            parsed = { text };
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path} from ${from}: no answer within 60 s`)));
    req.on('error', reject);
    req.end(body);
  });
}

const jsonFrom = (from: string, path: string, payload: unknown) =>
  sendFrom(from, 'POST', path, { 'content-type': 'application/json' }, Buffer.from(JSON.stringify(payload)));

/** The i-th client address: 127.0.<1..>.<1..250>, never 127.0.0.1 (the other journeys' address). */
const address = (i: number) => `127.0.${1 + Math.floor(i / 250)}.${1 + (i % 250)}`;

const school = (i: number) => schoolPayload({ schoolName: `Spike School ${run} ${i}`, udiseCode: `28${run}${String(i).padStart(3, '0')}` });

async function candidateForm(mentorCode: string, i: number, images: CandidateImages): Promise<{ body: Buffer; type: string }> {
  const form = candidateFormData(
    mentorCode,
    {
      personalDetails: { fullName: `Spike Candidate ${run} ${i}` },
      contactDetails: { phoneNumber: `97${run.slice(-4)}${String(i).padStart(4, '0')}` },
      educationalDetails: { schoolName: `Spike School ${run}` },
    },
    images,
  );
  const encoded = new Request('http://form.invalid/', { method: 'POST', body: form });
  return { body: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type') ?? '' };
}

/** Every event on `topic` (this run's prefix) whose payload `codeField` is one of `codes`, read until all are seen. */
async function eventsFor(topic: string, codeField: string, codes: Set<string>): Promise<Map<string, Set<string>>> {
  const kafka = new Kafka({ clientId: `spike-${run}`, brokers, logLevel: logLevel.NOTHING });
  const consumer = kafka.consumer({ groupId: `${topicPrefix}spike-${topic}-${run}` });
  const seen = new Map<string, Set<string>>();
  await consumer.connect();
  try {
    await consumer.subscribe({ topic: `${topicPrefix}${topic}`, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const envelope = JSON.parse(String(message.value)) as { id: string; payload: Record<string, unknown> };
        const code = String(envelope.payload[codeField]);
        if (!codes.has(code)) return;
        seen.set(code, (seen.get(code) ?? new Set()).add(envelope.id));
      },
    });
    const deadline = Date.now() + 90_000;
    while ([...codes].some((code) => !seen.has(code)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    // A little longer: a second, different event for a code would show up now.
    await new Promise((r) => setTimeout(r, 2_000));
  } finally {
    await consumer.disconnect();
  }
  return seen;
}

describe('a deadline spike through the edge', () => {
  const answers: Array<{ kind: 'school' | 'candidate'; answer: Answer }> = [];
  let mentorCode: string;

  beforeAll(async () => {
    if (!internalToken) throw new Error('INTERNAL_API_TOKEN is not set (npm test passes the stack profile\'s token to the journeys)');
    if (!topicPrefix) throw new Error('KBE_E2E_KAFKA_TOPIC_PREFIX is not set (npm test passes the stack profile\'s topic prefix to the journeys)');
    const chainFrom = address(SPIKE_REQUESTS);
    const first = await jsonFrom(chainFrom, '/api/schools/register', school(999));
    if (first.status !== 201) throw new Error(`school registration answered ${first.status}: ${JSON.stringify(first.body)}`);
    const mentor = await jsonFrom(chainFrom, '/api/mentors/register', mentorPayload(String(first.body['schoolCode']), { name: `Spike Mentor ${run}` }));
    if (mentor.status !== 201) throw new Error(`mentor registration answered ${mentor.status}: ${JSON.stringify(mentor.body)}`);
    mentorCode = String(mentor.body['mentorCode']);

    const photo = await sharp({ create: { width: 600, height: 750, channels: 3, background: '#4466aa' } }).jpeg({ quality: 85 }).toBuffer();
    const signature = await sharp({ create: { width: 300, height: 100, channels: 3, background: '#ffffff' } }).png().toBuffer();
    const forms = await Promise.all(
      Array.from({ length: SPIKE_REQUESTS }, async (_, i) => (i % SCHOOL_EVERY === 0 ? null : candidateForm(mentorCode, i, { photo, signature }))),
    );

    // SPIKE_FACTOR x the normal rate: requests start at even intervals over SPIKE_SECONDS, whatever the answers take.
    const interval = 1000 / (NORMAL_PER_SECOND * SPIKE_FACTOR);
    await Promise.all(
      forms.map(async (form, i) => {
        await new Promise((r) => setTimeout(r, i * interval));
        const from = address(i);
        if (!form) {
          answers.push({ kind: 'school', answer: await jsonFrom(from, '/api/schools/register', school(i)) });
          return;
        }
        const answer = await sendFrom(from, 'POST', '/api/candidates/register', { 'content-type': form.type }, form.body);
        answers.push({ kind: 'candidate', answer });
      }),
    );
  }, 240_000);

  it('answers every request without a 5xx, and accepts the registrations (distinct addresses are not rate limited)', () => {
    expect(answers).toHaveLength(SPIKE_REQUESTS);
    const statuses = answers.map(({ answer }) => answer.status);
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(statuses.filter((status) => status !== 201)).toEqual([]);
  });

  it('stores every accepted candidate exactly once', async () => {
    const accepted = answers.filter(({ kind, answer }) => kind === 'candidate' && answer.status === 201).map(({ answer }) => String(answer.body['candidateCode']));
    expect(new Set(accepted).size).toBe(accepted.length);
    const res = await fetch(`${registrationUrl}/internal/candidates?mentorCode=${mentorCode}&limit=100`, { headers: { 'x-internal-token': internalToken } });
    expect(res.status).toBe(200);
    const stored = ((await res.json()) as { data: { candidates: Array<{ candidateCode: string }> } }).data.candidates.map((c) => c.candidateCode);
    expect([...stored].sort()).toEqual([...accepted].sort());
  });

  it('stores every accepted school exactly once', async () => {
    const accepted = answers.filter(({ kind, answer }) => kind === 'school' && answer.status === 201).map(({ answer }) => String(answer.body['schoolCode']));
    expect(new Set(accepted).size).toBe(accepted.length);
    for (const code of accepted) {
      const res = await fetch(`${baseUrl}/api/schools?code=${code}`);
      const body = (await res.json()) as { data: Array<{ code: string }> };
      expect(body.data.map((row) => row.code)).toEqual([code]);
    }
  });

  it('announces every accepted registration on Kafka with exactly one event', async () => {
    const byKind = (kind: 'school' | 'candidate', field: string) =>
      new Set(answers.filter((a) => a.kind === kind && a.answer.status === 201).map(({ answer }) => String(answer.body[field])));
    for (const [topic, field, codes] of [
      ['candidate.registered', 'candidateCode', byKind('candidate', 'candidateCode')],
      ['school.registered', 'schoolCode', byKind('school', 'schoolCode')],
    ] as const) {
      const events = await eventsFor(topic, field, codes);
      expect([...codes].filter((code) => !events.has(code))).toEqual([]);
      expect([...events.entries()].filter(([, ids]) => ids.size !== 1)).toEqual([]);
    }
  }, 200_000);
});
