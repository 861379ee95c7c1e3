// Release-day benchmark: hall ticket downloads from three shared client addresses at once, one of
// which also enumerates codes and guesses one candidate's mother's name, against documents-service
// with its default download limits (docs/security.md, "Download gate and rate limits: threat model").
//   flock /tmp/kbe-servers.lock node bench/release-day.mjs
//   BENCH_CANDIDATES=2000 BENCH_CLIENTS_PER_ADDRESS=2 BENCH_ATTACK_CLIENTS=8 BENCH_UNKNOWN=200 BENCH_WRONG=50 BENCH_SKIP_BUILD=1
//   DOWNLOAD_ADDRESS_* (e.g. DOWNLOAD_ADDRESS_LOCK_AFTER=150) replace the defaults, to see the refusals too
// It builds and starts registration-service and documents-service on private ports, databases,
// topics and buckets (the real servers of `node tools/infra/cli.mjs up`), documents-service with
// TRUSTED_PROXY_HOPS=1 (the edge) and LOG_LEVEL=info (production's, so its attempt log says which
// answers it slowed), registers BENCH_CANDIDATES candidates, releases their hall tickets and waits
// until the render-ahead has cached them all. Then, at once:
//   - three addresses (X-Forwarded-For, as the edge appends it) download every candidate's hall
//     ticket once with the right mother's name, candidates split between them, each address with
//     BENCH_CLIENTS_PER_ADDRESS clients back to back;
//   - the third address also sends BENCH_UNKNOWN unknown codes and BENCH_WRONG wrong names of one
//     candidate (left out of the downloads) from BENCH_ATTACK_CLIENTS clients.
// Prints downloads/s and p50/p95 of the right-name downloads (all of them, and the third address's),
// the answers to the enumeration (404, slowed, 429), the attacked candidate's answers, and fails
// (exit code 1) when a right-name download is not a PDF or anything answers 5xx.
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import {
  benchCandidateForm,
  benchMentor,
  benchSchool,
  benchServiceEnv,
  buildProjects,
  json,
  out,
  percentile,
  repoRoot,
  startBuiltService,
  waitUntilHealthy,
} from './service-bench.support.mjs';

const sharp = (await import('sharp')).default;

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 2000);
const CLIENTS_PER_ADDRESS = Number(process.env.BENCH_CLIENTS_PER_ADDRESS ?? 2);
const ATTACK_CLIENTS = Number(process.env.BENCH_ATTACK_CLIENTS ?? 8);
const UNKNOWN = Number(process.env.BENCH_UNKNOWN ?? 200);
const WRONG = Number(process.env.BENCH_WRONG ?? 50);
const REGISTER_CONCURRENCY = 4;
const PORTS = { registration: 3196, documents: 3197 };
/** A school lab, a cyber café, a mobile carrier's CGNAT address (the attack comes from the last). */
const ADDRESSES = ['203.0.113.60', '198.51.100.25', '100.64.12.34'];
const MOTHER_NAME = 'Meena Patil';
const DOCUMENTS_LOG = join(repoRoot, '.kbe/logs/bench-documents-service.log');
const ms = (value) => `${value.toFixed(1)} ms`;

function startServices() {
  const id = `benchrd${Date.now().toString(36)}`;
  const env = benchServiceEnv(id, {
    DOCUMENT_SIGNING_SECRET: randomBytes(32).toString('hex'),
    REGISTRATION_SERVICE_URL: `http://127.0.0.1:${PORTS.registration}`,
  });
  const children = [
    startBuiltService('registration-service', PORTS.registration, env),
    // Behind one proxy (the edge): the client address is the last X-Forwarded-For entry.
    startBuiltService('documents-service', PORTS.documents, { ...env, TRUSTED_PROXY_HOPS: '1', LOG_LEVEL: 'info' }),
  ];
  return { env, children };
}

/** Runs `task(i)` for every i < count with `concurrency` workers. */
async function pool(count, concurrency, task) {
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) await task(next++);
  }));
}

