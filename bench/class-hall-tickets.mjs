#!/usr/bin/env node
// A class's hall tickets in one PDF (the school portal, issue 27): a school of BENCH_SCHOOL_PUPILS
// (200) released pupils among BENCH_CANDIDATES (5,000) candidates, seeded straight into built
// registration-service's private database with a photo and a signature each in MinIO, and a
// portal session stored for the school (the SMS sign-in is not what is measured). Then:
//   single    one hall ticket rendered by a download (POST /api/candidates/{code}/download/
//             hall-ticket of BENCH_SINGLE (5) released pupils of another school): the baseline
//   cold      POST /api/portal/hall-tickets until the job is completed, nothing cached: every
//             hall ticket rendered (at background priority) and merged (BENCH_COLD_RUNS, 1)
//   warm      the same bundle built again from the per-candidate PDF cache (documents-service's
//             bundle record and file removed between runs; BENCH_WARM_RUNS, 3)
//   cached    POST /api/portal/hall-tickets answering the completed job at once, and
//             GET .../{id}/file streaming the PDF (BENCH_CACHED_RUNS, 20 each)
//   bare      the same PDF bytes from a bare node:http server in its own process, the same client
// Medians, and each one's ratio to the single render (and the file's to the bare server).
//   node bench/class-hall-tickets.mjs     (BENCH_SKIP_BUILD=1 reuses dist/; RENDER_POOL_SIZE=2)
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { benchServiceEnv, buildProjects, out, percentile, startBuiltService, waitUntilHealthy } from './service-bench.support.mjs';

const { MongoClient } = await import('mongodb');
const { Client: MinioClient } = await import('minio');
const sharp = (await import('sharp')).default;

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 5_000);
const SCHOOL_PUPILS = Number(process.env.BENCH_SCHOOL_PUPILS ?? 200);
const SINGLE = Number(process.env.BENCH_SINGLE ?? 5);
const COLD_RUNS = Number(process.env.BENCH_COLD_RUNS ?? 1);
const WARM_RUNS = Number(process.env.BENCH_WARM_RUNS ?? 3);
const CACHED_RUNS = Number(process.env.BENCH_CACHED_RUNS ?? 20);
const POOL = process.env.RENDER_POOL_SIZE ?? '2';
const PORTS = { registration: 3181, documents: 3182, bare: 3183 };
const MOTHER_NAME = 'Meena Patil';
/** Schools are SCH-C00000.. (SCH-C00000 .. SCH-C<COLD_RUNS-1> are measured, each a fresh cold bundle); the single renders are of another school. */
const schoolOf = (i) => `SCH-C${String(Math.floor(i / SCHOOL_PUPILS)).padStart(5, '0')}`.replace(/0/g, 'A').replace(/1/g, 'B');
const mentorOf = (i) => `MEN-${schoolOf(i).slice(4, 9)}${'ABCDEFGH'[i % 8]}`;
const codeOf = (i) => `KBE${String(100000 + i).padStart(6, '0')}HTB`;
/** Pupils whose hall ticket is released: the measured schools' and the single renders'. */
const releasedCount = SCHOOL_PUPILS * COLD_RUNS + SINGLE;

const id = `bench-cht-${randomBytes(3).toString('hex')}`;
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
const pdfBucket = `${env.MINIO_BUCKET_PREFIX}documents`;
const tokens = Array.from({ length: COLD_RUNS }, () => randomBytes(32).toString('base64url'));

