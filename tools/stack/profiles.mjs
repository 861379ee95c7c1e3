// Environment profiles for the services started by tools/stack. Secrets are never stored in the
// repository: when the environment does not provide one, a fresh random value is made per start.
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateAdminTokenKeys } from '../auth/generate-admin-token-keys.mjs';

const secret = () => randomBytes(32).toString('hex');

/** End of the same calendar day one year from now, in IST, so a newcomer can always register. */
function deadlineOneYearAhead(now = new Date()) {
  const next = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
  return `${next.toISOString().slice(0, 10)}T23:59:59.999+05:30`;
}

/** Hall tickets are handed out six days after the deadline (30 October -> 5 November in 2025). */
function handoutAfter(deadline) {
  return new Date(Date.parse(deadline.slice(0, 10)) + 6 * 24 * 3600 * 1000).toISOString().slice(0, 10);
}

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * The admin-token key pair of this machine: made once and kept in `.kbe/admin-token-key.json`
 * (git-ignored, mode 600), so tokens survive a restart. The environment may provide both instead.
 */
export function machineAdminTokenKeys(env = process.env, file = join(ROOT, '.kbe', 'admin-token-key.json')) {
  if (env.JWT_PRIVATE_KEY && env.JWT_PUBLIC_KEYS) return { JWT_PRIVATE_KEY: env.JWT_PRIVATE_KEY, JWT_PUBLIC_KEYS: env.JWT_PUBLIC_KEYS };
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8'));
  const keys = generateAdminTokenKeys();
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
}

export const DEV_ADMIN_DEFAULTS = { username: 'admin', password: 'kbe-dev-admin' };

/** `npm start`: development profile (console SMS, admin account reset at start, open registration). */
export function developmentProfile(env = process.env) {
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
    ...machineAdminTokenKeys(env),
    INTERNAL_API_TOKEN: env.INTERNAL_API_TOKEN ?? secret(),
    DOCUMENT_SIGNING_SECRET: env.DOCUMENT_SIGNING_SECRET ?? secret(),
    ADMIN_USERNAME: env.ADMIN_USERNAME ?? DEV_ADMIN_DEFAULTS.username,
    ADMIN_PASSWORD: env.ADMIN_PASSWORD ?? DEV_ADMIN_DEFAULTS.password,
    SMS_PROVIDER: env.SMS_PROVIDER ?? 'console',
    ...openEdition(env),
    ...openCorrections(env),
  };
}

/**
 * Correction requests are taken in development (and the test stacks built on it): the window opens
 * a day ago and closes a year ahead, unless the environment sets either end. The edition's own
 * default (its calendar year) would be closed with the deadline moved a year ahead.
 */
export function openCorrections(env, now = new Date()) {
  const day = 24 * 3600 * 1000;
  return {
    EDITION_CORRECTIONS_OPENS_AT: env.EDITION_CORRECTIONS_OPENS_AT || new Date(now.getTime() - day).toISOString(),
    EDITION_CORRECTIONS_CLOSES_AT: env.EDITION_CORRECTIONS_CLOSES_AT || new Date(now.getTime() + 365 * day).toISOString(),
  };
}

/**
 * Registration stays open in development, and the edition has one year: the year of the deadline
 * (a moved deadline moves the year, which the services, the edge and the pages all read), so the
 * registration page, the hall ticket and the certificate never put one year beside another. The
 * printed hand-out date follows the deadline; the other dates follow the year (`editionFor` of
 * @kbe/contracts). With a deadline from the environment, the year is the environment's, or unset
 * (then the services, the edge and the pages name the edition after that deadline themselves).
 */
export function openEdition(env) {
  const moved = !env.EDITION_REGISTRATION_DEADLINE;
  const deadline = env.EDITION_REGISTRATION_DEADLINE ?? deadlineOneYearAhead();
  // the moved deadline is written in IST, so its first four characters are its year in IST
  const year = moved ? deadline.slice(0, 4) : env.EDITION_YEAR;
  return {
    ...(year ? { EDITION_YEAR: year } : {}),
    EDITION_REGISTRATION_DEADLINE: deadline,
    EDITION_HALL_TICKET_HANDOUT_DATE: env.EDITION_HALL_TICKET_HANDOUT_DATE ?? handoutAfter(deadline),
  };
}

/**
 * The API fuzz step of `npm test` (tools/test/api-fuzz.mjs): the e2e profile with the per-client
 * registration limits raised, so one fuzzing client reaches the handlers (and the stateful
 * school -> mentor -> candidate chains) instead of a 429 after 20 submits. 429 stays documented.
 */
export function fuzzProfile(runId, env = process.env) {
  return {
    ...testProfile(runId, env),
    // the fuzzer reads no SMS, and logs every one of its many requests at info
    LOG_LEVEL: 'warn',
    RATE_LIMIT_REGISTER: '100000',
    RATE_LIMIT_SEARCH: '100000',
    RATE_LIMIT_SEARCH_PER_CODE: '100000',
    RATE_LIMIT_CONTACT: '100000',
    RATE_LIMIT_CONSENT: '100000',
    RATE_LIMIT_CONSENT_PER_CODE: '100000',
    // the SMS provider's delivery-report webhook is fuzzed with its token too
    SMS_WEBHOOK_TOKEN: env.SMS_WEBHOOK_TOKEN ?? secret(),
  };
}

/** The e2e tier of `npm test`: like development, on isolated database/topic/bucket prefixes. */
export function testProfile(runId, env = process.env) {
  return {
    ...developmentProfile(env),
    NODE_ENV: 'test',
    // info, not warn: the console SMS provider writes each SMS (the guardian's codes among them) at
    // info, and the guardian-rights journey reads its codes from notifications-service's log.
    LOG_LEVEL: 'info',
    ADMIN_USERNAME: 'e2e-admin',
    ADMIN_PASSWORD: secret(),
    // A fresh key pair per test run: nothing signed by an earlier run verifies.
    ...generateAdminTokenKeys(`e2e-${runId}`),
    MONGODB_DB_PREFIX: `e2e${runId}`,
    KAFKA_TOPIC_PREFIX: `e2e${runId}.`,
    MINIO_BUCKET_PREFIX: `e2e${runId}-`,
    // The journeys release the documents of the candidates they register: their parental consent is
    // recorded as test data (method `test-data`) at registration instead of a guardian's SMS code.
    TEST_DATA_CONSENT: 'true',
    // The results journey reads the public merit list of the level it publishes.
    EDITION_PUBLIC_MERIT_LIST: 'true',
  };
}
