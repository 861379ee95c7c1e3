#!/usr/bin/env node
// A level's results at the competition's size (docs/results.md): BENCH_CANDIDATES (20,000) Mains
// seats (Prime / Sec / High in turn, 200 a centre, some marked absent by the rooms' attendance)
// seeded straight into built exams-service's database, and registration-service played by this
// process (its seating feed, and a results hand-over that answers at once), so the figures are
// exams-service's own share. Then:
//   check     POST /api/admin/results/import { dryRun: true } (BENCH_RUNS, 5): read and checked, nothing stored
//   import    the real import, then BENCH_RUNS - 1 replacements by a file one score apart (replace: true)
//   again     the same file again (unchanged: nothing read but the level's record)
//   publish   POST /api/admin/results/publish (200 when it ends within 5 s, else 202), the summary polled until it ends
//             (its startedAt to finishedAt): 250 results a call to the stand-in; withdrawn between runs
// Medians per step, and a check: every candidate ranked once, ranks and the qualified as the summary says.
//   node bench/results-import.mjs     (BENCH_SKIP_BUILD=1 reuses dist/)
import { createServer } from 'node:http';
import { createPrivateKey, generateKeyPairSync, randomBytes, randomUUID, sign } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { benchServiceEnv, buildProjects, out, percentile, startBuiltService, waitUntilHealthy } from './service-bench.support.mjs';

const { MongoClient } = await import('mongodb');

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 20_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const PORTS = { registration: 3188, exams: 3189 };
const CATEGORIES = ['Prime', 'Sec', 'High'];
const SEATS_A_CENTRE = 200;
/** As an admin screen would poll the summary during a publication. */
const POLL_MS = 250;

// Admin tokens: our own key pair, the public half given to exams-service, a token signed as admin-service does.
const kid = 'bench-results';
const { privateKey, publicKey } = generateKeyPairSync('ed25519');
function adminToken() {
  const now = Math.floor(Date.now() / 1000);
  const encode = (value) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const input = `${encode({ alg: 'EdDSA', typ: 'JWT', kid })}.${encode({ iss: 'kbe-admin-service', aud: 'kbe', sub: 'bench-admin', role: 'admin', jti: randomUUID(), iat: now, exp: now + 4 * 3600 })}`;
  return `${input}.${sign(null, Buffer.from(input), createPrivateKey({ key: privateKey.export({ format: 'jwk' }), format: 'jwk' })).toString('base64url')}`;
}

const id = `bench-results-${randomBytes(3).toString('hex')}`;
const env = benchServiceEnv(id, {
  JWT_PUBLIC_KEYS: JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid }] }),
  ADMIN_SERVICE_URL: undefined,
  EDITION_YEAR: '2026',
  REGISTRATION_SERVICE_URL: `http://127.0.0.1:${PORTS.registration}`,
});
const mongo = await new MongoClient(env.MONGODB_URI).connect();
const examsDb = mongo.db(`${id}-exams`);

const codeOf = (i) => `KBE${String(100000 + i).padStart(6, '0')}RES`;
const rollOf = (i) => `M-21-${String(Math.floor(i / SEATS_A_CENTRE) + 1).padStart(3, '0')}-${String((i % SEATS_A_CENTRE) + 1).padStart(4, '0')}-0`;
/** One in twenty missed the paper, as the rooms' attendance recorded. */
const absentOf = (i) => i % 20 === 7;
const candidates = Array.from({ length: CANDIDATES }, (_, i) => ({
  candidateCode: codeOf(i), level: 'Mains', category: CATEGORIES[i % 3], district: 'Nashik', taluka: 'Niphad', schoolCode: `SCH-S${String(i % 300).padStart(5, '0')}`,
  feesPaid: true, consent: 'given', hallTicketReleased: true, seatNumber: rollOf(i), rollNumber: rollOf(i),
}));

// registration-service as its contract states it: the seating feed, and a results hand-over taking everything at once
let handedOver = 0;
const registration = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const url = new URL(req.url ?? '/', 'http://x');
    const answer = (status, data) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(data));
    if (url.pathname === '/internal/candidates/seating') {
      const after = url.searchParams.get('after');
      const limit = Number(url.searchParams.get('limit') ?? 500);
      const from = after ? candidates.findIndex((c) => c.candidateCode > after) : 0;
      const page = from < 0 ? [] : candidates.slice(from, from + limit);
      return answer(200, { success: true, data: { candidates: page, next: page.length === limit ? page.at(-1).candidateCode : null } });
    }
    if (url.pathname === '/internal/candidates/results') {
      const { results } = JSON.parse(body);
      handedOver += results.length;
      return answer(200, { success: true, data: { outcomes: results.map((r) => ({ candidateCode: r.candidateCode, outcome: 'published' })) } });
    }
    if (url.pathname === '/internal/candidates/results/withdrawal') return answer(200, { success: true, data: { withdrawn: CANDIDATES } });
    return answer(404, { message: 'Not found' });
  });
});

/** The OMR sheet: a score in halves (spread over 0..100, many ties), or absent as the attendance says; `shift` moves one score. */
function resultsCsv(shift) {
  const lines = ['roll number,score,absent'];
  for (let i = 0; i < CANDIDATES; i++) lines.push(absentOf(i) ? `${rollOf(i)},,yes` : `${rollOf(i)},${i === 0 ? shift : ((i * 37) % 201) / 2},no`);
  return `${lines.join('\n')}\n`;
}

