#!/usr/bin/env node
// Seat allocation at the competition's size (docs/seat-allocation.md): BENCH_CANDIDATES (20,000)
// paid, consented Mains candidates (Prime / Sec / High in turn, ~300 schools over Maharashtra's 36
// districts, five talukas each) seeded straight into built registration-service's private
// database (its candidate directory reads them at start), built exams-service pointed at it, and
// BENCH_CENTRES (150) centres of BENCH_ROOMS (10) rooms of BENCH_ROOM_SEATS (20) seats, in four
// of each district's five talukas, each with three Mains sittings (Prime 10:30, Sec 13:00,
// High 15:30 on one day, every room), imported as one CSV. Then:
//   import    POST /api/admin/centres/import: the check (dryRun), the import, the same file again
//   dry run   POST /api/admin/seat-allocation { level: 'Mains', dryRun: true } until completed
//             (BENCH_DRY_RUNS, 3): the feed read and the plan, nothing stored
//   allocate  the real run, once: 20,000 seats stored and handed over to registration-service in
//             batches of 1,000 (PUT /internal/candidates/seats); a failed run is run again, as an
//             admin would (BENCH_ALLOCATE_ATTEMPTS, 5), each attempt reported
//   re-run    the same request again (BENCH_RERUNS, 3): nothing new to seat, nothing to hand over
//   feed      the bare baseline: the whole seating feed (GET /internal/candidates/seating, pages of
//             2,000) read straight from registration-service, what every run reads at least; one
//             read before each dry run and each re-run, so it meets the same machine
//   engine    allocateSeats alone (allocate-seats.bench.ts, 20,000 over 150 x 10 rooms, SEAT_RUNS 3)
// Medians, each one's ratio to the feed read, the allocation's phases (from its progress), and a
// check: the feed shows 20,000 distinct roll numbers, no room of the job's report over capacity.
//   node bench/seat-allocation.mjs     (BENCH_SKIP_BUILD=1 reuses dist/; BENCH_PROFILE=1 also counts
//   each service's database statements during the allocation, with bench/mongo-command-log.cjs;
//   BENCH_LOG_LEVEL=info logs every request's response time, e.g. each PUT of the hand-over)
import { spawnSync } from 'node:child_process';
import { createPrivateKey, generateKeyPairSync, randomBytes, randomUUID, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { benchServiceEnv, buildProjects, out, percentile, repoRoot, startBuiltService } from './service-bench.support.mjs';

const { MongoClient } = await import('mongodb');

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 20_000);
const CENTRES = Number(process.env.BENCH_CENTRES ?? 150);
const ROOMS = Number(process.env.BENCH_ROOMS ?? 10);
const ROOM_SEATS = Number(process.env.BENCH_ROOM_SEATS ?? 20);
const SCHOOLS = Number(process.env.BENCH_SCHOOLS ?? 300);
const DRY_RUNS = Number(process.env.BENCH_DRY_RUNS ?? 3);
const RERUNS = Number(process.env.BENCH_RERUNS ?? 3);
const PROFILE = process.env.BENCH_PROFILE === '1';
const ALLOCATE_ATTEMPTS = Number(process.env.BENCH_ALLOCATE_ATTEMPTS ?? 5);
/** As the admin screen polls a job (ALLOCATION_POLL_MS of use-seat-allocation.hook.ts): each GET reads the whole job, its rooms report included. */
const POLL_MS = 500;
const PORTS = { registration: 3186, exams: 3187 };
const CATEGORIES = ['Prime', 'Sec', 'High'];
/** maharashtra-districts.ts's 36 official names. */
const DISTRICTS = [
  'Ahilyanagar', 'Akola', 'Amravati', 'Beed', 'Bhandara', 'Buldhana', 'Chandrapur', 'Chhatrapati Sambhajinagar', 'Dharashiv', 'Dhule',
  'Gadchiroli', 'Gondia', 'Hingoli', 'Jalgaon', 'Jalna', 'Kolhapur', 'Latur', 'Mumbai City', 'Mumbai Suburban', 'Nagpur', 'Nanded',
  'Nandurbar', 'Nashik', 'Palghar', 'Parbhani', 'Pune', 'Raigad', 'Ratnagiri', 'Sangli', 'Satara', 'Sindhudurg', 'Solapur', 'Thane',
  'Wardha', 'Washim', 'Yavatmal',
];
/** Five talukas a district (synthetic names); centres stand in the first four, so a fifth of the pupils meet the district round. */
const TALUKAS = ['City', 'North', 'South', 'East', 'West'];
const talukaOf = (district, k) => `${district} ${TALUKAS[k]}`;
const ROLL_NUMBER = /^[MAS]-\d{2}-\d{3}-\d{4}-\d$/;

