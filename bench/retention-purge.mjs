#!/usr/bin/env node
// The edition's retention purge at the competition's size: BENCH_CANDIDATES (default 20,000)
// candidates with a photo and a signature each, seeded straight into a built registration-service's
// private database and bucket; then the results date is recorded far enough back that the purge is
// due, and the purge is timed until its report says done. The bare baseline, measured in the same
// run on objects and documents of its own: the statements the purge cannot avoid (a keyed update
// of each page of 200 and the listing and removal of each candidate's objects, 8 at a time).
//   node bench/retention-purge.mjs            (BENCH_SKIP_BUILD=1 to reuse dist/)
import { randomBytes } from 'node:crypto';
import {
  benchServiceEnv,
  buildProjects,
  json,
  out,
  startBuiltService,
  waitUntilHealthy,
} from './service-bench.support.mjs';

const { MongoClient } = await import('mongodb');
const { Client: MinioClient } = await import('minio');

const CANDIDATES = Number(process.env.BENCH_CANDIDATES ?? 20_000);
const PAGE = 200;
const PARALLEL = 8;
const PORT = 3197;
const JPEG = randomBytes(30_000);

const id = `bench-ret-${randomBytes(3).toString('hex')}`;
const env = benchServiceEnv(id, { RETENTION_DAYS_AFTER_RESULTS: '30' });
const mongo = await new MongoClient(env.MONGODB_URI).connect();
const endpoint = new URL(env.MINIO_ENDPOINT);
const minio = new MinioClient({ endPoint: endpoint.hostname, port: Number(endpoint.port), useSSL: false, accessKey: env.MINIO_ACCESS_KEY, secretKey: env.MINIO_SECRET_KEY });
const bucket = `${id}-candidate-documents`;
const codes = Array.from({ length: CANDIDATES }, (_, i) => `KBE${String(100000 + i).padStart(6, '0')}RET`);

/** Runs `task` over `items`, `limit` at a time. */
async function pool(items, limit, task) {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) await task(items[next++]);
  }));
}

function candidate(code, i) {
  return {
    _id: code, candidateCode: code, mentorCode: 'MEN-BENCH1', schoolCode: 'SCH-BENCH1',
    personalDetails: { fullName: `Bench Candidate ${i}`, fatherName: 'Suresh Patil', motherName: 'Meena Patil', gender: 'Male', dateOfBirth: '2012-06-15', religion: 'Hindu', region: 'Urban', motherTongue: 'Marathi' },
    contactDetails: { phoneNumber: `98${String(i).padStart(8, '0')}`, email: '' },
    guardianDetails: { name: 'Meena Patil', relation: 'Mother', phoneNumber: `91${String(i).padStart(8, '0')}` },
    orphanDetails: { isOrphan: false },
    permanentAddress: { addressLines: 'Flat 3', village: 'Satpur', taluka: 'Nashik', district: 'Nashik', state: 'Maharashtra', pin: '422007' },
    educationalDetails: { schoolName: 'Nashik Model School', standard: '8th', medium: 'English', board: 'CBSE', kbeCategory: 'Sec', kbeStageParticipated: 'Mains', fees: 300 },
    feesPaid: true, hallTicketReleased: false, certificateReleased: false, seatNumber: null, center: null, examTime: null,
    photoKey: `${code}/u1/photo.jpg`, signatureKey: `${code}/u1/signature.jpg`,
    nameSearch: `bench candidate ${i}`, nameWords: ['bench', 'candidate', String(i)], phoneNumber: `98${String(i).padStart(8, '0')}`,
    fingerprint: `fp-${code}`, eventId: `reg-${code}`, eventQueued: true, createdAt: new Date(Date.now() - i * 1000), deletedAt: null, receiptNumber: null,
    consentStatus: 'given', consent: { status: 'given', givenAt: new Date(), noticeVersion: 'bench', lang: 'en', method: 'test-data', phoneHash: null, clientAddress: null },
  };
}