async function registerCandidates(env) {
  const base = `http://127.0.0.1:${PORTS.registration}`;
  const post = (path, body) => json(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const school = await post('/api/schools/register', benchSchool({ schoolName: 'Nashik Model School', udiseCode: `27${Date.now().toString().slice(-9)}` }));
  const mentor = await post('/api/mentors/register', benchMentor(school.schoolCode));
  const photo = await sharp({ create: { width: 360, height: 450, channels: 3, background: '#4466aa' } }).jpeg({ quality: 85 }).toBuffer();
  const signature = await sharp({ create: { width: 400, height: 120, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
  const headers = { 'content-type': 'application/json', 'x-internal-token': env.INTERNAL_API_TOKEN };
  const codes = new Array(CANDIDATES);
  let done = 0;
  await pool(CANDIDATES, REGISTER_CONCURRENCY, async (i) => {
    const form = benchCandidateForm({ mentorCode: mentor.mentorCode, fullName: `Aarav Patil ${i}`, phoneNumber: `98${String(10_000_000 + i)}`, photo, signature });
    const { candidateCode } = await json(`${base}/api/candidates/register`, { method: 'POST', body: form });
    await json(`${base}/internal/candidates/${candidateCode}/fees-paid`, { method: 'PATCH', headers, body: JSON.stringify({ feesPaid: true }) });
    await json(`${base}/internal/candidates/${candidateCode}/hall-ticket`, { method: 'PATCH', headers, body: JSON.stringify({ hallTicketReleased: true }) });
    codes[i] = candidateCode;
    if (++done % 500 === 0) out(`  ${done} registered and released`);
  });
  return codes;
}

/** Waits until the render-ahead of each release event has put the candidate's hall ticket in the MinIO cache. */
async function waitForRenderAhead(env, codes) {
  const { Client } = await import('minio');
  const url = new URL(env.MINIO_ENDPOINT);
  const minio = new Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: env.MINIO_ACCESS_KEY, secretKey: env.MINIO_SECRET_KEY });
  const cached = async (code) => {
    const objects = await minio.listObjectsV2(`${env.MINIO_BUCKET_PREFIX}documents`, `${code}/hall-ticket/`, true).toArray().catch(() => []);
    return objects.length > 0;
  };
  const deadline = Date.now() + 30 * 60_000;
  for (const [i, code] of codes.entries()) {
    while (!(await cached(code))) {
      if (Date.now() > deadline) throw new Error(`the render-ahead of ${code} did not happen within 30 minutes`);
      await new Promise((r) => setTimeout(r, 500));
    }
    if ((i + 1) % 500 === 0) out(`  ${i + 1} rendered ahead`);
  }
}

/** One download from `address`: its status, latency and whether the answer was a PDF. */
async function download(code, motherName, address) {
  const started = performance.now();
  const res = await fetch(`http://127.0.0.1:${PORTS.documents}/api/candidates/${code}/download/hall-ticket`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ motherName }),
  });
  const body = Buffer.from(await res.arrayBuffer());
  return { status: res.status, ms: performance.now() - started, pdf: body.subarray(0, 4).toString() === '%PDF', retryAfter: res.headers.get('retry-after') };
}

/** A code in the right format that nobody has (the digits are out of this run's range of epoch milliseconds). */
const unknownCode = (i) => `KBE${String(i).padStart(6, '0')}ZZZ`;

/** What documents-service logged since `offset` (its attempt log: which answers it slowed). */
function logSince(offset) {
  const size = statSync(DOCUMENTS_LOG).size;
  const buffer = Buffer.alloc(size - offset);
  const fd = openSync(DOCUMENTS_LOG, 'r');
  try {
    readSync(fd, buffer, 0, buffer.length, offset);
  } finally {
    closeSync(fd);
  }
  return buffer.toString('utf8');
}