function candidate(i) {
  const code = codeOf(i);
  const released = i < releasedCount;
  return {
    _id: code, candidateCode: code, mentorCode: mentorOf(i), schoolCode: schoolOf(i), language: 'en',
    personalDetails: { fullName: `Pupil ${i} Patil`, fatherName: 'Suresh Patil', motherName: MOTHER_NAME, gender: 'Male', dateOfBirth: '2012-06-15', religion: 'Hindu', region: 'Urban', motherTongue: 'Marathi' },
    contactDetails: { phoneNumber: `98${String(i).padStart(8, '0')}`, email: '' },
    guardianDetails: { name: MOTHER_NAME, relation: 'Mother', phoneNumber: `91${String(i).padStart(8, '0')}` },
    orphanDetails: { isOrphan: false },
    permanentAddress: { addressLines: 'Flat 3', village: 'Satpur', taluka: 'Nashik', district: 'Nashik', state: 'Maharashtra', pin: '422007' },
    educationalDetails: { schoolName: 'Nashik Model School', standard: '8th', medium: 'English', board: 'CBSE', kbeCategory: ['Prime', 'Sec', 'High'][i % 3], kbeStageParticipated: 'Mains', fees: 300 },
    feesPaid: true, hallTicketReleased: released, certificateReleased: false,
    seatNumber: released ? `S-${String(SCHOOL_PUPILS - (i % SCHOOL_PUPILS)).padStart(4, '0')}` : null, center: released ? 'Nashik Centre 1' : null, examTime: null,
    photoKey: `${code}/u1/photo.jpg`, signatureKey: `${code}/u1/signature.jpg`,
    nameSearch: `pupil ${i} patil`, nameWords: ['pupil', String(i), 'patil'], phoneNumber: `98${String(i).padStart(8, '0')}`,
    fingerprint: `fp-${code}`, eventId: `reg-${code}`, eventQueued: true, createdAt: new Date(Date.now() - i * 1000), deletedAt: null, receiptNumber: null,
    consentStatus: 'given', consent: { status: 'given', givenAt: new Date(), noticeVersion: 'bench', lang: 'en', method: 'test-data', phoneHash: null, clientAddress: null },
  };
}

