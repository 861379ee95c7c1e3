// Documents benchmark: how fast documents-service turns candidates into PDFs, against the bare
// Chromium it drives, in one run on this machine.
//   flock /tmp/kbe-servers.lock node bench/documents.mjs
//   BENCH_CANDIDATES=30 BENCH_CONCURRENCY=2 BENCH_NAIVE=6 BENCH_CACHED=400 BENCH_CACHED_CONCURRENCY=4 BENCH_SKIP_BUILD=1
//   BENCH_LOG_LEVEL=info (the services' log level; warn by default, info in production)
// It builds and starts registration-service and documents-service on private ports, databases,
// topics and buckets (the real servers of `node tools/infra/cli.mjs up`), registers candidates
// with photo and signature, releases their hall tickets, then measures:
//   cold      first download of each candidate (a render) through the service: PDFs/s, p50, p95
//   cached    the same downloads again: downloads/s, p95, twice: from the in-memory copy of the
//             process that rendered them (a repeat download), then from MinIO after restarting
//             documents-service with a memory cache smaller than the candidates cycled through
//             (what most candidates get: the replica they reach did not render their PDF)
//   limit     the same HTML with a bare warm page.pdf() on reused pages (as many as the service's pool)
//   naive     the same HTML with a browser launched per PDF
//   floor     one FerretDB read by _id at the cached downloads' concurrency: what a download paid
//             for its lock check before the replicas knew the locks from download-attempts.changed
//   bare      the same POST and the same PDF bytes from a bare node:http server in its own process,
//             with the same client and concurrency: what the bench client, loopback and the
//             machine's load cost without any service (the cached lines are compared with it)
// The cached and bare lines are measured by bench/http-load.go (Go's standard library, built here
// with `go build`), a client that costs the 2 shared cores far less CPU than a Node client.
// and prints the ratios cold/limit and cold/naive. Targets: >= 0.8x, >= 10x, cached p95 <= 20 ms.
// Profiling the cached downloads: BENCH_CPU_PROFILE_DIR=<dir> writes a CPU profile of
// documents-service for each cached phase there (bench/cpu-profile.cjs; summarise with
// bench/cpu-profile-summary.mjs); BENCH_PROFILE=1 prints the MongoDB statements and Kafka batches
// it sent per cached download (bench/mongo-command-log.cjs).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
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

const { chromium } = await import('playwright-core');
const sharp = (await import('sharp')).default;

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 30);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 2);
const POOL = Number(process.env.RENDER_POOL_SIZE ?? 2);
const NAIVE = Number(process.env.BENCH_NAIVE ?? 6);
const CACHED = Number(process.env.BENCH_CACHED ?? 400);
const CACHED_CONCURRENCY = Number(process.env.BENCH_CACHED_CONCURRENCY ?? 4);
const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'warn';
const WARM_UP = 40; // cached downloads before each measured phase (connections, JIT), not measured
const PORTS = { registration: 3191, documents: 3192, bare: 3193 };
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROFILE_DIR;
const COMMAND_PROFILE = process.env.BENCH_PROFILE === '1';
const COMMAND_LOG = join(tmpdir(), `bench-documents-commands-${process.pid}.json`);
const LOAD_GENERATOR = join(tmpdir(), `bench-documents-http-load-${process.pid}`);
const MOTHER_NAME = 'Meena Patil';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-sync', '--disable-background-networking', '--disable-component-update', '--disable-extensions', '--no-first-run', '--font-render-hinting=none'];
const ms = (value) => `${value.toFixed(1)} ms`;