/** A server-issued code of the contracts' alphabet: `prefix` and `length` characters of n in base 32. */
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const issuedCode = (prefix, n, length) => prefix + Array.from({ length }, (_, k) => ALPHABET[Math.floor(n / 32 ** (length - 1 - k)) % 32]).join('');
const codeOf = (i) => `KBE${String(100000 + i).padStart(6, '0')}SEA`;
/** A school is in one district and taluka; its pupils follow it. Three pupils in a row share a school, one of each category. */
const schoolIndexOf = (i) => Math.floor(i / 3) % SCHOOLS;
const schoolPlace = (s) => ({ district: DISTRICTS[s % DISTRICTS.length], taluka: talukaOf(DISTRICTS[s % DISTRICTS.length], Math.floor(s / DISTRICTS.length) % TALUKAS.length) });

// Admin tokens: our own key pair, the public half given to exams-service, a token signed as admin-service does.
const kid = 'bench-seat';
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
const JWT_PUBLIC_KEYS = JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid }] });
function adminToken() {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode({ alg: 'EdDSA', typ: 'JWT', kid })}.${encode({ iss: 'kbe-admin-service', aud: 'kbe', sub: 'bench-admin', role: 'admin', jti: randomUUID(), iat: now, exp: now + 4 * 3600 })}`;
  return `${input}.${sign(null, Buffer.from(input), createPrivateKey({ key: privateKey.export({ format: 'jwk' }), format: 'jwk' })).toString('base64url')}`;
}

const id = `bench-seat-${randomBytes(3).toString('hex')}`;
const env = benchServiceEnv(id, {
  JWT_PUBLIC_KEYS,
  // no admin-service here: tokens are not looked up for revocation (as in the services' integration specs)
  ADMIN_SERVICE_URL: undefined,
  EDITION_YEAR: '2026',
  // BENCH_LOG_LEVEL=info: every request's response time in .kbe/logs/bench-<service>.log (each PUT of the hand-over)
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
  REGISTRATION_SERVICE_URL: `http://127.0.0.1:${PORTS.registration}`,
});
const commandLog = (service) => join(repoRoot, `.kbe/logs/bench-seat-${service}-commands.json`);
/** BENCH_PROFILE: each service's statement totals since start, rewritten every second (to watch a long phase). */
const commandSummary = (service) => join(repoRoot, `.kbe/logs/bench-seat-${service}-commands.txt`);
const mongo = await new MongoClient(env.MONGODB_URI).connect();
const registrationDb = mongo.db(`${id}-registration`);
const examsDb = mongo.db(`${id}-exams`);

