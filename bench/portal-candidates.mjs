#!/usr/bin/env node
// The school portal's overview at the competition's size: a school with BENCH_SCHOOL_PUPILS (200)
// pupils among BENCH_CANDIDATES (20,000) candidates of BENCH_CANDIDATES / 200 schools, seeded
// straight into a built registration-service's private database (the service reads its candidate
// directory at start), with a portal session stored for the school (the SMS sign-in is not what
// is measured). Then, one client, sequential calls in rounds (each target once a round, so all see the
// same load of the shared machine), medians after warm-up rounds:
//   page      GET /api/portal/candidates?limit=20 (the overview's first page and the counts)
//   search    GET /api/portal/candidates?search=pupil&sort=name
//   mentor    GET /api/portal/candidates?mentorCode=<one of its 8 mentors>
//   export    GET /api/portal/candidates/export.csv (200 rows)
//   me        GET /api/portal/me (the account, its mentors and counts)
//   bare      the same bytes as `page` from a bare node:http server in its own process, the same
//             client: what loopback, the client and the machine's load cost without any service
// and prints each median's ratio to the bare one.
//   node bench/portal-candidates.mjs            (BENCH_SKIP_BUILD=1 to reuse dist/; BENCH_CALLS=200)
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { benchServiceEnv, buildProjects, out, percentile, startBuiltService } from './service-bench.support.mjs';

const { MongoClient } = await import('mongodb');

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 20_000);
const SCHOOL_PUPILS = Number(process.env.BENCH_SCHOOL_PUPILS ?? 200);
const CALLS = Number(process.env.BENCH_CALLS ?? 200);
const WARM_UP = 20;
const PORTS = { registration: 3198, bare: 3199 };
const SCHOOL = 'SCH-BENCHA';
const MENTORS_PER_SCHOOL = 8;

const id = `bench-portal-${randomBytes(3).toString('hex')}`;
const env = benchServiceEnv(id);
const mongo = await new MongoClient(env.MONGODB_URI).connect();
const db = mongo.db(`${id}-registration`);
const token = randomBytes(32).toString('base64url');

const schoolOf = (i) => (i < SCHOOL_PUPILS ? SCHOOL : `SCH-B${String(Math.floor(i / SCHOOL_PUPILS)).padStart(5, '0')}`);
// (the school's mentor codes are valid ones: MEN-BENCHA .. MEN-BENCHH; the other schools' are never asked for)
const mentorOf = (i) => `MEN-${schoolOf(i).slice(4, 9)}${'ABCDEFGH'[i % MENTORS_PER_SCHOOL]}`;

function candidate(i) {
  const code = `KBE${String(100000 + i).padStart(6, '0')}POR`;
  const phone = `98${String(i).padStart(8, '0')}`;
  return {
    _id: code, candidateCode: code, mentorCode: mentorOf(i), schoolCode: schoolOf(i),
    personalDetails: { fullName: `Pupil ${i} Patil`, fatherName: 'Suresh Patil', motherName: 'Meena Patil', gender: 'Male', dateOfBirth: '2012-06-15', religion: 'Hindu', region: 'Urban', motherTongue: 'Marathi' },
    contactDetails: { phoneNumber: phone, email: '' },
    guardianDetails: { name: 'Meena Patil', relation: 'Mother', phoneNumber: `91${String(i).padStart(8, '0')}` },
    orphanDetails: { isOrphan: false },
    permanentAddress: { addressLines: 'Flat 3', village: 'Satpur', taluka: 'Nashik', district: 'Nashik', state: 'Maharashtra', pin: '422007' },
    educationalDetails: { schoolName: 'Nashik Model School', standard: '8th', medium: 'English', board: 'CBSE', kbeCategory: ['Prime', 'Sec', 'High'][i % 3], kbeStageParticipated: 'Mains', fees: 300 },
    feesPaid: i % 5 !== 0, hallTicketReleased: false, certificateReleased: false, seatNumber: null, center: null, examTime: null,
    photoKey: i % 17 === 0 ? '' : `${code}/u1/photo.jpg`, signatureKey: `${code}/u1/signature.jpg`,
    nameSearch: `pupil ${i} patil`, nameWords: ['pupil', String(i), 'patil'], phoneNumber: phone,
    fingerprint: `fp-${code}`, eventId: `reg-${code}`, eventQueued: true, createdAt: new Date(Date.now() - i * 1000), deletedAt: null, receiptNumber: null,
    ...(i % 3 === 0 ? { consentStatus: 'given', consent: { status: 'given', givenAt: new Date(), noticeVersion: 'bench', lang: 'en', method: 'test-data', phoneHash: null, clientAddress: null } } : {}),
  };
}