const exams = `http://127.0.0.1:${PORTS.exams}`;
const token = adminToken();
const admin = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const median = (values) => percentile(values, 50);
const seconds = (value) => `${(value / 1000).toFixed(2)} s`;
async function timed(path, body) {
  const t0 = performance.now();
  const response = await fetch(`${exams}${path}`, { method: 'POST', headers: admin, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text.slice(0, 300)}`);
  return { ms: performance.now() - t0, data: JSON.parse(text).data };
}

buildProjects(['exams-service']);
await new Promise((resolve) => registration.listen(PORTS.registration, '127.0.0.1', resolve));
let service;
try {
  const t0 = performance.now();
  for (let i = 0; i < CANDIDATES; i += 1000) {
    await examsDb.collection('seats').insertMany(
      candidates.slice(i, i + 1000).map((c, j) => ({
        _id: `Mains:${c.candidateCode}`, candidateCode: c.candidateCode, level: 'Mains', centreCode: `MH${String(Math.floor((i + j) / SEATS_A_CENTRE) + 1).padStart(3, '0')}`,
        room: 'R01', seatInRoom: ((i + j) % SEATS_A_CENTRE) + 1, date: '2027-01-17', startTime: '10:30', reportingTime: '09:45', sequence: ((i + j) % SEATS_A_CENTRE) + 1,
        rollNumber: c.rollNumber, jobId: 'bench', allocatedAt: new Date(), absent: absentOf(i + j), attendanceRecordedAt: new Date(),
      })),
    );
  }
  out(`seeded ${CANDIDATES} Mains seats in ${seconds(performance.now() - t0)}`);
  service = startBuiltService('exams-service', PORTS.exams, env);
  await waitUntilHealthy(`${exams}/api/health/exams-service`);

  const checks = [];
  const imports = [];
  const publishes = [];
  for (let run = 0; run < RUNS; run++) {
    const check = await timed('/api/admin/results/import', { level: 'Mains', csv: resultsCsv(run), dryRun: true, replace: run > 0 });
    if (check.data.problems.length > 0) throw new Error(`check: ${JSON.stringify(check.data.problems.slice(0, 5))}`);
    checks.push(check.ms);
    const stored = await timed('/api/admin/results/import', { level: 'Mains', csv: resultsCsv(run), replace: run > 0 });
    if (!stored.data.stored) throw new Error(`import: ${JSON.stringify(stored.data)}`);
    imports.push(stored.ms);
    out(`run ${run + 1}: check ${seconds(check.ms)}, import ${seconds(stored.ms)}`);
  }
  const again = await timed('/api/admin/results/import', { level: 'Mains', csv: resultsCsv(RUNS - 1) });
  if (!again.data.unchanged) throw new Error(`again: ${JSON.stringify(again.data)}`);
  for (let run = 0; run < RUNS; run++) {
    handedOver = 0;
    const started = await timed('/api/admin/results/publish', { level: 'Mains' });
    let level = started.data;
    while (!level.publication?.finishedAt) {
      await new Promise((r) => setTimeout(r, POLL_MS));
      level = (await (await fetch(`${exams}/api/admin/results/Mains`, { headers: admin })).json()).data;
    }
    const ms = Date.parse(level.publication.finishedAt) - Date.parse(level.publication.startedAt);
    if (level.status !== 'published' || handedOver !== CANDIDATES) throw new Error(`publish handed over ${handedOver} of ${CANDIDATES}: ${JSON.stringify(level.publication)}`);
    publishes.push(ms);
    out(`run ${run + 1}: publish answered in ${seconds(started.ms)}, published in ${seconds(ms)}`);
    await timed('/api/admin/results/withdraw', { level: 'Mains' });
  }

  out('');
  out(`${CANDIDATES} Mains candidates, ${CANDIDATES / SEATS_A_CENTRE} centres; registration-service played by the benchmark (answers at once)`);
  out('| step | runs | median |');
  out('| --- | ---: | ---: |');
  out(`| check (dryRun): read and checked | ${checks.length} | ${seconds(median(checks))} |`);
  out(`| import (the first, then replacements) | ${imports.length} | ${seconds(median(imports))} |`);
  out(`| the same file again (unchanged) | 1 | ${seconds(again.ms)} |`);
  out(`| publish: ${Math.ceil(CANDIDATES / 250)} calls of 250 (startedAt to finishedAt) | ${publishes.length} | ${seconds(median(publishes))} |`);

  // Correct? Every candidate stored once; the summary's counts are the rows'.
  const summary = (await (await fetch(`${exams}/api/admin/results/Mains`, { headers: admin })).json()).data;
  const rows = await examsDb.collection('results').countDocuments({ level: 'Mains' });
  const qualified = await examsDb.collection('results').countDocuments({ level: 'Mains', qualified: true });
  const sat = summary.categories.reduce((sum, c) => sum + c.sat, 0);
  const summed = summary.categories.reduce((sum, c) => sum + c.qualified, 0);
  const ok = rows === CANDIDATES && sat === CANDIDATES - candidates.filter((_, i) => absentOf(i)).length && summed === qualified;
  out(`check: ${rows} results stored, ${sat} sat, ${qualified} qualified (summary: ${summed}): ${ok ? 'OK' : 'FAILED'}`);
  if (!ok) process.exitCode = 1;
} finally {
  service?.kill('SIGTERM');
  registration.close();
  await new Promise((r) => setTimeout(r, 1_000));
  await examsDb.dropDatabase().catch(() => undefined);
  await mongo.close();
}
