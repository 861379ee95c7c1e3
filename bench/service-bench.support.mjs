// What the service benchmarks share: percentiles, starting built services on private prefixes of
// the real servers, waiting for their health, and JSON calls that fail loudly.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { readInfraEnv } = await import(join(repoRoot, 'tools/infra/index.mjs'));
const { generateAdminTokenKeys } = await import(join(repoRoot, 'tools/auth/generate-admin-token-keys.mjs'));

export const out = (line) => process.stdout.write(`${line}\n`);

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Production builds of the named Nx projects, unless BENCH_SKIP_BUILD=1. */
export function buildProjects(projects) {
  if (process.env.BENCH_SKIP_BUILD === '1') return;
  out(`building ${projects.join(', ')} ...`);
  const result = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', projects.join(','), '--outputStyle=static'], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NX_DAEMON: 'false', NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('build failed');
}

/**
 * The environment of services under benchmark: the real servers on private database, topic and
 * bucket prefixes, fresh secrets, open registration, and rate limits out of the way (the rush
 * comes from thousands of addresses; one bench client must not be limited).
 */
export function benchServiceEnv(id, extra = {}) {
  return {
    ...process.env,
    ...readInfraEnv(),
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    MONGODB_DB_PREFIX: id,
    KAFKA_TOPIC_PREFIX: `${id}.`,
    MINIO_BUCKET_PREFIX: `${id}-`,
    // the public half verifies admin tokens; nobody signs any in a benchmark
    JWT_PUBLIC_KEYS: generateAdminTokenKeys('bench').JWT_PUBLIC_KEYS,
    INTERNAL_API_TOKEN: randomBytes(32).toString('hex'),
    EDITION_REGISTRATION_DEADLINE: '2099-12-31T23:59:59.999+05:30',
    RATE_LIMIT_REGISTER: '1000000',
    RATE_LIMIT_SEARCH: '1000000',
    TRUSTED_PROXY_HOPS: '0',
    // the benchmarks release what they register: consent recorded as test data, no guardian's code
    TEST_DATA_CONSENT: 'true',
    ...extra,
  };
}

/**
 * Starts `dist/apps/<service>/main.js` on 127.0.0.1:`port`, its output appended to `.kbe/logs`.
 * BENCH_DIST=<dir inside the checkout> starts another build instead (e.g. one of an earlier
 * commit, for a before/after table); it must sit inside the checkout to find `node_modules`.
 */
export function startBuiltService(service, port, env, nodeArgs = []) {
  const logDir = join(repoRoot, '.kbe/logs');
  mkdirSync(logDir, { recursive: true });
  const log = createWriteStream(join(logDir, `bench-${service}.log`), { flags: 'a' });
  const dist = resolve(repoRoot, process.env.BENCH_DIST ?? 'dist/apps');
  const child = spawn(process.execPath, [...nodeArgs, join(dist, service, 'main.js')], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  return child;
}

export async function waitUntilHealthy(url) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (res?.ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not become healthy`);
}

/** A JSON call whose non-2xx answer is an error naming the call. */
export async function json(url, init) {
  const res = await fetch(url, init);
  const body = await res.json();
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** A school registration's JSON body (every field the form has). */
export const benchSchool = ({ schoolName, udiseCode }) => ({
  schoolName,
  udiseCode,
  contact: '9876543210',
  schoolType: 'Secondary',
  address: { area: 'Gangapur Road', locality: 'Anandvalli', street: 'Lane 4', village: 'Anandvalli', town: 'Nashik', city: 'Nashik', state: 'Maharashtra', pin: '422013' },
  principal: { name: 'S. Kulkarni', contact: '9123456780' },
});

/** A mentor registration's JSON body for the school with `schoolCode`. */
export const benchMentor = (schoolCode) => ({
  schoolCode, name: 'Anita Deshmukh', email: 'anita@example.org', address: '12 College Road, Nashik', contact: '9988776655',
  subjectTeaching: 'Physics', workExperience: 7, activitiesParticipated: 'Science fair', opinionOnISRO: 'Inspiring',
});

/** A candidate registration as multipart form data: every field (bracketed names) and the two images as JPEGs. */
export function benchCandidateForm({ mentorCode, fullName, phoneNumber, photo, signature }) {
  const fields = {
    mentorCode,
    'personalDetails[fullName]': fullName, 'personalDetails[fatherName]': 'Suresh Patil', 'personalDetails[motherName]': 'Meena Patil',
    'personalDetails[gender]': 'Male', 'personalDetails[dateOfBirth]': '2012-06-15', 'personalDetails[religion]': 'Hindu',
    'personalDetails[region]': 'Urban', 'personalDetails[motherTongue]': 'Marathi',
    'contactDetails[phoneNumber]': phoneNumber,
    'orphanDetails[isOrphan]': 'false',
    'permanentAddress[addressLines]': 'Flat 3', 'permanentAddress[village]': 'Satpur', 'permanentAddress[taluka]': 'Nashik',
    'permanentAddress[district]': 'Nashik', 'permanentAddress[state]': 'Maharashtra', 'permanentAddress[pin]': '422007',
    'educationalDetails[schoolName]': 'Nashik Model School', 'educationalDetails[standard]': '8th', 'educationalDetails[medium]': 'English',
    'educationalDetails[board]': 'CBSE', 'educationalDetails[kbeCategory]': 'Sec', 'educationalDetails[kbeStageParticipated]': 'Mains',
    'educationalDetails[fees]': '300', feesPaid: 'false',
  };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('photo', new Blob([photo], { type: 'image/jpeg' }), 'photo.jpg');
  form.append('signature', new Blob([signature], { type: 'image/jpeg' }), 'signature.jpg');
  return form;
}