async function seed() {
  const started = performance.now();
  for (let i = 0; i < CANDIDATES; i += 1000) {
    await db.collection('candidates').insertMany(Array.from({ length: Math.min(1000, CANDIDATES - i) }, (_, j) => candidate(i + j)));
  }
  await db.collection('schools').insertOne({
    _id: SCHOOL, schoolCode: SCHOOL, schoolName: 'Bench Model School', udiseCode: '27209999999', contact: '9876543210', schoolType: 'Secondary',
    address: { area: 'a', locality: 'l', street: 's', village: 'v', town: 't', city: 'Nashik', state: 'Maharashtra', pin: '422013' },
    principal: { name: 'S. Kulkarni', contact: '9123456780' }, nameSearch: 'bench model school', createdAt: new Date(), eventId: 'school-bench', eventQueued: true,
  });
  await db.collection('mentors').insertMany(Array.from({ length: MENTORS_PER_SCHOOL }, (_, m) => ({
    _id: mentorOf(m), mentorCode: mentorOf(m), schoolCode: SCHOOL, name: `Mentor ${m}`, email: null, address: 'Nashik', location: 'Nashik', contact: `99000000${String(m).padStart(2, '0')}`,
    subjectTeaching: 'Physics', workExperience: 5, activitiesParticipated: 'Science fair', opinionOnISRO: 'Inspiring', isActive: true, nameSearch: `mentor ${m}`,
    fingerprint: `fp-${mentorOf(m)}`, createdAt: new Date(), eventId: `mentor-${m}`, eventQueued: true,
  })));
  const now = Date.now();
  await db.collection('portal_sessions').insertOne({
    _id: createHash('sha256').update(token).digest('hex'), role: 'school', code: SCHOOL, schoolCode: SCHOOL, createdAt: new Date(now), expiresAt: new Date(now + 3600_000),
  });
  out(`seeded ${CANDIDATES} candidates (${SCHOOL_PUPILS} of ${SCHOOL}, ${MENTORS_PER_SCHOOL} mentors) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The service's health, for up to 5 minutes: its start reads 20,000 candidates on a shared, loaded machine. */
async function waitUntilHealthy(url) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (res?.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not become healthy`);
}

/**
 * Sequential GETs of every target in turn (round-robin, so each sees the same load of the shared
 * machine), WARM_UP rounds then CALLS measured; each target's median and p95 in ms and last body.
 */
async function measureAll(targets) {
  const results = targets.map(() => ({ latencies: [], body: '' }));
  for (let round = 0; round < WARM_UP + CALLS; round += 1) {
    for (const [t, { url, headers }] of targets.entries()) {
      const t0 = performance.now();
      const response = await fetch(url, { headers });
      const body = await response.text();
      if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${body.slice(0, 200)}`);
      if (round >= WARM_UP) results[t].latencies.push(performance.now() - t0);
      results[t].body = body;
    }
  }
  return results.map(({ latencies, body }) => ({ p50: percentile(latencies, 50), p95: percentile(latencies, 95), body }));
}

/** A bare node:http server in its own process answering every request with `body` as JSON. */
async function startBare(body) {
  const source = `const body = Buffer.from(process.env.BARE_BODY, 'base64');
require('node:http').createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length }); res.end(body); }).listen(${PORTS.bare}, '127.0.0.1', () => process.stdout.write('ready\\n'));`;
  const child = spawn(process.execPath, ['-e', source], { env: { ...process.env, BARE_BODY: Buffer.from(body).toString('base64') }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return child;
}

buildProjects(['registration-service']);
await seed();
const service = startBuiltService('registration-service', PORTS.registration, env);
let bare;
try {
  const base = `http://127.0.0.1:${PORTS.registration}`;
  await waitUntilHealthy(`${base}/api/health/registration-service`);
  const auth = { authorization: `Bearer ${token}` };
  const pageUrl = `${base}/api/portal/candidates?limit=20`;
  const first = await (await fetch(pageUrl, { headers: auth })).text();
  bare = await startBare(first);
  const [page, search, mentor, exported, me, baseline] = await measureAll([
    { url: pageUrl, headers: auth },
    { url: `${base}/api/portal/candidates?search=pupil&sort=name`, headers: auth },
    { url: `${base}/api/portal/candidates?mentorCode=${mentorOf(1)}`, headers: auth },
    { url: `${base}/api/portal/candidates/export.csv`, headers: auth },
    { url: `${base}/api/portal/me`, headers: auth },
    { url: `http://127.0.0.1:${PORTS.bare}/` },
  ]);
  const listed = JSON.parse(page.body).data;
  if (listed.pagination.total !== SCHOOL_PUPILS || listed.counts.candidates !== SCHOOL_PUPILS) throw new Error(`expected ${SCHOOL_PUPILS} pupils, got ${JSON.stringify(listed.pagination)}`);
  const rows = exported.body.trim().split('\r\n').length - 1;
  if (rows !== SCHOOL_PUPILS) throw new Error(`export: ${rows} rows`);

  out(`${CALLS} rounds of sequential calls (each target once a round) after ${WARM_UP} warm-up rounds, one client; ${SCHOOL_PUPILS} pupils of ${CANDIDATES} candidates`);
  out('| call | p50 | p95 | p50 / bare |');
  out('| --- | ---: | ---: | ---: |');
  const line = (label, result) => out(`| ${label} | ${result.p50.toFixed(2)} ms | ${result.p95.toFixed(2)} ms | ${(result.p50 / baseline.p50).toFixed(2)} |`);
  line('GET /api/portal/candidates?limit=20', page);
  line('GET /api/portal/candidates?search=pupil&sort=name', search);
  line(`GET /api/portal/candidates?mentorCode=${mentorOf(1)}`, mentor);
  line(`GET /api/portal/candidates/export.csv (${rows} rows)`, exported);
  line('GET /api/portal/me', me);
  line('bare node:http, the same bytes as the first page', baseline);
} finally {
  service.kill('SIGTERM');
  bare?.kill('SIGTERM');
  await db.dropDatabase().catch(() => undefined);
  await mongo.close();
}
