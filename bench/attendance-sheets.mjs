#!/usr/bin/env node
// A centre's printed lists (attendance sheets, door list, summary; docs/printed-lists.md): one
// centre of BENCH_ROOMS (50) rooms of BENCH_PER_ROOM (40) candidates = 2,000 seats, each candidate
// seeded straight into built registration-service's private database with a photo in MinIO.
// documents-service is asked over its internal API exactly as exams-service asks
// (POST /internal/centre-lists with the centre, its rooms and the seats in roll order). Then:
//   single    one hall ticket rendered by a download: the baseline of one Chromium render
//   cold      POST until completed under a new key (every candidate looked up, every photo made
//             small, every sheet rendered at background priority and merged; BENCH_RUNS, 3)
//   cached    POST answering the completed job, GET .../attendance streaming the PDF (20 each)
//   bare      the same PDF bytes from a bare node:http server in its own process, the same client
// Medians, and each one's ratio to the single render (and the file's to the bare server).
//   node bench/attendance-sheets.mjs     (BENCH_SKIP_BUILD=1 reuses dist/; RENDER_POOL_SIZE=2)
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { benchServiceEnv, buildProjects, out, percentile, startBuiltService, waitUntilHealthy } from './service-bench.support.mjs';

const { MongoClient } = await import('mongodb');
const { Client: MinioClient } = await import('minio');
const sharp = (await import('sharp')).default;

const ROOMS = Number(process.env.BENCH_ROOMS ?? 50);
const PER_ROOM = Number(process.env.BENCH_PER_ROOM ?? 40);
const SEATS = ROOMS * PER_ROOM;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CACHED_RUNS = Number(process.env.BENCH_CACHED_RUNS ?? 20);
const POOL = process.env.RENDER_POOL_SIZE ?? '2';
const PORTS = { registration: 3191, documents: 3192, bare: 3193 };
const MOTHER_NAME = 'Meena Patil';
const codeOf = (i) => `KBE${String(300000 + i).padStart(6, '0')}ATS`;
/** A roll number's shape (the check digit is not what is measured). */
const rollOf = (i) => `M-21-014-${String(i + 1).padStart(4, '0')}-${i % 10}`;
/** Names as entered: every fifth in Devanagari. */
const nameOf = (i) => (i % 5 === 0 ? `सई पाटील ${i}` : `Pupil ${i} Patil`);

const id = `bench-ats-${randomBytes(3).toString('hex')}`;
const env = benchServiceEnv(id, {
  DOCUMENT_SIGNING_SECRET: randomBytes(32).toString('hex'),
  RENDER_POOL_SIZE: POOL,
  REGISTRATION_SERVICE_URL: `http://127.0.0.1:${PORTS.registration}`,
  DOCUMENTS_SERVICE_URL: `http://127.0.0.1:${PORTS.documents}`,
});
const mongo = await new MongoClient(env.MONGODB_URI).connect();
const registrationDb = mongo.db(`${id}-registration`);
const documentsDb = mongo.db(`${id}-documents`);
const minioUrl = new URL(env.MINIO_ENDPOINT);
const minio = new MinioClient({ endPoint: minioUrl.hostname, port: Number(minioUrl.port), useSSL: false, accessKey: env.MINIO_ACCESS_KEY, secretKey: env.MINIO_SECRET_KEY });
const photoBucket = `${env.MINIO_BUCKET_PREFIX}candidate-documents`;
const internal = { 'x-internal-token': env.INTERNAL_API_TOKEN, 'content-type': 'application/json' };