async function seed() {
  const started = performance.now();
  const candidates = mongo.db(`${id}-registration`).collection('candidates');
  const bare = mongo.db(`${id}-bare`).collection('candidates');
  for (let i = 0; i < codes.length; i += 1000) {
    const docs = codes.slice(i, i + 1000).map((code, j) => candidate(code, i + j));
    await candidates.insertMany(docs);
    await bare.insertMany(docs);
  }
  await minio.makeBucket(bucket);
  // each candidate's two images, and two more under `bare/` for the baseline
  await pool(codes, 32, async (code) => {
    for (const key of [`${code}/u1/photo.jpg`, `${code}/u1/signature.jpg`, `bare/${code}/photo.jpg`, `bare/${code}/signature.jpg`]) {
      await minio.putObject(bucket, key, JPEG, JPEG.length, { 'Content-Type': 'image/jpeg' });
    }
  });
  out(`seeded ${codes.length} candidates and ${codes.length * 4} objects in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The purge's unavoidable statements on the baseline's own documents and objects. */
async function bare() {
  const candidates = mongo.db(`${id}-bare`).collection('candidates');
  const started = performance.now();
  for (let i = 0; i < codes.length; i += PAGE) {
    const page = codes.slice(i, i + PAGE);
    await candidates.updateMany({ _id: { $in: page } }, { $set: { 'personalDetails.motherName': '', guardianDetails: null, phoneNumber: '', photoKey: '', signatureKey: '' } });
    await pool(page, PARALLEL, async (code) => {
      const keys = [];
      for await (const item of minio.listObjectsV2(bucket, `bare/${code}/`, true)) keys.push(item.name);
      await minio.removeObjects(bucket, keys);
    });
  }
  return (performance.now() - started) / 1000;
}

async function purge() {
  const base = `http://127.0.0.1:${PORT}`;
  const headers = { 'content-type': 'application/json', 'x-internal-token': env.INTERNAL_API_TOKEN };
  const resultsOn = new Date(Date.now() - 40 * 24 * 3600 * 1000).toISOString().slice(0, 10);
  const started = performance.now();
  await json(`${base}/internal/retention/results-date`, { method: 'PUT', headers, body: JSON.stringify({ resultsPublishedOn: resultsOn }) });
  for (;;) {
    const report = (await json(`${base}/internal/retention`, { headers })).data;
    if (report.state === 'done') return { seconds: (performance.now() - started) / 1000, purged: report.purged };
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

buildProjects(['registration-service']);
// seeded first: the service reads its candidate directory at start
await seed();
const child = startBuiltService('registration-service', PORT, env);
try {
  await waitUntilHealthy(`http://127.0.0.1:${PORT}/api/health/registration-service`);
  const bareSeconds = await bare();
  const { seconds, purged } = await purge();
  const left = await mongo.db(`${id}-registration`).collection('candidates').countDocuments({ 'personalDetails.motherName': { $ne: '' } });
  let objectsLeft = 0;
  for await (const item of minio.listObjectsV2(bucket, 'KBE', true)) if (item.name) objectsLeft++;
  out(`retention purge of ${purged} candidates: ${seconds.toFixed(1)} s (${(purged / seconds).toFixed(0)} candidates/s); left with a mother's name: ${left}, images left: ${objectsLeft}`);
  out(`bare baseline (keyed page updates and the objects' removal, ${PARALLEL} at a time): ${bareSeconds.toFixed(1)} s; purge / bare = ${(seconds / bareSeconds).toFixed(2)}`);
} finally {
  child.kill('SIGTERM');
  await mongo.db(`${id}-registration`).dropDatabase().catch(() => undefined);
  await mongo.db(`${id}-bare`).dropDatabase().catch(() => undefined);
  await mongo.close();
  const keys = [];
  for await (const item of minio.listObjectsV2(bucket, '', true)) keys.push(item.name);
  for (let i = 0; i < keys.length; i += 1000) await minio.removeObjects(bucket, keys.slice(i, i + 1000)).catch(() => undefined);
  await minio.removeBucket(bucket).catch(() => undefined);
}