/** Runs `task(i)` for i < count with `concurrency` workers; returns wall time and per-task latencies. */
async function measure(count, concurrency, task) {
  const latencies = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        await task(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: count / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

function startServices() {
  const id = `bench${Date.now().toString(36)}`;
  const env = benchServiceEnv(id, {
    BENCH_CPU_PROFILE_NAME: 'documents-service',
    BENCH_COMMAND_LOG: COMMAND_LOG,
    DOCUMENT_SIGNING_SECRET: randomBytes(32).toString('hex'),
    RENDER_POOL_SIZE: String(POOL),
    REGISTRATION_SERVICE_URL: `http://127.0.0.1:${PORTS.registration}`,
    // production logs at info (helm/kbe/values.yaml): two lines per download (the request, the attempt)
    LOG_LEVEL,
  });
  const children = [
    startBuiltService('registration-service', PORTS.registration, env),
    startBuiltService('documents-service', PORTS.documents, env, documentsNodeArgs()),
  ];
  return { env, children };
}

/** The profiling preloads of documents-service (BENCH_CPU_PROFILE_DIR, BENCH_PROFILE=1). */
function documentsNodeArgs() {
  const args = [];
  if (CPU_PROFILE_DIR) args.push('--require', join(repoRoot, 'bench/cpu-profile.cjs'));
  if (COMMAND_PROFILE) args.push('--require', join(repoRoot, 'bench/mongo-command-log.cjs'));
  return args;
}

/** CPU seconds a process has used (user + system), from /proc; null when it cannot be read. */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return null;
  }
}

/** The MinIO server process on this machine, when it is visible here (a shared server: others' requests count too). */
function minioPid() {
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'minio') return pid;
    } catch {
      // gone meanwhile
    }
  }
  return null;
}

/** CPU milliseconds per download that the service, the bench client and MinIO used during a phase. */
async function withCpuPerDownload(servicePid, count, run) {
  const minio = minioPid();
  const before = { service: cpuSeconds(servicePid), client: process.cpuUsage(), minio: minio && cpuSeconds(minio) };
  const result = await run();
  const perDownload = (seconds) => (seconds === null ? 'n/a' : `${((seconds * 1000) / count).toFixed(2)} ms`);
  const client = process.cpuUsage(before.client);
  const serviceAfter = cpuSeconds(servicePid);
  const minioAfter = minio && cpuSeconds(minio);
  result.cpu = {
    service: perDownload(serviceAfter === null || before.service === null ? null : serviceAfter - before.service),
    // the load generator's own count, plus this process (idle meanwhile)
    client: perDownload((result.clientCpuSeconds ?? 0) + (client.user + client.system) / 1e6),
    minio: perDownload(minioAfter === null || minioAfter === undefined || !before.minio ? null : minioAfter - before.minio),
  };
  return result;
}