function candidate(i) {
  const code = codeOf(i);
  const s = schoolIndexOf(i);
  const { district, taluka } = schoolPlace(s);
  return {
    _id: code, candidateCode: code, mentorCode: codeFor('MEN-', s * 2 + (i % 2)), schoolCode: codeFor('SCH-', s), language: 'en',
    personalDetails: { fullName: `Pupil ${i} Patil`, fatherName: 'Suresh Patil', motherName: 'Meena Patil', gender: 'Male', dateOfBirth: '2012-06-15', religion: 'Hindu', region: 'Urban', motherTongue: 'Marathi' },
    contactDetails: { phoneNumber: `98${String(i).padStart(8, '0')}`, email: '' },
    guardianDetails: { name: 'Meena Patil', relation: 'Mother', phoneNumber: `91${String(i).padStart(8, '0')}` },
    orphanDetails: { isOrphan: false },
    permanentAddress: { addressLines: 'Flat 3', village: 'Ward 4', taluka, district, state: 'Maharashtra', pin: '422007' },
    educationalDetails: { schoolName: `School ${s}`, standard: '8th', medium: 'English', board: 'State', kbeCategory: CATEGORIES[i % 3], kbeStageParticipated: 'Mains', fees: 300 },
    feesPaid: true, hallTicketReleased: false, certificateReleased: false, seatNumber: null, center: null, examTime: null,
    photoKey: `${code}/u1/photo.jpg`, signatureKey: `${code}/u1/signature.jpg`,
    nameSearch: `pupil ${i} patil`, nameWords: ['pupil', String(i), 'patil'], phoneNumber: `98${String(i).padStart(8, '0')}`,
    fingerprint: `fp-${code}`, eventId: `reg-${code}`, eventQueued: true, createdAt: new Date(Date.now() - i * 1000), deletedAt: null, receiptNumber: null,
    consentStatus: 'given', consent: { status: 'given', givenAt: new Date(), noticeVersion: 'bench', lang: 'en', method: 'test-data', phoneHash: null, clientAddress: null },
  };
}
function codeFor(prefix, n) {
  return issuedCode(prefix, n, 6);
}

