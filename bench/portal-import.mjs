// Bulk registration benchmark (issue 27): a school imports 200 pupils with photos and signatures
// through the portal (POST /api/portal/imports, the job to its end), against a baseline measured
// in the same run: the same 200 registrations sent one by one to the public form's
// POST /api/candidates/register (4 at a time, as the job registers 4 rows at a time).
//   flock /tmp/kbe-servers.lock node bench/portal-import.mjs
//   BENCH_ROWS=200 BENCH_CAMERA_ROWS=20 BENCH_RUNS=3 BENCH_SKIP_BUILD=1
// It builds and starts registration-service (production build) on a private port, database,
// topic and bucket prefix (the real servers of `node tools/infra/cli.mjs up`), registers a school
// and a mentor through the API, and opens a portal session for the school directly in its store
// (the sign-in SMS needs notifications-service; the session is what the guard reads). Each run's
// rows are new pupils. Photos: a 900x1200 phone photo (JPEG, ~300 KB, what a phone's share sheet
// or the registration form sends), and on BENCH_CAMERA_ROWS rows a 4032x3024 camera original
// (~2.5 MB, converted by the service); signatures 600x200 JPEGs. Prints the import's time (upload
// to the job's end) per run, their median, the dry run's, the baseline's, and the ratio.
// Target (issue 27): 200 rows with photos imported in under a minute on this machine.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { crc32 } from 'node:zlib';
import { benchCandidateForm, benchMentor, benchSchool, benchServiceEnv, buildProjects, json, out, percentile, startBuiltService, waitUntilHealthy } from './service-bench.support.mjs';

const { MongoClient } = await import('mongodb');
const { Client: MinioClient } = await import('minio');
const sharp = (await import('sharp')).default;

const ROWS = Number(process.env.BENCH_ROWS ?? 200);
const CAMERA_ROWS = Number(process.env.BENCH_CAMERA_ROWS ?? 20);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const PORT = 3196;
const BASELINE_CLIENTS = 4;

/** The template's columns (GET /api/portal/imports/template.csv), read from the service itself. */
async function templateColumns(base, token) {
  const res = await fetch(`${base}/api/portal/imports/template.csv`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`template: ${res.status}`);
  return (await res.text()).replace(/^\uFEFF/, '').split('\r\n')[0].split(',');
}