/** Builds bench/http-load.go, the load generator of the cached and bare lines. */
function buildLoadGenerator() {
  const result = spawnSync('go', ['build', '-o', LOAD_GENERATOR, join(repoRoot, 'bench/http-load.go')], { stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('go build bench/http-load.go failed (is Go installed?)');
}

/**
 * `count` hall ticket downloads of `codes` (cycled) from the server on `port` at
 * CACHED_CONCURRENCY clients, each answer checked (200, a PDF, X-Document-Cache: hit), sent by the
 * Go load generator while this process waits; its latencies and the CPU it used.
 */
async function cachedDownloads(port, codes, count) {
  const child = spawn(LOAD_GENERATOR, [
    '-url', `http://127.0.0.1:${port}/api/candidates/{code}/download/hall-ticket`,
    '-codes', codes.join(','),
    '-body', JSON.stringify({ motherName: MOTHER_NAME }),
    '-n', String(count),
    '-c', String(CACHED_CONCURRENCY),
    '-expect-prefix', '%PDF',
    '-expect-header', 'x-document-cache=hit',
  ], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, GOMAXPROCS: '1' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const code = await new Promise((resolve) => child.once('close', resolve));
  if (code !== 0) throw new Error(`cached downloads from :${port}: ${stderr.trim() || `exit ${code}`}`);
  const { latenciesMs, seconds, cpuSeconds: clientCpuSeconds } = JSON.parse(stdout);
  return { perSecond: count / seconds, p50: percentile(latenciesMs, 50), p95: percentile(latenciesMs, 95), clientCpuSeconds };
}

/** A warm-up (connections, JIT) not measured, then CACHED downloads measured (between `around`'s calls). */
async function measureCached(serverPid, port, codes, around = async () => undefined) {
  await cachedDownloads(port, codes, WARM_UP);
  await around();
  const result = await withCpuPerDownload(serverPid, CACHED, () => cachedDownloads(port, codes, CACHED));
  await around();
  return result;
}

/**
 * Measures a cached phase; with profiling on, documents-service profiles exactly that phase
 * (SIGUSR2 before and after) and the statements it sent are printed per download.
 */
async function measureProfiled(phase, documents, codes) {
  const profiling = Boolean(CPU_PROFILE_DIR || COMMAND_PROFILE);
  const signal = async () => {
    if (!profiling) return;
    documents.kill('SIGUSR2');
    await new Promise((r) => setTimeout(r, 500));
  };
  const result = await measureCached(documents.pid, PORTS.documents, codes, signal);
  if (COMMAND_PROFILE) {
    const counts = JSON.parse(readFileSync(COMMAND_LOG, 'utf8'));
    const lines = Object.entries(counts).map(([key, { statements, ms }]) => `${key} ${(statements / CACHED).toFixed(2)}/download (${(ms / statements).toFixed(1)} ms each)`);
    out(`  ${phase}: statements per cached download: ${lines.join(', ') || 'none'}`);
  }
  return result;
}

/** A bare node:http server in its own process answering every POST with `pdf` (the baseline). */
async function startBareServer(pdf) {
  const file = join(tmpdir(), `bench-documents-bare-${process.pid}.pdf`);
  writeFileSync(file, pdf);
  const source = `
    const pdf = require('node:fs').readFileSync(process.argv[1]);
    require('node:http').createServer((req, res) => {
      const chunks = [];
      req.on('data', (chunk) => chunks.push(chunk));
      req.on('end', () => {
        JSON.parse(Buffer.concat(chunks).toString());
        res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': pdf.length, 'x-document-cache': 'hit' });
        res.end(pdf);
      });
    }).listen(Number(process.argv[2]), '127.0.0.1');`;
  const child = spawn(process.execPath, ['-e', source, file, String(PORTS.bare)], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  while (!(await fetch(`http://127.0.0.1:${PORTS.bare}/`, { method: 'POST', body: '{}' }).then(() => true, () => false))) {
    if (Date.now() > deadline) throw new Error('the bare server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { pid: child.pid, stop: () => { child.kill(); rmSync(file, { force: true }); } };
}

/** documents-service's replica event groups (docs/documents.md) of this run that are Stable (a member joined). */
async function stableReplicaGroups(env) {
  const { Kafka, logLevel } = await import('kafkajs');
  const admin = new Kafka({ clientId: 'bench-documents', brokers: env.KAFKA_BROKERS.split(','), logLevel: logLevel.NOTHING }).admin();
  await admin.connect();
  try {
    const prefix = `${env.KAFKA_TOPIC_PREFIX}documents-service.replica.`;
    const ids = (await admin.listGroups()).groups.map((group) => group.groupId).filter((id) => id.startsWith(prefix));
    if (ids.length === 0) return [];
    return (await admin.describeGroups(ids)).groups.filter((group) => group.state === 'Stable').map((group) => group.groupId);
  } finally {
    await admin.disconnect();
  }
}

/**
 * A fresh documents-service whose 1 MB memory cache holds fewer PDFs than the bench cycles through,
 * measured once it hears its replica events (a new consumer group joins in a few seconds; until
 * then it reads every lock and candidate, as it would with Kafka away).
 */
async function restartDocumentsWithoutMemory(env, children) {
  const old = children.pop();
  const exited = new Promise((resolve) => old.once('exit', resolve));
  old.kill('SIGTERM');
  await exited;
  const before = new Set(await stableReplicaGroups(env));
  children.push(startBuiltService('documents-service', PORTS.documents, { ...env, PDF_MEMORY_CACHE_MB: '1' }, documentsNodeArgs()));
  await waitUntilHealthy(`http://127.0.0.1:${PORTS.documents}/api/health/documents-service`);
  const deadline = Date.now() + 60_000;
  while (!(await stableReplicaGroups(env)).some((id) => !before.has(id))) {
    if (Date.now() > deadline) throw new Error('the restarted documents-service did not join its replica events within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  await new Promise((r) => setTimeout(r, 2_000)); // its first fetch, which makes the feed live
}

async function registerCandidates(env) {
  const base = `http://127.0.0.1:${PORTS.registration}`;
  const post = (path, body) => json(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const school = await post('/api/schools/register', benchSchool({ schoolName: 'Nashik Model School', udiseCode: `27${Date.now().toString().slice(-9)}` }));
  const mentor = await post('/api/mentors/register', benchMentor(school.schoolCode));
  // A passport-sized JPEG photo and a signature, as registration stores them.
  const photo = await sharp({ create: { width: 360, height: 450, channels: 3, background: '#4466aa' } })
    .composite([{ input: Buffer.from('<svg width="360" height="450"><circle cx="180" cy="170" r="100" fill="#f2c9a0"/><rect x="60" y="300" width="240" height="150" fill="#233"/></svg>') }])
    .jpeg({ quality: 85 }).toBuffer();
  const signature = await sharp({ create: { width: 400, height: 120, channels: 3, background: '#ffffff' } })
    .composite([{ input: Buffer.from('<svg width="400" height="120"><path d="M20 80 C 80 10, 120 110, 180 50 S 300 90, 380 30" stroke="#123" stroke-width="5" fill="none"/></svg>') }])
    .jpeg().toBuffer();
  const codes = [];
  for (let i = 0; i < CANDIDATES; i++) {
    const form = benchCandidateForm({ mentorCode: mentor.mentorCode, fullName: `आरव पाटील ${i}`, phoneNumber: `98${String(10_000_000 + i)}`, photo, signature });
    const candidate = await json(`${base}/api/candidates/register`, { method: 'POST', body: form });
    const headers = { 'content-type': 'application/json', 'x-internal-token': env.INTERNAL_API_TOKEN };
    await json(`${base}/internal/candidates/${candidate.candidateCode}/fees-paid`, { method: 'PATCH', headers, body: JSON.stringify({ feesPaid: true }) });
    await json(`${base}/internal/candidates/${candidate.candidateCode}/hall-ticket`, { method: 'PATCH', headers, body: JSON.stringify({ hallTicketReleased: true }) });
    codes.push(candidate.candidateCode);
  }
  return codes;
}

async function download(code, expectCache, port = PORTS.documents) {
  const res = await fetch(`http://127.0.0.1:${port}/api/candidates/${code}/download/hall-ticket`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ motherName: MOTHER_NAME }),
  });
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200 || body.subarray(0, 4).toString() !== '%PDF') throw new Error(`download ${code}: ${res.status} ${body.subarray(0, 200)}`);
  if (res.headers.get('x-document-cache') !== expectCache) throw new Error(`download ${code}: cache ${res.headers.get('x-document-cache')}, expected ${expectCache}`);
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
  const deadline = Date.now() + 10 * 60_000;
  for (const code of codes) {
    while (!(await cached(code))) {
      if (Date.now() > deadline) throw new Error(`the render-ahead of ${code} did not happen within 10 minutes`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}

/** One read by _id in the service's database, as the attempt limiter does it. */
async function ferretDbRead(env, count, concurrency) {
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(env.MONGODB_URI);
  await client.connect();
  try {
    const attempts = client.db(`${env.MONGODB_DB_PREFIX}-documents`).collection('download_attempts');
    return await measure(count, concurrency, (i) => attempts.findOne({ _id: `candidate:BENCH${i}` }));
  } finally {
    await client.close();
  }
}

async function minioObjectSize(env, code) {
  const { Client } = await import('minio');
  const url = new URL(env.MINIO_ENDPOINT);
  const minio = new Client({ endPoint: url.hostname, port: Number(url.port), useSSL: false, accessKey: env.MINIO_ACCESS_KEY, secretKey: env.MINIO_SECRET_KEY });
  const objects = await minio.listObjectsV2(`${env.MINIO_BUCKET_PREFIX}documents`, `${code}/hall-ticket/`, true).toArray();
  return Math.max(...objects.map((object) => object.size));
}

/** A new seat number is a new content version of the hall ticket: its next download renders. */
async function changeSeatNumbers(env, codes) {
  const headers = { 'content-type': 'application/json', 'x-internal-token': env.INTERNAL_API_TOKEN };
  for (const [i, code] of codes.entries()) {
    const body = JSON.stringify({ seatNumber: `NSK-${String(i + 1).padStart(4, '0')}` });
    await json(`http://127.0.0.1:${PORTS.registration}/internal/candidates/${code}/exam-assignment`, { method: 'PATCH', headers, body });
  }
}

async function blockEverything(context) {
  await context.route('**/*', (route) => route.abort('blockedbyclient'));
}

async function bareWarm(html, count) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
  try {
    const pages = [];
    for (let i = 0; i < POOL; i++) {
      const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
      await blockEverything(context);
      pages.push(await context.newPage());
    }
    const render = async (page) => {
      await page.setContent(html, { waitUntil: 'load' });
      await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    };
    for (const page of pages) await render(page); // warm
    let next = 0;
    const latencies = [];
    const started = performance.now();
    await Promise.all(pages.map(async (page) => {
      while (next < count) {
        next++;
        const t0 = performance.now();
        await render(page);
        latencies.push(performance.now() - t0);
      }
    }));
    const seconds = (performance.now() - started) / 1000;
    return { perSecond: count / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
  } finally {
    await browser.close();
  }
}

async function naive(html, count) {
  return measure(count, Math.min(POOL, CONCURRENCY), async () => {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: CHROMIUM_ARGS });
    try {
      const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
      await blockEverything(context);
      const page = await context.newPage();
      await page.setContent(html, { waitUntil: 'load' });
      await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    } finally {
      await browser.close();
    }
  });
}

buildProjects(['registration-service', 'documents-service']);
buildLoadGenerator();
const { env, children } = startServices();
try {
  await waitUntilHealthy(`http://127.0.0.1:${PORTS.registration}/api/health/registration-service`);
  await waitUntilHealthy(`http://127.0.0.1:${PORTS.documents}/api/health/documents-service`);
  out(`registering ${CANDIDATES} candidates with photo and signature ...`);
  const codes = await registerCandidates(env);
  // Releasing a hall ticket publishes hall-ticket.released: the service renders each one ahead.
  const renderAheadStarted = performance.now();
  await waitForRenderAhead(env, codes);
  const renderAheadSeconds = (performance.now() - renderAheadStarted) / 1000;
  await changeSeatNumbers(env, codes);
  const html = await (await fetch(`http://127.0.0.1:${PORTS.documents}/internal/documents/${codes[0]}/hall-ticket`, { headers: { 'x-internal-token': env.INTERNAL_API_TOKEN } })).text();
  if (!html.includes('<!doctype html>')) throw new Error(`no HTML from the service: ${html.slice(0, 200)}`);

  // Warm the service's pool (its first render launches Chromium), on a candidate not measured.
  await download(codes.shift(), 'miss');

  const cold = await measure(codes.length, CONCURRENCY, (i) => download(codes[i], 'miss'));
  const cached = await measureProfiled('memory', children[1], codes);
  const samplePdf = Buffer.from(await (await fetch(`http://127.0.0.1:${PORTS.documents}/api/candidates/${codes[0]}/download/hall-ticket`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ motherName: MOTHER_NAME }),
  })).arrayBuffer());
  const bareServer = await startBareServer(samplePdf);
  let bare;
  try {
    bare = await measureCached(bareServer.pid, PORTS.bare, codes);
  } finally {
    bareServer.stop();
  }
  const limit = await bareWarm(html, codes.length);
  const peer = await naive(html, NAIVE);
  const floor = await ferretDbRead(env, CACHED, CACHED_CONCURRENCY);
  await restartDocumentsWithoutMemory(env, children);
  const pdfBytes = await minioObjectSize(env, codes[0]);
  if (pdfBytes * codes.length <= 1024 * 1024) throw new Error(`${codes.length} PDFs of ${pdfBytes} bytes fit in 1 MB: the MinIO measurement needs more candidates`);
  // Not measured: the new process's first requests (JIT) and its Chromium launch in the background.
  for (const code of codes) await download(code, 'hit');
  await new Promise((resolve) => setTimeout(resolve, 5_000));
  const fromMinio = await measureProfiled('MinIO', children[1], codes);

  out('');
  out(`documents benchmark (${codes.length} cold hall tickets, ${CONCURRENCY} clients, pool ${POOL}, LOG_LEVEL=${LOG_LEVEL}; HTML ${(html.length / 1024).toFixed(0)} KB with embedded JPEGs)`);
  out(`  cold render through the service : ${cold.perSecond.toFixed(2)} PDFs/s   p50 ${ms(cold.p50)}   p95 ${ms(cold.p95)}`);
  out(`  cached download (memory)        : ${cached.perSecond.toFixed(1)} downloads/s   p50 ${ms(cached.p50)}   p95 ${ms(cached.p95)}  (${CACHED} requests, ${CACHED_CONCURRENCY} clients)`);
  out(`  cached download (MinIO)         : ${fromMinio.perSecond.toFixed(1)} downloads/s   p50 ${ms(fromMinio.p50)}   p95 ${ms(fromMinio.p95)}  (${CACHED} requests, ${CACHED_CONCURRENCY} clients, PDFs of ${(pdfBytes / 1024).toFixed(0)} KB)`);
  out(`  bare: node:http, same PDF       : ${bare.perSecond.toFixed(1)} downloads/s   p50 ${ms(bare.p50)}   p95 ${ms(bare.p95)}  (${CACHED} requests, ${CACHED_CONCURRENCY} clients; the client and the machine, no service)`);
  const cpu = (result) => `server ${result.cpu.service}, client ${result.cpu.client}, MinIO ${result.cpu.minio}`;
  out(`  CPU per download                : memory: ${cpu(cached)};  MinIO: ${cpu(fromMinio)};  bare: ${cpu(bare)}`);
  out(`  floor: one FerretDB read by _id : ${floor.perSecond.toFixed(0)} reads/s   p50 ${ms(floor.p50)}   p95 ${ms(floor.p95)}  (${CACHED} reads, ${CACHED_CONCURRENCY} clients)`);
  out(`  limit: bare warm page.pdf()     : ${limit.perSecond.toFixed(2)} PDFs/s   p50 ${ms(limit.p50)}   p95 ${ms(limit.p95)}  (${POOL} reused pages)`);
  out(`  render-ahead after release      : all ${codes.length + 1} hall tickets cached ${renderAheadSeconds.toFixed(1)} s after the last release`);
  out(`  naive: browser per PDF          : ${peer.perSecond.toFixed(2)} PDFs/s   p50 ${ms(peer.p50)}   p95 ${ms(peer.p95)}  (${NAIVE} PDFs)`);
  const vsLimit = cold.perSecond / limit.perSecond;
  const vsNaive = cold.perSecond / peer.perSecond;
  out(`  cold / limit = ${vsLimit.toFixed(2)}x (target >= 0.8x)   cold / naive = ${vsNaive.toFixed(1)}x (target >= 10x)   cached p95 ${ms(cached.p95)} memory, ${ms(fromMinio.p95)} MinIO (target <= 20 ms; bare ${ms(bare.p95)})`);
  process.exitCode = vsLimit >= 0.8 && vsNaive >= 10 && Math.max(cached.p95, fromMinio.p95) <= 20 ? 0 : 1;
} finally {
  for (const child of children) child.kill('SIGTERM');
  rmSync(LOAD_GENERATOR, { force: true });
}
