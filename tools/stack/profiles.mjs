// Environment profiles for the services started by tools/stack. Secrets are never stored in the
// repository: when the environment does not provide one, a fresh random value is made per start.
import { randomBytes } from 'node:crypto';

const secret = () => randomBytes(32).toString('hex');

/** End of the same calendar day one year from now, in IST, so a newcomer can always register. */
function deadlineOneYearAhead(now = new Date()) {
  const next = new Date(now.getTime() + 365 * 24 * 3600 * 1000);
  return `${next.toISOString().slice(0, 10)}T23:59:59.999+05:30`;
}

export const DEV_ADMIN_DEFAULTS = { username: 'admin', password: 'kbe-dev-admin' };

/** `npm start`: development profile (console SMS, admin account reset at start, open registration). */
export function developmentProfile(env = process.env) {
  return {
    NODE_ENV: 'development',
    LOG_LEVEL: env.LOG_LEVEL ?? 'info',
    JWT_SECRET: env.JWT_SECRET ?? secret(),
    INTERNAL_API_TOKEN: env.INTERNAL_API_TOKEN ?? secret(),
    DOCUMENT_SIGNING_SECRET: env.DOCUMENT_SIGNING_SECRET ?? secret(),
    ADMIN_USERNAME: env.ADMIN_USERNAME ?? DEV_ADMIN_DEFAULTS.username,
    ADMIN_PASSWORD: env.ADMIN_PASSWORD ?? DEV_ADMIN_DEFAULTS.password,
    SMS_PROVIDER: env.SMS_PROVIDER ?? 'console',
    EDITION_REGISTRATION_DEADLINE: env.EDITION_REGISTRATION_DEADLINE ?? deadlineOneYearAhead(),
  };
}

/** The e2e tier of `npm test`: like development, on isolated database/topic/bucket prefixes. */
export function testProfile(runId, env = process.env) {
  return {
    ...developmentProfile(env),
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: 'e2e-admin',
    ADMIN_PASSWORD: secret(),
    MONGODB_DB_PREFIX: `e2e${runId}`,
    KAFKA_TOPIC_PREFIX: `e2e${runId}.`,
    MINIO_BUCKET_PREFIX: `e2e${runId}-`,
  };
}