async function seed() {
  const started = performance.now();
  for (let i = 0; i < CANDIDATES; i += 1000) {
    await registrationDb.collection('candidates').insertMany(Array.from({ length: Math.min(1000, CANDIDATES - i) }, (_, j) => candidate(i + j)));
  }
  // A passport-sized photo and a signature for every released pupil, where registration keeps them.
  const photo = await sharp({ create: { width: 360, height: 450, channels: 3, background: '#4466aa' } })
    .composite([{ input: Buffer.from('<svg width="360" height="450"><circle cx="180" cy="170" r="100" fill="#f2c9a0"/><rect x="60" y="300" width="240" height="150" fill="#233"/></svg>') }])
    .jpeg({ quality: 85 }).toBuffer();
  const signature = await sharp({ create: { width: 400, height: 120, channels: 3, background: '#ffffff' } }).jpeg().toBuffer();
  if (!(await minio.bucketExists(photoBucket))) await minio.makeBucket(photoBucket);
  for (let i = 0; i < releasedCount; i += 20) {
    await Promise.all(Array.from({ length: Math.min(20, releasedCount - i) }, (_, j) => codeOf(i + j)).flatMap((code) => [
      minio.putObject(photoBucket, `${code}/u1/photo.jpg`, photo, photo.length, { 'Content-Type': 'image/jpeg' }),
      minio.putObject(photoBucket, `${code}/u1/signature.jpg`, signature, signature.length, { 'Content-Type': 'image/jpeg' }),
    ]));
  }
  const now = Date.now();
  await registrationDb.collection('portal_sessions').insertMany(tokens.map((token, run) => ({
    _id: createHash('sha256').update(token).digest('hex'), role: 'school', code: schoolOf(run * SCHOOL_PUPILS), schoolCode: schoolOf(run * SCHOOL_PUPILS), createdAt: new Date(now), expiresAt: new Date(now + 3600_000),
  })));
  out(`seeded ${CANDIDATES} candidates (${releasedCount} released with photo and signature) in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

const base = `http://127.0.0.1:${PORTS.registration}`;
const median = (values) => percentile(values, 50);
const seconds = (value) => `${(value / 1000).toFixed(2)} s`;

async function call(url, init = {}) {
  const response = await fetch(url, init);
  const body = Buffer.from(await response.arrayBuffer());
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${body.subarray(0, 300)}`);
  return { response, body };
}

/** Asks for the class's hall tickets and waits until the job is completed: the job and the ms it took. */
async function bundle(token) {
  const auth = { authorization: `Bearer ${token}` };
  const t0 = performance.now();
  let job = JSON.parse((await call(`${base}/api/portal/hall-tickets`, { method: 'POST', headers: auth })).body).data;
  while (job.status !== 'completed') {
    if (job.status === 'failed') throw new Error(`job ${job.id} failed`);
    await new Promise((r) => setTimeout(r, 100));
    job = JSON.parse((await call(`${base}/api/portal/hall-tickets/${job.id}`, { headers: auth })).body).data;
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
  await waitUntilHealthy(`${base}/api/health/registration-service`);
  await waitUntilHealthy(`http://127.0.0.1:${PORTS.documents}/api/health/documents-service`);
  await new Promise((r) => setTimeout(r, 3_000)); // Chromium's warm-up

  const singles = [];
  for (let s = 0; s < SINGLE; s++) {
    const code = codeOf(SCHOOL_PUPILS * COLD_RUNS + s);
    const t0 = performance.now();
    const { response } = await call(`http://127.0.0.1:${PORTS.documents}/api/candidates/${code}/download/hall-ticket`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ motherName: MOTHER_NAME }),
    });
    if (response.headers.get('x-document-cache') !== 'miss') throw new Error(`single ${code}: not a render (${response.headers.get('x-document-cache')})`);
    singles.push(performance.now() - t0);
  }
  const single = median(singles);

  const cold = [];
  let job;
  for (let run = 0; run < COLD_RUNS; run++) {
    const built = await bundle(tokens[run]);
    if (built.job.total !== SCHOOL_PUPILS || built.job.rendered !== SCHOOL_PUPILS) throw new Error(`cold: ${JSON.stringify(built.job)}`);
    cold.push(built.ms);
    job = built.job;
  }

  // The same bundle again from the per-candidate cache: documents-service forgets the bundle itself.
  const warm = [];
  const key = (await registrationDb.collection('portal_hall_ticket_jobs').findOne({ _id: job.id })).bundleKey;
  for (let run = 0; run < WARM_RUNS; run++) {
    await documentsDb.collection('document_bundles').deleteOne({ _id: key });
    await minio.removeObject(pdfBucket, `bundles/${key}.pdf`);
    const built = await bundle(tokens[COLD_RUNS - 1]);
    if (built.job.id !== job.id || built.job.rendered !== SCHOOL_PUPILS) throw new Error(`warm: ${JSON.stringify(built.job)}`);
    warm.push(built.ms);
  }

  const auth = { authorization: `Bearer ${tokens[COLD_RUNS - 1]}` };
  const asked = [];
  const files = [];
  let pdf;
  for (let run = 0; run < CACHED_RUNS + 3; run++) {
    let t0 = performance.now();
    const again = JSON.parse((await call(`${base}/api/portal/hall-tickets`, { method: 'POST', headers: auth })).body).data;
    if (again.status !== 'completed' || again.id !== job.id) throw new Error(`cached: ${JSON.stringify(again)}`);
    if (run >= 3) asked.push(performance.now() - t0);
    t0 = performance.now();
    pdf = (await call(`${base}/api/portal/hall-tickets/${job.id}/file`, { headers: auth })).body;
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

  out(`${SCHOOL_PUPILS} released pupils of ${CANDIDATES} candidates; RENDER_POOL_SIZE=${POOL}, BUNDLE_RENDERS_AT_ONCE=1; the PDF: ${(pdf.length / 1024 / 1024).toFixed(1)} MB`);
  out('| step | runs | median | per hall ticket | median / single render |');
  out('| --- | ---: | ---: | ---: | ---: |');
  const line = (label, values, perTicket = true) =>
    out(`| ${label} | ${values.length} | ${seconds(median(values))} | ${perTicket ? `${(median(values) / SCHOOL_PUPILS).toFixed(1)} ms` : ''} | ${(median(values) / single).toFixed(2)} |`);
  line('single hall-ticket render (a download, cold): the baseline', singles, false);
  line('cold bundle: POST until completed (every ticket rendered)', cold);
  line('warm bundle: POST until completed (every ticket from the cache)', warm);
  line('cached: POST answering the completed job', asked, false);
  line('cached: GET .../file (the PDF, streamed)', files, false);
  line('bare node:http, the same PDF bytes', bareFiles, false);
  out(`cached file / bare: ${(median(files) / median(bareFiles)).toFixed(2)}`);
} finally {
  for (const service of services) service.kill('SIGTERM');
  bare?.kill('SIGTERM');
  await registrationDb.dropDatabase().catch(() => undefined);
  await documentsDb.dropDatabase().catch(() => undefined);
  await mongo.close();
}
