// Registration benchmark: registration-service under a deadline rush against a bare equivalent
// doing the same writes on the same servers, in one run on this machine.
//   flock /tmp/kbe-servers.lock node bench/registration.mjs
//   BENCH_CLIENTS=20 BENCH_SCHOOLS=400 BENCH_CANDIDATES=200 BENCH_CAMERA_CANDIDATES=60 BENCH_SEARCHES=2000 BENCH_SKIP_BUILD=1
// It builds and starts registration-service (production build) on a private port, database,
// topic and bucket prefix (the real servers of `node tools/infra/cli.mjs up`), and a bare server:
// node:http + the mongodb driver + the MinIO client, which for each request writes what the service
// writes (the record, its idempotency key and its outbox entry; for a candidate also the two
// images) and answers the same status. Then, with BENCH_CLIENTS concurrent clients:
//   school     POST /api/schools/register (JSON, an Idempotency-Key each)
//   candidate  POST /api/candidates/register (multipart: a 900x1200 phone photo and a signature)
//   camera     the same with a 4032x3024 camera original as the photo (see images() below)
//   search     GET /api/candidates/search/{code}
// and prints req/s and p50/p95/p99 of each, and the ratio service/bare.
// Targets (issue 12): every write >= 0.5x its bare equivalent with p95 <= 200 ms; search >= 0.8x.
// BENCH_PROFILE=1 also prints the database statements the service sent per request in each
// phase (the mongodb driver's command monitoring, bench/mongo-command-log.cjs), by command and
// collection, with their mean time, and the Kafka producer batches; the relay's and re-drive's
// background statements count too.
// BENCH_CPU_PROF=1 writes a V8 CPU profile of the service to .kbe/profiles.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { performance } from 'node:perf_hooks';
import { loadavg, tmpdir } from 'node:os';
import { readFileSync } from 'node:fs';
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

const { MongoClient } = await import('mongodb');
const { Client: MinioClient } = await import('minio');
const sharp = (await import('sharp')).default;

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const SCHOOLS = Number(process.env.BENCH_SCHOOLS ?? 400);
const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 200);
const CAMERA_CANDIDATES = Number(process.env.BENCH_CAMERA_CANDIDATES ?? 60);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 2000);
const PORTS = { service: 3193, bare: 3194 };

/** Runs `task(i)` for i < count with `concurrency` workers; every answer must be `expected`. */
async function measure(count, concurrency, expected, task) {
  const latencies = [];
  const failures = new Map();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = performance.now();
        const res = await task(i);
        latencies.push(performance.now() - t0);
        if (res.status !== expected) {
          const key = `${res.status} ${(await res.text()).slice(0, 160)}`;
          failures.set(key, (failures.get(key) ?? 0) + 1);
        } else {
          await res.arrayBuffer();
        }
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  if (failures.size > 0) throw new Error(`unexpected answers: ${JSON.stringify(Object.fromEntries(failures))}`);
  return { perSecond: count / seconds, p50: percentile(latencies, 50), p95: percentile(latencies, 95), p99: percentile(latencies, 99) };
}

const PROFILE = process.env.BENCH_PROFILE === '1';
const commandLog = join(tmpdir(), `bench-registration-commands-${process.pid}.json`);