const csvCell = (value) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** A ZIP of stored entries (JPEGs do not compress), as a school would zip a folder of photos. */
function zipOf(entries) {
  const parts = [];
  const central = [];
  let offset = 0;
  for (const { name, data } of entries) {
    const nameBytes = Buffer.from(name, 'utf8');
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    parts.push(local, nameBytes, data);
    central.push(entry, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}

async function texturedJpeg(width, height, svg, sigma) {
  const noise = await sharp({ create: { width, height, channels: 3, background: '#808080', noise: { type: 'gaussian', mean: 128, sigma } } }).blur(0.8).png().toBuffer();
  return sharp(Buffer.from(svg)).composite([{ input: noise, blend: 'overlay' }]).withExif({ IFD0: { Make: 'Phone', Model: 'Camera' } }).jpeg({ quality: 90 }).toBuffer();
}

const portrait = (width, height, hue) =>
  `<svg width="${width}" height="${height}"><rect width="100%" height="100%" fill="hsl(${hue},40%,60%)"/><ellipse cx="${width / 2}" cy="${height * 0.4}" rx="${width * 0.24}" ry="${height * 0.22}" fill="#d9a77f"/><rect x="${width * 0.15}" y="${height * 0.66}" width="${width * 0.7}" height="${height * 0.34}" rx="${width * 0.1}" fill="#2b3a55"/></svg>`;

/** A few different photos (the rows reuse them), a camera original, and a signature. */
async function images() {
  const phones = await Promise.all([0, 90, 180, 270].map((hue) => texturedJpeg(900, 1200, portrait(900, 1200, hue), 30)));
  const camera = await sharp(await texturedJpeg(4032, 3024, portrait(4032, 3024, 45), 30)).jpeg({ quality: 88 }).toBuffer();
  const signature = await texturedJpeg(600, 200, '<svg width="600" height="200"><rect width="100%" height="100%" fill="#fafaf5"/><path d="M30 130 C 120 20, 180 180, 270 80 S 450 150, 570 50" stroke="#123" stroke-width="6" fill="none"/></svg>', 6);
  return { phones, camera, signature };
}

/** One pupil of run `run`: a row of the sheet (the template's columns) and the same as the public form's fields. */
function pupil(run, i, mentorCode) {
  const name = `Import Pupil ${run} ${i}`;
  const phoneNumber = `8${String(run).padStart(3, '0').slice(-3)}${String(i).padStart(6, '0')}`;
  return { name, phoneNumber, mentorCode, photoName: `pupil-${run}-${i}-photo.jpg`, signatureName: `pupil-${run}-${i}-signature.jpg` };
}

function sheetOf(columns, pupils) {
  const cells = (p) => ({
    mentorCode: p.mentorCode,
    'personalDetails.fullName': p.name, 'personalDetails.fatherName': 'Suresh Patil', 'personalDetails.motherName': 'Meena Patil',
    'personalDetails.gender': 'Male', 'personalDetails.dateOfBirth': '2012-06-15', 'personalDetails.religion': 'Hindu',
    'personalDetails.region': 'Urban', 'personalDetails.motherTongue': 'Marathi',
    'contactDetails.phoneNumber': p.phoneNumber, 'contactDetails.email': '',
    'guardianDetails.name': 'Meena Patil', 'guardianDetails.relation': 'Mother', 'guardianDetails.phoneNumber': '',
    'orphanDetails.isOrphan': 'false',
    'permanentAddress.addressLines': 'Flat 3', 'permanentAddress.village': 'Satpur', 'permanentAddress.taluka': 'Nashik',
    'permanentAddress.district': 'Nashik', 'permanentAddress.state': 'Maharashtra', 'permanentAddress.pin': '422007',
    'educationalDetails.schoolName': 'Nashik Model School', 'educationalDetails.standard': '8th', 'educationalDetails.medium': 'English',
    'educationalDetails.board': 'CBSE', 'educationalDetails.kbeCategory': 'Sec', 'educationalDetails.kbeStageParticipated': 'Mains',
    'educationalDetails.fees': '300', language: 'en', photo: p.photoName, signature: p.signatureName,
  });
  const lines = [columns.join(','), ...pupils.map((p) => columns.map((column) => csvCell(cells(p)[column] ?? '')).join(','))];
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

const photoOf = (pictures, i) => (i < CAMERA_ROWS ? pictures.camera : pictures.phones[i % pictures.phones.length]);

/** Uploads the sheet and ZIP and waits for the job to end; its time (ms) and the job. */
async function importOnce(base, token, columns, pictures, pupils, dryRun) {
  const zip = zipOf(pupils.flatMap((p, i) => [{ name: `photos/${p.photoName}`, data: photoOf(pictures, i) }, { name: `photos/${p.signatureName}`, data: pictures.signature }]));
  const form = new FormData();
  form.append('dryRun', String(dryRun));
  form.append('file', new Blob([sheetOf(columns, pupils)], { type: 'text/csv' }), 'pupils.csv');
  form.append('photos', new Blob([zip], { type: 'application/zip' }), 'photos.zip');
  const started = performance.now();
  const accepted = await json(`${base}/api/portal/imports`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const acceptedMs = performance.now() - started;
  for (;;) {
    const { data: job } = await json(`${base}/api/portal/imports/${accepted.data.id}`, { headers: { authorization: `Bearer ${token}` } });
    if (job.status === 'completed' || job.status === 'failed') return { ms: performance.now() - started, acceptedMs, job, zipBytes: zip.length };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The same pupils through the public form, one request each, BASELINE_CLIENTS at a time. */
async function registerOneByOne(base, pictures, pupils) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BASELINE_CLIENTS }, async () => {
      while (next < pupils.length) {
        const i = next++;
        const p = pupils[i];
        const res = await fetch(`${base}/api/candidates/register`, { method: 'POST', headers: { 'idempotency-key': randomUUID() }, body: benchCandidateForm({ mentorCode: p.mentorCode, fullName: p.name, phoneNumber: p.phoneNumber, photo: photoOf(pictures, i), signature: pictures.signature }) });
        if (res.status !== 201) throw new Error(`register: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
    }),
  );
  return performance.now() - started;
}

const median = (values) => percentile(values, 50);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

buildProjects(['registration-service']);
const id = `benchimp${Date.now().toString(36)}`;
const env = benchServiceEnv(id, { RATE_LIMIT_PORTAL_IMPORTS: '1000' });
const child = startBuiltService('registration-service', PORT, env);
const mongo = new MongoClient(env.MONGODB_URI);
const base = `http://127.0.0.1:${PORT}`;
try {
  await waitUntilHealthy(`${base}/api/health/registration-service`);
  await mongo.connect();
  const school = await json(`${base}/api/schools/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(benchSchool({ schoolName: 'Import Bench School', udiseCode: `27${String(Date.now()).slice(-9)}` })) });
  const mentor = await json(`${base}/api/mentors/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(benchMentor(school.schoolCode)) });
  const token = randomBytes(32).toString('base64url');
  const now = Date.now();
  await mongo.db(`${id}-registration`).collection('portal_sessions').insertOne({
    _id: createHash('sha256').update(token).digest('hex'),
    role: 'school',
    code: school.schoolCode,
    schoolCode: school.schoolCode,
    createdAt: new Date(now),
    expiresAt: new Date(now + 3600_000),
  });
  const columns = await templateColumns(base, token);
  const pictures = await images();
  const pupilsOf = (run) => Array.from({ length: ROWS }, (_, i) => pupil(run, i, mentor.mentorCode));

  // warm-up: one small import (the service's first requests pay for lazy set-up)
  await importOnce(base, token, columns, pictures, pupilsOf(900).slice(0, 5), false);

  const dry = await importOnce(base, token, columns, pictures, pupilsOf(1), true);
  if (dry.job.registered !== ROWS) throw new Error(`dry run: ${JSON.stringify({ ...dry.job, rows: dry.job.rows.filter((r) => r.status !== 'valid').slice(0, 3) })}`);
  const imports = [];
  const accepted = [];
  let zipBytes = 0;
  for (let run = 1; run <= RUNS; run += 1) {
    const result = await importOnce(base, token, columns, pictures, pupilsOf(run), false);
    if (result.job.registered !== ROWS) throw new Error(`import ${run}: ${JSON.stringify({ ...result.job, rows: result.job.rows.filter((r) => r.status !== 'registered').slice(0, 3) })}`);
    imports.push(result.ms);
    accepted.push(result.acceptedMs);
    zipBytes = result.zipBytes;
    out(`import ${run}: ${ROWS} rows registered in ${seconds(result.ms)} (upload answered 202 after ${seconds(result.acceptedMs)})`);
  }
  const again = await importOnce(base, token, columns, pictures, pupilsOf(1), false);
  if (again.job.alreadyRegistered !== ROWS) throw new Error(`re-upload registered someone twice: ${JSON.stringify({ ...again.job, rows: [] })}`);
  const baseline = [];
  for (let run = 1; run <= RUNS; run += 1) baseline.push(await registerOneByOne(base, pictures, pupilsOf(100 + run)));

  const kb = (bytes) => `${(bytes.length / 1024).toFixed(0)} KB`;
  out('');
  out(`bulk registration benchmark (${ROWS} rows: ${ROWS - CAMERA_ROWS} with a 900x1200 phone photo (${pictures.phones.map(kb).join(', ')}), ${CAMERA_ROWS} with a 4032x3024 camera photo (${kb(pictures.camera)}), each with a ${kb(pictures.signature)} signature; ZIP ${(zipBytes / 1024 / 1024).toFixed(1)} MB; ${RUNS} runs; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
  out(`  import (upload to the job's end):        median ${seconds(median(imports))}  (runs: ${imports.map(seconds).join(', ')})  target < 60 s`);
  out(`    of which the upload until 202:          median ${seconds(median(accepted))}`);
  out(`  dry run (same rows, nothing stored):      ${seconds(dry.ms)}`);
  out(`  re-upload of the same file (all already): ${seconds(again.ms)}`);
  out(`  baseline: the same ${ROWS} through POST /api/candidates/register, ${BASELINE_CLIENTS} at a time: median ${seconds(median(baseline))}  (runs: ${baseline.map(seconds).join(', ')})`);
  out(`  import / baseline = ${(median(imports) / median(baseline)).toFixed(2)}x`);
} finally {
  child.kill('SIGTERM');
  await mongo.db(`${id}-registration`).dropDatabase().catch(() => undefined);
  await mongo.close().catch(() => undefined);
  const endpoint = new URL(env.MINIO_ENDPOINT);
  const minio = new MinioClient({ endPoint: endpoint.hostname, port: Number(endpoint.port), useSSL: false, accessKey: env.MINIO_ACCESS_KEY, secretKey: env.MINIO_SECRET_KEY });
  for (const bucket of [`${id}-candidate-documents`, `${id}-portal-imports`]) {
    const keys = [];
    try {
      for await (const item of minio.listObjectsV2(bucket, '', true)) keys.push(item.name);
    } catch {
      continue;
    }
    for (let i = 0; i < keys.length; i += 1000) await minio.removeObjects(bucket, keys.slice(i, i + 1000)).catch(() => undefined);
    await minio.removeBucket(bucket).catch(() => undefined);
  }
}