async function seed() {
  const started = performance.now();
  for (let i = 0; i < CANDIDATES; i += 1000) {
    await registrationDb.collection('candidates').insertMany(Array.from({ length: Math.min(1000, CANDIDATES - i) }, (_, j) => candidate(i + j)));
  }
  out(`seeded ${CANDIDATES} candidates (${SCHOOLS} schools, ${DISTRICTS.length} districts x ${TALUKAS.length} talukas) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The centres' spreadsheet (docs/exam-operations.md): one line per room, three sittings a centre. */
function centresCsv() {
  const sittings = 'Mains|Prime|2027-01-17|10:30|09:45,Mains|Sec|2027-01-17|13:00|12:15,Mains|High|2027-01-17|15:30|14:45';
  const lines = ['code,name,address,district,taluka,contact,room,capacity,sittings'];
  for (let c = 0; c < CENTRES; c++) {
    const district = DISTRICTS[c % DISTRICTS.length];
    const taluka = talukaOf(district, Math.floor(c / DISTRICTS.length) % (TALUKAS.length - 1));
    const centreCode = `MH${String(c + 1).padStart(3, '0')}`;
    for (let r = 1; r <= ROOMS; r++) {
      lines.push(`${centreCode},${district} Centre ${c + 1},"Zilla Parishad School, ${taluka}, ${district}",${district},${taluka},9876543210,R${String(r).padStart(2, '0')},${ROOM_SEATS},"${sittings}"`);
    }
  }
  return `${lines.join('\n')}\n`;
}

const registration = `http://127.0.0.1:${PORTS.registration}`;
const exams = `http://127.0.0.1:${PORTS.exams}`;
const median = (values) => percentile(values, 50);
const seconds = (value) => `${(value / 1000).toFixed(2)} s`;
const token = adminToken();
const admin = () => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

async function call(url, init = {}) {
  const response = await fetch(url, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** The whole seating feed, as exams-service reads it (pages of 2,000, parsed): the candidates and the ms. */
async function readFeed() {
  const t0 = performance.now();
  const all = [];
  let after = null;
  do {
    const query = new URLSearchParams({ limit: '2000', ...(after ? { after } : {}) });
    const page = (await call(`${registration}/internal/candidates/seating?${query}`, { headers: { 'x-internal-token': env.INTERNAL_API_TOKEN } })).data;
    all.push(...page.candidates);
    after = page.next;
  } while (after);
  return { candidates: all, ms: performance.now() - t0 };
}

/** Starts an allocation and polls it until it ends: the job, the ms it took here and there, and its progress as seen. */
async function allocation(body) {
  const t0 = performance.now();
  let job = (await call(`${exams}/api/admin/seat-allocation`, { method: 'POST', headers: admin(), body: JSON.stringify({ level: 'Mains', ...body }) })).data;
  const timeline = [];
  while (job.status !== 'completed' && job.status !== 'failed') {
    await new Promise((r) => setTimeout(r, POLL_MS));
    job = (await call(`${exams}/api/admin/seat-allocation/${job.id}`, { headers: admin() })).data;
    timeline.push({ ms: performance.now() - t0, status: job.status, total: job.total, processed: job.processed });
  }
  return { job, ms: performance.now() - t0, serverMs: Date.parse(job.finishedAt) - Date.parse(job.createdAt), timeline };
}

/** An allocation that must complete (dry runs, re-runs). */
async function completed(body) {
  const result = await allocation(body);
  if (result.job.status !== 'completed') throw new Error(`seat allocation ${result.job.id} ${result.job.status}: ${result.job.error}`);
  return result;
}

/**
 * Where a real allocation's time went, from its progress: the report (total) is stored once the
 * seats are; `processed` then grows a batch of 1,000 at a time as registration-service takes them.
 */
function phases(result) {
  const reported = result.timeline.find((point) => point.total > 0);
  const steps = [];
  let last = null;
  for (const point of result.timeline) {
    if (point.total > 0 && point.processed !== last?.processed) {
      steps.push(point);
      last = point;
    }
  }
  const perBatch = steps.slice(1).map((point, k) => (point.ms - steps[k].ms) / Math.max(1, (point.processed - steps[k].processed) / 1000));
  return { reportedMs: reported?.ms ?? NaN, handOverMs: result.ms - (reported?.ms ?? NaN), steps, perBatch };
}

function printPhases(label, result) {
  const { reportedMs, handOverMs, steps, perBatch } = phases(result);
  out(`${label}: ${result.job.status} after ${seconds(result.ms)}${result.job.error ? ` (${result.job.error})` : ''}; feed read, plan and seats stored after ${seconds(reportedMs)}, ` +
    `then the hand-over ${seconds(handOverMs)}; processed ${result.job.processed} of ${result.job.total}` +
    (perBatch.length ? `; ${seconds(median(perBatch))} per 1,000 seats (median of ${perBatch.length} steps)` : ''));
  out(`  progress (s: processed): ${steps.map((point) => `${(point.ms / 1000).toFixed(1)}: ${point.processed}`).join(', ')}`);
}

/** BENCH_PROFILE: each service's database statements since the last call (bench/mongo-command-log.cjs). */
async function commandCounts(children) {
  if (!PROFILE) return null;
  for (const child of Object.values(children)) child.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 500));
  return Object.fromEntries(Object.keys(children).map((service) => [service, JSON.parse(readFileSync(commandLog(service), 'utf8'))]));
}

/** Like the support's waitUntilHealthy, with longer: registration-service reads 20,000 candidates (and builds its indexes over them) before it answers. */
async function waitUntilHealthy(url, timeoutMs = 300_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not become healthy within ${timeoutMs / 1000} s`);
}

/** allocate-seats.bench.ts: the engine alone, in its own process (its median of SEAT_RUNS, ms). */
function engineAlone() {
  const run = spawnSync(process.execPath, ['-r', './tools/test/ts-register.cjs', 'apps/exams-service/src/app/allocation/allocate-seats.bench.ts'], {
    cwd: repoRoot, env: { ...process.env, SEAT_CANDIDATES: String(CANDIDATES), SEAT_CENTRES: String(CENTRES), SEAT_ROOMS: String(ROOMS), SEAT_RUNS: '3' }, encoding: 'utf8',
  });
  const found = run.stdout.match(/median (\d+) ms of (\d+) runs/);
  if (!found) {
    out(`engine bench did not run: ${run.stderr.slice(0, 300)}`);
    return null;
  }
  out(`engine alone: ${run.stdout.trim()}`);
  return { ms: Number(found[1]), runs: Number(found[2]) };
}

buildProjects(['registration-service', 'exams-service']);
await seed();
const started = performance.now();
const nodeArgs = PROFILE ? ['--require', join(repoRoot, 'bench/mongo-command-log.cjs')] : [];
const services = {
  registration: startBuiltService('registration-service', PORTS.registration, { ...env, BENCH_COMMAND_LOG: commandLog('registration'), ...(PROFILE ? { BENCH_COMMAND_SUMMARY: commandSummary('registration') } : {}) }, nodeArgs),
  exams: startBuiltService('exams-service', PORTS.exams, { ...env, BENCH_COMMAND_LOG: commandLog('exams'), ...(PROFILE ? { BENCH_COMMAND_SUMMARY: commandSummary('exams') } : {}) }, nodeArgs),
};
try {
  await waitUntilHealthy(`${registration}/api/health/registration-service`);
  await waitUntilHealthy(`${exams}/api/health/exams-service`);
  out(`both services healthy ${seconds(performance.now() - started)} after start (the directory reads ${CANDIDATES} candidates)`);

  // The centres, as the admin team imports them: the check, the import, and the same file again.
  const csv = centresCsv();
  const imports = {};
  for (const [step, dryRun] of [['check', true], ['import', false], ['again', false]]) {
    const t0 = performance.now();
    const result = (await call(`${exams}/api/admin/centres/import`, { method: 'POST', headers: admin(), body: JSON.stringify({ csv, dryRun }) })).data;
    imports[step] = { ms: performance.now() - t0, result };
    if (result.invalid !== 0 || (step !== 'again' ? result.created : result.unchanged) !== CENTRES) throw new Error(`centre import (${step}): ${JSON.stringify(result).slice(0, 400)}`);
  }
  out(`centres: ${CENTRES} x ${ROOMS} rooms of ${ROOM_SEATS}, 3 sittings each; the CSV ${csv.split('\n').length - 2} lines, ${(csv.length / 1024).toFixed(0)} KB`);

  const engine = engineAlone();
  const feeds = [];
  const warm = await readFeed(); // the first read pays the page views' sort
  if (warm.candidates.length !== CANDIDATES) throw new Error(`the feed shows ${warm.candidates.length} candidates`);
  out(`feed: first read ${seconds(warm.ms)}`);

  const dryRuns = [];
  for (let run = 0; run < DRY_RUNS; run++) {
    feeds.push((await readFeed()).ms);
    const result = await completed({ dryRun: true });
    if (result.job.seated !== CANDIDATES || result.job.unseated.count !== 0) throw new Error(`dry run: ${JSON.stringify({ ...result.job, rooms: undefined, unseated: { count: result.job.unseated.count, items: result.job.unseated.items.slice(0, 3) } })}`);
    dryRuns.push(result);
    out(`feed read ${seconds(feeds.at(-1))}; dry run ${run + 1}: ${seconds(result.ms)} (job ${seconds(result.serverMs)})`);
  }

  // The real allocation. A failed run is run again, as an admin would (it hands over whatever
  // registration-service does not show yet): each attempt is reported, and the whole.
  await commandCounts(services);
  const attempts = [];
  for (let attempt = 1; attempt <= ALLOCATE_ATTEMPTS; attempt++) {
    const result = await allocation({});
    attempts.push(result);
    printPhases(`allocate, attempt ${attempt}`, result);
    if (result.job.status === 'completed') break;
  }
  const allocateCommands = await commandCounts(services);
  const allocate = attempts.at(-1);
  if (allocate.job.status !== 'completed') throw new Error(`allocate: ${ALLOCATE_ATTEMPTS} attempts failed`);
  const first = attempts[0].job;
  if (first.seated !== CANDIDATES) throw new Error(`allocate: ${JSON.stringify({ ...first, rooms: undefined })}`);
  if (allocateCommands) {
    for (const [service, counts] of Object.entries(allocateCommands)) {
      out(`  ${service}-service statements during the allocation (statements / documents / total ms):`);
      for (const [key, { statements, documents, ms }] of Object.entries(counts).sort((a, b) => b[1].ms - a[1].ms).slice(0, 10)) {
        out(`    ${key.padEnd(42)} ${String(statements).padStart(6)} / ${String(documents).padStart(6)} / ${ms.toFixed(0).padStart(7)}`);
      }
    }
  }

  const reruns = [];
  for (let run = 0; run < RERUNS; run++) {
    feeds.push((await readFeed()).ms);
    const result = await completed({});
    if (result.job.seated !== 0 || result.job.kept.allocated !== CANDIDATES) throw new Error(`re-run: ${JSON.stringify({ ...result.job, rooms: undefined })}`);
    reruns.push(result);
    out(`feed read ${seconds(feeds.at(-1))}; re-run ${run + 1}: ${seconds(result.ms)} (job ${seconds(result.serverMs)})`);
  }

  const feed = median(feeds);
  out('');
  out(`${CANDIDATES} paid, consented Mains candidates; ${CENTRES} centres x ${ROOMS} rooms x ${ROOM_SEATS} seats, 3 sittings (one per category)`);
  out('| step | runs | median (client) | median (job createdAt to finishedAt) | median / feed read |');
  out('| --- | ---: | ---: | ---: | ---: |');
  const line = (label, values, serverValues) => out(`| ${label} | ${values.length} | ${seconds(median(values))} | ${serverValues ? seconds(median(serverValues)) : ''} | ${(median(values) / feed).toFixed(2)} |`);
  line(`feed read: GET /internal/candidates/seating, ${Math.ceil(CANDIDATES / 2000)} pages of 2,000 (bare baseline)`, feeds);
  if (engine) out(`| engine alone: allocateSeats in its own process (allocate-seats.bench.ts) | ${engine.runs} | ${seconds(engine.ms)} | | ${(engine.ms / feed).toFixed(2)} |`);
  line('centre import: check (dryRun)', [imports.check.ms]);
  line(`centre import: import (${CENTRES} created)`, [imports.import.ms]);
  line(`centre import: the same file again (${CENTRES} unchanged)`, [imports.again.ms]);
  line('dry run: POST until completed', dryRuns.map((r) => r.ms), dryRuns.map((r) => r.serverMs));
  for (const [k, attempt] of attempts.entries()) {
    line(`allocate${attempts.length > 1 ? `, attempt ${k + 1} (${attempt.job.status}, ${attempt.job.processed} processed)` : ''}: POST until ${attempt.job.status}`, [attempt.ms], [attempt.serverMs]);
  }
  if (attempts.length > 1) line(`allocate: every attempt together (${CANDIDATES} seats stored and handed over)`, [attempts.reduce((sum, a) => sum + a.ms, 0)]);
  line('re-run: nothing new to seat', reruns.map((r) => r.ms), reruns.map((r) => r.serverMs));
  out('');

  // Correct? The feed shows every candidate's roll number, each once; no room of the report holds more than its seats.
  const seated = (await readFeed()).candidates;
  const rolls = seated.map((c) => c.rollNumber).filter((roll) => roll !== null);
  const distinct = new Set(rolls).size;
  const wellFormed = rolls.filter((roll) => ROLL_NUMBER.test(roll)).length;
  const copied = seated.filter((c) => c.rollNumber !== null && c.seatNumber === c.rollNumber).length;
  const over = first.rooms.filter((room) => room.used > room.capacity);
  const used = first.rooms.reduce((sum, room) => sum + room.used, 0);
  const stored = await examsDb.collection('seats').countDocuments({ level: 'Mains' });
  out('');
  out(`check: the feed shows ${rolls.length} roll numbers of ${seated.length} candidates, ${distinct} distinct, ${wellFormed} well formed, ${copied} copied to seatNumber; ` +
    `exams-service stores ${stored} seats; the job's report: ${first.rooms.length} rooms of sittings, ${used} seats used, ${over.length} over capacity`);
  const ok = rolls.length === CANDIDATES && distinct === CANDIDATES && wellFormed === CANDIDATES && copied === CANDIDATES && stored === CANDIDATES && used === CANDIDATES && over.length === 0;
  out(ok ? 'check: OK' : 'check: FAILED');
  if (!ok) process.exitCode = 1;
} finally {
  for (const service of Object.values(services)) service.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1_000));
  await registrationDb.dropDatabase().catch(() => undefined);
  await examsDb.dropDatabase().catch(() => undefined);
  await mongo.close();
}