function startService(id) {
  const env = benchServiceEnv(id, PROFILE ? { BENCH_COMMAND_LOG: commandLog } : {});
  const nodeArgs = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${join(repoRoot, '.kbe/profiles')}`] : [];
  if (PROFILE) nodeArgs.push('--require', join(repoRoot, 'bench/mongo-command-log.cjs'));
  return { env, child: startBuiltService('registration-service', PORTS.service, env, nodeArgs) };
}

/** BENCH_PROFILE: the statements the service sent since the last call (bench/mongo-command-log.cjs). */
async function takeCommandCounts(child) {
  if (!PROFILE) return {};
  child.kill('SIGUSR2');
  await new Promise((r) => setTimeout(r, 300));
  return JSON.parse(readFileSync(commandLog, 'utf8'));
}

function printCommandCounts(label, counts, requests) {
  out(`  ${label}: database statements per request (statements / documents / mean ms)`);
  for (const [key, { statements, documents, ms }] of Object.entries(counts).sort((a, b) => b[1].statements - a[1].statements)) {
    out(`    ${key.padEnd(40)} ${(statements / requests).toFixed(2).padStart(6)} / ${(documents / requests).toFixed(2).padStart(6)} / ${(ms / statements).toFixed(1).padStart(7)}`);
  }
}

/**
 * The bare equivalent: the same writes with nothing else, keyed like the service's (the issued
 * code as `_id`, docs/adr/0005). A school: the record (unique UDISE), the idempotency key, the
 * outbox entry. A candidate: the two images to MinIO, the record, the idempotency key, the outbox
 * entry. A search: one findOne by `_id`.
 */
async function startBare(env, id) {
  const mongo = new MongoClient(env.MONGODB_URI);
  await mongo.connect();
  const db = mongo.db(`${id}-bare`);
  const schools = db.collection('schools');
  const candidates = db.collection('candidates');
  const keys = db.collection('idempotency_keys');
  const outbox = db.collection('outbox');
  await schools.createIndex({ udiseCode: 1 }, { unique: true });
  const endpoint = new URL(env.MINIO_ENDPOINT);
  const minio = new MinioClient({ endPoint: endpoint.hostname, port: Number(endpoint.port), useSSL: false, accessKey: env.MINIO_ACCESS_KEY, secretKey: env.MINIO_SECRET_KEY });
  const bucket = `${id}-bare-documents`;
  await minio.makeBucket(bucket);

  const store = async (kind, record, codeField, key) => {
    const eventId = randomUUID();
    await (kind === 'school' ? schools : candidates).insertOne({ _id: record[codeField], ...record, eventId, eventQueued: false, createdAt: new Date() });
    if (key) await keys.insertOne({ _id: `${kind}:${key}`, code: record[codeField], createdAt: new Date() });
    await outbox.insertOne({ _id: eventId, topic: `${kind}.registered`, key: record[codeField], value: JSON.stringify(record), createdAt: new Date(), publishedAt: null, attempts: 0, lastError: null });
  };
  const reply = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };

  const server = createServer(async (req, res) => {
    try {
      if (req.method === 'POST' && req.url === '/api/schools/register') {
        const chunks = [];
        for await (const chunk of req) chunks.push(chunk);
        const body = JSON.parse(Buffer.concat(chunks).toString());
        const schoolCode = `SCH-${randomBytes(3).toString('hex').toUpperCase()}`;
        await store('school', { ...body, schoolCode }, 'schoolCode', req.headers['idempotency-key']);
        return reply(res, 201, { success: true, schoolCode });
      }
      if (req.method === 'POST' && req.url === '/api/candidates/register') {
        const form = await new Request('http://bare/', { method: 'POST', headers: req.headers, body: Readable.toWeb(req), duplex: 'half' }).formData();
        const candidateCode = `KBE${String(100000 + Math.floor(Math.random() * 900000))}${randomBytes(2).toString('hex').toUpperCase().slice(0, 3)}`;
        const fields = {};
        for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
        for (const name of ['photo', 'signature']) {
          const file = form.get(name);
          const bytes = Buffer.from(await file.arrayBuffer());
          await minio.putObject(bucket, `${name}s/${candidateCode}.jpg`, bytes, bytes.length, { 'Content-Type': 'image/jpeg' });
        }
        await store('candidate', { ...fields, candidateCode }, 'candidateCode', req.headers['idempotency-key']);
        return reply(res, 201, { success: true, candidateCode });
      }
      const search = /^\/api\/candidates\/search\/([A-Z0-9]+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && search) {
        const found = await candidates.findOne({ _id: search[1] });
        return found ? reply(res, 200, { success: true, data: found }) : reply(res, 404, { message: 'not found' });
      }
      reply(res, 404, { message: 'no route' });
    } catch (error) {
      reply(res, 500, { message: String(error) });
    }
  });
  await new Promise((r) => server.listen(PORTS.bare, '127.0.0.1', r));
  return {
    close: async () => {
      await new Promise((r) => server.close(r));
      await db.dropDatabase();
      await mongo.close();
    },
  };
}

const schoolBody = (i, run) => benchSchool({ schoolName: `Rush School ${run} ${i}`, udiseCode: `27${String(run).slice(-4)}${String(i).padStart(5, '0')}` });

const candidateForm = (mentorCode, i, run, photo, signature) =>
  benchCandidateForm({ mentorCode, fullName: `Rush Candidate ${run} ${i}`, phoneNumber: `9${String(run).slice(-3)}${String(i).padStart(6, '0')}`, photo, signature });

/**
 * What the form accepts (docs/product.md, @kbe/contracts image rules): JPEG, PNG, WebP or GIF of at
 * most 5 MB, of any dimensions; the form does not resize. So the images are camera-like JPEGs:
 * textured (about 0.2 bytes per pixel at quality 90, like a phone's JPEGs; flat colours would
 * make them ten times smaller than real ones) and carrying EXIF with a GPS position, as phones
 * write it. Two kinds of photo upload, measured as separate phases:
 *   photo   900x1200, ~250 KB: a phone photo cropped to the face (within the stored bounds of
 *           1200 px, upright: the service keeps its pixels and cuts the metadata)
 *   camera  4032x3024 with EXIF orientation 6 (a portrait taken on a phone), ~2.5 MB: the
 *           original from the camera (the service rotates, resizes and re-encodes it)
 * and one signature: a 600x200 scan on white paper, ~7 KB JPEG (within bounds).
 */
async function texturedJpeg(width, height, svg, { sigma, blur, orientation }) {
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } }).blur(blur).png().toBuffer();
  const image = sharp(Buffer.from(svg)).composite([{ input: noise, blend: 'overlay' }]);
  const gps = { GPSLatitudeRef: 'N', GPSLatitude: '19/1 59/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '73/1 47/1 0/1' };
  const tagged = image.withExif({ IFD0: { Make: 'Phone', Model: 'Camera' }, IFD3: gps });
  return (orientation ? tagged.withMetadata({ orientation }) : tagged).jpeg({ quality: 90 }).toBuffer();
}

const portrait = (width, height) =>
  `<svg width="${width}" height="${height}"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5b7fb8"/><stop offset="1" stop-color="#c9d6e8"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><ellipse cx="${width / 2}" cy="${height * 0.4}" rx="${width * 0.24}" ry="${height * 0.22}" fill="#d9a77f"/><rect x="${width * 0.15}" y="${height * 0.66}" width="${width * 0.7}" height="${height * 0.34}" rx="${width * 0.1}" fill="#2b3a55"/></svg>`;

async function images() {
  const photo = await texturedJpeg(900, 1200, portrait(900, 1200), { sigma: 30, blur: 0.8 });
  // Stored landscape with orientation 6, as a phone stores a portrait.
  const camera = await texturedJpeg(4032, 3024, portrait(4032, 3024), { sigma: 30, blur: 1, orientation: 6 });
  const signature = await texturedJpeg(
    600,
    200,
    '<svg width="600" height="200"><rect width="100%" height="100%" fill="#fafaf5"/><path d="M30 130 C 120 20, 180 180, 270 80 S 450 150, 570 50" stroke="#123" stroke-width="6" fill="none"/></svg>',
    { sigma: 6, blur: 0.6 },
  );
  return { photo, camera, signature };
}

const line = (label, r) =>
  `  ${label.padEnd(30)} ${r.perSecond.toFixed(1).padStart(8)} req/s   p50 ${r.p50.toFixed(0).padStart(5)} ms   p95 ${r.p95.toFixed(0).padStart(5)} ms   p99 ${r.p99.toFixed(0).padStart(5)} ms`;

buildProjects(['registration-service']);
const id = `benchreg${Date.now().toString(36)}`;
const run = Date.now() % 100000;
const { env, child } = startService(id);
let bare;
try {
  await waitUntilHealthy(`http://127.0.0.1:${PORTS.service}/api/health/registration-service`);
  bare = await startBare(env, id);
  const pictures = await images();
  const targets = { service: `http://127.0.0.1:${PORTS.service}`, bare: `http://127.0.0.1:${PORTS.bare}` };
  const results = {};

  // The chain the candidates need: one school and one mentor on the service.
  const school = await json(`${targets.service}/api/schools/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(schoolBody(99999, run)) });
  const mentor = await json(`${targets.service}/api/mentors/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(benchMentor(school.schoolCode)),
  });

  const profiles = {};
  for (const [name, base] of Object.entries(targets)) {
    const offset = name === 'service' ? 0 : 50_000;
    const profiled = name === 'service' ? (work) => takeCommandCounts(child).then((counts) => (profiles[work] = counts)) : async () => undefined;
    await profiled('setup');
    results[`school ${name}`] = await measure(SCHOOLS, CLIENTS, 201, (i) =>
      fetch(`${base}/api/schools/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
        body: JSON.stringify(schoolBody(offset + i, run)),
      }),
    );
    await profiled('school');
    const codes = [];
    results[`candidate ${name}`] = await measure(CANDIDATES, CLIENTS, 201, async (i) => {
      const res = await fetch(`${base}/api/candidates/register`, { method: 'POST', headers: { 'idempotency-key': randomUUID() }, body: candidateForm(mentor.mentorCode, offset + i, run, pictures.photo, pictures.signature) });
      if (res.status === 201) {
        const body = await res.clone().json();
        codes.push(body.candidateCode);
      }
      return res;
    });
    await profiled('candidate');
    results[`camera ${name}`] = await measure(CAMERA_CANDIDATES, CLIENTS, 201, (i) =>
      fetch(`${base}/api/candidates/register`, {
        method: 'POST',
        headers: { 'idempotency-key': randomUUID() },
        body: candidateForm(mentor.mentorCode, offset + 20_000 + i, run, pictures.camera, pictures.signature),
      }),
    );
    await profiled('camera');
    results[`search ${name}`] = await measure(SEARCHES, CLIENTS, 200, (i) => fetch(`${base}/api/candidates/search/${codes[i % codes.length]}`));
    await profiled('search');
  }

  out('');
  const kb = (bytes) => `${(bytes.length / 1024).toFixed(0)} KB`;
  out(`registration benchmark (${CLIENTS} clients; ${SCHOOLS} schools; ${CANDIDATES} candidates with a 900x1200 ${kb(pictures.photo)} photo and ${CAMERA_CANDIDATES} with a 4032x3024 ${kb(pictures.camera)} camera photo, each with a ${kb(pictures.signature)} signature; ${SEARCHES} searches; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  for (const work of ['school', 'candidate', 'camera', 'search']) {
    const service = results[`${work} service`];
    const plain = results[`${work} bare`];
    if (!service?.perSecond || !plain?.perSecond) continue; // none of this kind asked for (e.g. BENCH_CAMERA_CANDIDATES=0)
    out(line(`${work}: registration-service`, service));
    out(line(`${work}: bare equivalent`, plain));
    const target = work === 'search' ? '>= 0.8x' : '>= 0.5x, p95 <= 200 ms';
    out(`  ${work}: service / bare = ${(service.perSecond / plain.perSecond).toFixed(2)}x (target ${target})`);
    if (PROFILE) printCommandCounts(work, profiles[work], { school: SCHOOLS, candidate: CANDIDATES, camera: CAMERA_CANDIDATES, search: SEARCHES }[work]);
  }
} finally {
  child.kill('SIGTERM');
  await bare?.close();
}