function candidate(i) {
  const code = codeOf(i);
  return {
    _id: code, candidateCode: code, mentorCode: 'MEN-AAAAAA', schoolCode: 'SCH-AAAAAA', language: 'en',
    personalDetails: { fullName: nameOf(i), fatherName: 'Suresh Patil', motherName: MOTHER_NAME, gender: 'Male', dateOfBirth: '2012-06-15', religion: 'Hindu', region: 'Urban', motherTongue: 'Marathi' },
    contactDetails: { phoneNumber: `98${String(i).padStart(8, '0')}`, email: '' },
    guardianDetails: { name: MOTHER_NAME, relation: 'Mother', phoneNumber: `91${String(i).padStart(8, '0')}` },
    orphanDetails: { isOrphan: false },
    permanentAddress: { addressLines: 'Flat 3', village: 'Satpur', taluka: 'Nashik', district: 'Nashik', state: 'Maharashtra', pin: '422007' },
    educationalDetails: { schoolName: 'Nashik Model School', standard: '8th', medium: 'English', board: 'CBSE', kbeCategory: ['Prime', 'Sec', 'High'][i % 3], kbeStageParticipated: 'Mains', fees: 300 },
    feesPaid: true, hallTicketReleased: true, certificateReleased: false,
    seatNumber: rollOf(i), center: 'Nashik Centre', examTime: null,
    photoKey: `${code}/u1/photo.jpg`, signatureKey: `${code}/u1/signature.jpg`,
    nameSearch: nameOf(i).toLowerCase(), nameWords: nameOf(i).toLowerCase().split(' '), phoneNumber: `98${String(i).padStart(8, '0')}`,
    fingerprint: `fp-${code}`, eventId: `reg-${code}`, eventQueued: true, createdAt: new Date(Date.now() - i * 1000), deletedAt: null, receiptNumber: null,
    consentStatus: 'given', consent: { status: 'given', givenAt: new Date(), noticeVersion: 'bench', lang: 'en', method: 'test-data', phoneHash: null, clientAddress: null },
  };
}