const count = (answers, predicate) => answers.filter(predicate).length;
/** '200 x666, 429 x45': how many answers had each status. */
function histogram(answers) {
  const counts = new Map();
  for (const { status } of answers) counts.set(status, (counts.get(status) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${status} x${n}`).join(', ');
}

buildProjects(['registration-service', 'documents-service']);
const { env, children } = startServices();
try {
  await waitUntilHealthy(`http://127.0.0.1:${PORTS.registration}/api/health/registration-service`);
  await waitUntilHealthy(`http://127.0.0.1:${PORTS.documents}/api/health/documents-service`);
  out(`registering ${CANDIDATES} candidates and releasing their hall tickets ...`);
  const codes = await registerCandidates(env);
  out('waiting for the render-ahead of every hall ticket ...');
  await waitForRenderAhead(env, codes);
  const victim = codes.pop();
  const logOffset = statSync(DOCUMENTS_LOG).size;

  // Right names, candidates split between the three addresses; the attack from the third at the same time.
  const downloads = ADDRESSES.map(() => []);
  const walls = [];
  const downloadsDone = Promise.all(ADDRESSES.map(async (address, a) => {
    const mine = codes.filter((_, i) => i % ADDRESSES.length === a);
    const started = performance.now();
    await pool(mine.length, CLIENTS_PER_ADDRESS, async (i) => downloads[a].push(await download(mine[i], MOTHER_NAME, address)));
    walls[a] = (performance.now() - started) / 1000;
  }));
  const attacker = ADDRESSES[ADDRESSES.length - 1];
  const wrong = [];
  const unknown = [];
  const attackStarted = performance.now();
  const attackDone = (async () => {
    // The wrong names first (one client: a person retyping), the unknown codes alongside.
    const guesses = (async () => {
      for (let i = 0; i < WRONG; i++) wrong.push(await download(victim, `Wrong Name ${i}`, attacker));
    })();
    await pool(UNKNOWN, ATTACK_CLIENTS, async (i) => unknown.push(await download(unknownCode(i), 'Guess', attacker)));
    await guesses;
  })();
  await Promise.all([downloadsDone, attackDone]);
  const attackSeconds = (performance.now() - attackStarted) / 1000;
  const afterwards = await download(victim, MOTHER_NAME, ADDRESSES[0]);
  const log = logSince(logOffset);
  const slowed = (log.match(/outcome=(unknown-code|name-mismatch) slowed=/g) ?? []).length;

  const all = downloads.flat();
  const seconds = Math.max(...walls);
  const fivexx = [...all, ...wrong, ...unknown, afterwards].filter((answer) => answer.status >= 500);
  const failedDownloads = count(all, (answer) => answer.status !== 200 || !answer.pdf);
  const latencies = (answers) => answers.map((answer) => answer.ms);
  out('');
  out(`release-day benchmark: ${all.length} right-name downloads of cached hall tickets from ${ADDRESSES.length} addresses (${CLIENTS_PER_ADDRESS} clients each), the last one also sending ${UNKNOWN} unknown codes (${ATTACK_CLIENTS} clients) and ${WRONG} wrong names of one candidate; default download limits`);
  out(`  downloads                 : ${(all.length / seconds).toFixed(1)} downloads/s   p50 ${ms(percentile(latencies(all), 50))}   p95 ${ms(percentile(latencies(all), 95))}   not a PDF: ${failedDownloads}`);
  for (const [a, address] of ADDRESSES.entries()) {
    out(`    from ${address.padEnd(14)}: ${(downloads[a].length / walls[a]).toFixed(1)} downloads/s   p95 ${ms(percentile(latencies(downloads[a]), 95))}   ${histogram(downloads[a])}`);
  }
  out(`  unknown codes             : ${histogram(unknown)}; slowed (attempt log) ${slowed}, refused 429 ${count(unknown, (answer) => answer.status === 429)}; ${attackSeconds.toFixed(1)} s for the attack`);
  out(`  wrong names of one candidate: ${histogram(wrong)}; then its right name from another address: ${afterwards.status}${afterwards.retryAfter ? ` (Retry-After ${afterwards.retryAfter})` : ''}`);
  out(`  5xx answers               : ${fivexx.length}`);
  process.exitCode = fivexx.length === 0 && failedDownloads === 0 && afterwards.status === 429 ? 0 : 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
}