async function seed() {
  const started = performance.now();
  for (let i = 0; i < SEATS; i += 1000) {
    await registrationDb.collection('candidates').insertMany(Array.from({ length: Math.min(1000, SEATS - i) }, (_, j) => candidate(i + j)));
  }
  // A passport-sized photo and a signature each, as registration stores them.
  const photo = await sharp({ create: { width: 360, height: 450, channels: 3, background: '#4466aa' } })
    .composite([{ input: Buffer.from('<svg width="360" height="450"><circle cx="180" cy="170" r="100" fill="#f2c9a0"/><rect x="60" y="300" width="240" height="150" fill="#233"/></svg>') }])
    .jpeg({ quality: 85 }).toBuffer();
  const signature = await sharp({ create: { width: 400, height: 120, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
  if (!(await minio.bucketExists(photoBucket))) await minio.makeBucket(photoBucket);
  for (let i = 0; i < SEATS; i += 25) {
    await Promise.all(Array.from({ length: Math.min(25, SEATS - i) }, (_, j) => codeOf(i + j)).flatMap((code) => [
      minio.putObject(photoBucket, `${code}/u1/photo.jpg`, photo, photo.length, { 'Content-Type': 'image/jpeg' }),
      minio.putObject(photoBucket, `${code}/u1/signature.jpg`, signature, signature.length, { 'Content-Type': 'image/jpeg' }),
    ]));
  }
  out(`seeded ${SEATS} candidates with photo and signature in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The request exams-service sends for the centre (CentreListsRequest), under the run's key. */
function listsRequest(run) {
  const rooms = Array.from({ length: ROOMS }, (_, r) => ({ name: `Room ${String(r + 1).padStart(2, '0')}`, capacity: PER_ROOM }));
  return {
    key: createHash('sha256').update(`${id}/${run}`).digest('hex'),
    centre: { code: 'NSK14', name: 'Nashik Centre', address: 'College road, Nashik', district: 'Nashik', taluka: 'Nashik' },
    rooms,
    papers: [{
      level: 'Mains', category: 'Prime', date: '2027-01-17', startTime: '10:30', reportingTime: '09:45',
      rooms: rooms.map((room, r) => ({
        ...room,
        seats: Array.from({ length: PER_ROOM }, (_, s) => ({ candidateCode: codeOf(r * PER_ROOM + s), rollNumber: rollOf(r * PER_ROOM + s), seatInRoom: s + 1 })),
      })),
    }],
  };
}

const docs = `http://127.0.0.1:${PORTS.documents}`;
const median = (values) => percentile(values, 50);
const seconds = (value) => `${(value / 1000).toFixed(2)} s`;

async function call(url, init = {}) {
  const response = await fetch(url, init);
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${body.subarray(0, 300)}`);
  return { response, body };
}

/** Asks for the lists and polls until completed: the job and the ms it took. */
async function lists(run) {
  const body = JSON.stringify(listsRequest(run));
  const t0 = performance.now();
  let job = JSON.parse((await call(`${docs}/internal/centre-lists`, { method: 'POST', headers: internal, body })).body).data;
  while (job.status !== 'completed') {
    if (job.status === 'failed') throw new Error(`lists ${job.key} failed: ${job.error}`);
    await new Promise((r) => setTimeout(r, 100));
    job = JSON.parse((await call(`${docs}/internal/centre-lists/${job.key}`, { headers: internal })).body).data;
  }
  return { job, ms: performance.now() - t0 };
}

async function startBare(file) {
  const source = `const body = require('node:fs').readFileSync(0);
require('node:http').createServer((req, res) => { res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': body.length }); res.end(body); }).listen(${PORTS.bare}, '127.0.0.1', () => process.stdout.write('ready\\n'));`;
  const child = spawn(process.execPath, ['-e', source], { stdio: ['pipe', 'pipe', 'inherit'] });
  child.stdin.end(file);
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return child;
}

if (process.env.BENCH_SKIP_BUILD !== '1') buildProjects(['registration-service', 'documents-service']);
await seed();
const services = [startBuiltService('registration-service', PORTS.registration, env), startBuiltService('documents-service', PORTS.documents, env)];
let bare;
try {
  await waitUntilHealthy(`http://127.0.0.1:${PORTS.registration}/api/health/registration-service`);
  await waitUntilHealthy(`${docs}/api/health/documents-service`);
  await new Promise((r) => setTimeout(r, 3_000)); // Chromium's warm-up

  const singles = [];
  for (let s = 0; s < 5; s++) {
    const t0 = performance.now();
    const { response } = await call(`${docs}/api/candidates/${codeOf(s)}/download/hall-ticket`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ motherName: MOTHER_NAME }),
    });
    if (response.headers.get('x-document-cache') !== 'miss') throw new Error(`single ${codeOf(s)}: not a render`);
    singles.push(performance.now() - t0);
  }
  const single = median(singles);

  const cold = [];
  let job;
  for (let run = 0; run < RUNS; run++) {
    const made = await lists(run);
    if (made.job.total !== SEATS || made.job.processed !== SEATS || made.job.withoutPhoto !== 0) throw new Error(`cold: ${JSON.stringify(made.job)}`);
    cold.push(made.ms);
    job = made.job;
    out(`run ${run + 1}: ${seconds(made.ms)}`);
  }

  const asked = [];
  const files = [];
  let pdf;
  const body = JSON.stringify(listsRequest(RUNS - 1));
  for (let run = 0; run < CACHED_RUNS + 3; run++) {
    let t0 = performance.now();
    const again = JSON.parse((await call(`${docs}/internal/centre-lists`, { method: 'POST', headers: internal, body })).body).data;
    if (again.status !== 'completed' || again.key !== job.key) throw new Error(`cached: ${JSON.stringify(again)}`);
    if (run >= 3) asked.push(performance.now() - t0);
    t0 = performance.now();
    pdf = (await call(`${docs}/internal/centre-lists/${job.key}/attendance`, { headers: internal })).body;
    if (run >= 3) files.push(performance.now() - t0);
  }
  if (pdf.subarray(0, 4).toString() !== '%PDF') throw new Error('the file is not a PDF');
  bare = await startBare(pdf);
  const bareFiles = [];
  for (let run = 0; run < CACHED_RUNS + 3; run++) {
    const t0 = performance.now();
    await call(`http://127.0.0.1:${PORTS.bare}/`);
    if (run >= 3) bareFiles.push(performance.now() - t0);
  }

  out(`${SEATS} candidates in ${ROOMS} rooms of ${PER_ROOM}; RENDER_POOL_SIZE=${POOL}, BUNDLE_RENDERS_AT_ONCE=1; the attendance PDF: ${(pdf.length / 1024 / 1024).toFixed(1)} MB (sizes ${JSON.stringify(job.sizes)})`);
  out('| step | runs | median | per candidate | median / single render |');
  out('| --- | ---: | ---: | ---: | ---: |');
  const line = (label, values, perCandidate = true) =>
    out(`| ${label} | ${values.length} | ${seconds(median(values))} | ${perCandidate ? `${(median(values) / SEATS).toFixed(1)} ms` : ''} | ${(median(values) / single).toFixed(2)} |`);
  line('single hall-ticket render (a download, cold): the baseline', singles, false);
  line('cold lists: POST until completed (every sheet rendered, door list, summary)', cold);
  line('cached: POST answering the completed job', asked, false);
  line('cached: GET .../attendance (the PDF, streamed)', files, false);
  line('bare node:http, the same PDF bytes', bareFiles, false);
  out(`cached file / bare: ${(median(files) / median(bareFiles)).toFixed(2)}`);
} finally {
  for (const service of services) service.kill('SIGTERM');
  bare?.kill('SIGTERM');
  await registrationDb.dropDatabase().catch(() => undefined);
  await documentsDb.dropDatabase().catch(() => undefined);
  await mongo.close();
}
