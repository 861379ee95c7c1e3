import { z } from 'zod';

/**
 * Building blocks of every service's environment. Each service composes the pieces it needs
 * (see `composeEnv`) and validates the result once at start with `loadConfig`.
 *
 * Custom messages are predicates: the loader prefixes them with the variable name, so
 * `PORT` + `must be an integer between 0 and 65535` reads as one sentence.
 */

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export const portField = (defaultPort: number) =>
  z.coerce
    .number({ error: 'must be an integer between 0 and 65535' })
    .int({ error: 'must be an integer between 0 and 65535' })
    .min(0, { error: 'must be an integer between 0 and 65535' })
    .max(65535, { error: 'must be an integer between 0 and 65535' })
    .default(defaultPort);

export const positiveIntField = (defaultValue: number) =>
  z.coerce
    .number({ error: 'must be a positive integer' })
    .int({ error: 'must be a positive integer' })
    .positive({ error: 'must be a positive integer' })
    .default(defaultValue);

export const httpUrlField = (defaultUrl: string) =>
  z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .default(defaultUrl);

export const secretField = (minLength: number) =>
  z.string().min(minLength, { error: `must be at least ${minLength} characters long` });

/** NODE_ENV, PORT, HOST, LOG_LEVEL, HTTP_BODY_LIMIT: every service. */
export const serviceEnv = (defaultPort: number) => ({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: portField(defaultPort),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  HTTP_BODY_LIMIT: z
    .string()
    .regex(/^\d+(b|kb|mb)$/i, { error: 'must be a size such as 100kb or 1mb' })
    .default('1mb'),
});

export const mongoEnv = {
  MONGODB_URI: z
    .string()
    .regex(/^mongodb(\+srv)?:\/\//, { error: 'must be a mongodb:// or mongodb+srv:// URI' })
    .default('mongodb://127.0.0.1:27017'),
  MONGODB_DB_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,40}$/, { error: 'must be 1-40 letters, digits, _ or -' })
    .default('kbe'),
  /** Connections to the MongoDB server per process (docs/adr/0004: they must fit FerretDB's PostgreSQL pool). */
  MONGODB_MAX_POOL_SIZE: z.coerce
    .number()
    .int({ error: 'must be an integer between 1 and 200' })
    .min(1, { error: 'must be an integer between 1 and 200' })
    .max(200, { error: 'must be an integer between 1 and 200' })
    .default(10),
};

/**
 * The edition a service needs to know (registration-service: the deadline; documents-service: the
 * printed year and dates). Both optional: `editionFor` of @kbe/contracts makes them one edition
 * with one year (the year defaults to the deadline's, the deadline to the spec's in that year;
 * neither set: the spec's 2025 edition).
 */
export const editionEnv = {
  EDITION_YEAR: z.coerce
    .number({ error: 'must be a year such as 2025' })
    .int({ error: 'must be a year such as 2025' })
    .min(2000, { error: 'must be a year such as 2025' })
    .max(2100, { error: 'must be a year such as 2025' })
    .optional(),
  /** Last instant registrations are accepted, ISO 8601 with offset. */
  EDITION_REGISTRATION_DEADLINE: z.iso
    .datetime({ offset: true, error: 'must be an ISO date-time with offset, e.g. 2025-10-30T23:59:59.999+05:30' })
    .optional(),
  /** The window of correction requests (issue 27), ISO 8601 with offset; unset: 1 January to 31 December of the edition's year. */
  EDITION_CORRECTIONS_OPENS_AT: z.iso
    .datetime({ offset: true, error: 'must be an ISO date-time with offset, e.g. 2025-01-01T00:00:00+05:30' })
    .optional(),
  EDITION_CORRECTIONS_CLOSES_AT: z.iso
    .datetime({ offset: true, error: 'must be an ISO date-time with offset, e.g. 2025-12-31T23:59:59.999+05:30' })
    .optional(),
  /** A hall ticket is released only to a seated candidate (registration-service); default false, as the spec. */
  EDITION_SEAT_REQUIRED_FOR_HALL_TICKET: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
  /** The public merit list of a published level (exams-service, docs/results.md): roll numbers and ranks of the qualified; default false. */
  EDITION_PUBLIC_MERIT_LIST: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
};

export const kafkaEnv = {
  KAFKA_BROKERS: z
    .string()
    .regex(/^[^,\s]+:\d+(,[^,\s]+:\d+)*$/, { error: 'must be a comma-separated list of host:port' })
    .default('127.0.0.1:9092')
    .transform((value) => value.split(',')),
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/, { error: 'may contain only letters, digits, ., _ and -' })
    .default(''),
  OUTBOX_RELAY_INTERVAL_MS: positiveIntField(1000),
};

export const minioEnv = {
  MINIO_ENDPOINT: httpUrlField('http://127.0.0.1:9000'),
  MINIO_ACCESS_KEY: z.string().min(3, { error: 'must be at least 3 characters long' }),
  MINIO_SECRET_KEY: secretField(8),
  MINIO_REGION: z.string().default('us-east-1'),
  MINIO_BUCKET_PREFIX: z
    .string()
    .regex(/^[a-z0-9-]*$/, { error: 'may contain only lowercase letters, digits and -' })
    .default('kbe-'),
};

/** A JSON Web Key or key set in one env value (see @kbe/server-auth jwt-keys). */
const jwkField = (isValid: (value: Record<string, unknown>) => boolean, message: string) =>
  z.string().refine(
    (value) => {
      try {
        const parsed: unknown = JSON.parse(value);
        return typeof parsed === 'object' && parsed !== null && isValid(parsed as Record<string, unknown>);
      } catch {
        return false;
      }
    },
    { error: message },
  );

/** Every service that guards admin endpoints: verifies tokens with the public keys only. */
export const authEnv = {
  JWT_PUBLIC_KEYS: jwkField(
    (value) => Array.isArray(value['keys']) && value['keys'].length > 0,
    'must be a JSON Web Key set {"keys":[...]} of Ed25519 public keys with kid',
  ),
  JWT_ISSUER: z.string().default('kbe-admin-service'),
  JWT_AUDIENCE: z.string().default('kbe'),
  INTERNAL_API_TOKEN: secretField(24),
};

/**
 * Every service that guards admin endpoints, except admin-service itself: where logged-out
 * admin tokens are looked up. Unset (only in tests that run a service alone): no revocation check.
 */
export const tokenRevocationEnv = {
  ADMIN_SERVICE_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
};

/** admin-service only: the private key that signs admin tokens, and their lifetime. */
export const tokenSigningEnv = {
  JWT_PRIVATE_KEY: jwkField(
    (value) => typeof value['d'] === 'string' && typeof value['kid'] === 'string',
    'must be a private Ed25519 JSON Web Key with a kid',
  ),
  JWT_EXPIRES_IN_SECONDS: positiveIntField(8 * 60 * 60),
};

/** Services behind the edge that read the client address from X-Forwarded-For. */
export const trustedProxyEnv = {
  /** Proxies in front of the service that append to X-Forwarded-For (the edge: 1). 0 = use the socket address. */
  TRUSTED_PROXY_HOPS: z.coerce
    .number({ error: 'must be an integer between 0 and 5' })
    .int({ error: 'must be an integer between 0 and 5' })
    .min(0, { error: 'must be an integer between 0 and 5' })
    .max(5, { error: 'must be an integer between 0 and 5' })
    .default(1),
};

export const chromiumEnv = {
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
};

export const serviceUrlsEnv = {
  REGISTRATION_SERVICE_URL: httpUrlField('http://127.0.0.1:3101'),
  DOCUMENTS_SERVICE_URL: httpUrlField('http://127.0.0.1:3102'),
  ADMIN_SERVICE_URL: httpUrlField('http://127.0.0.1:3103'),
  NOTIFICATIONS_SERVICE_URL: httpUrlField('http://127.0.0.1:3104'),
  HEALTH_PROBE_TIMEOUT_MS: positiveIntField(2000),
};

export const adminAccountEnv = {
  ADMIN_USERNAME: z
    .string()
    .regex(/^[A-Za-z0-9._@-]{3,64}$/, { error: 'must be 3-64 letters, digits, ., _, @ or -' })
    .optional(),
  ADMIN_PASSWORD: secretField(8).optional(),
};

/** Composes env pieces into one zod object (pieces must not share keys). */
export function composeEnv<const Parts extends readonly z.ZodRawShape[]>(...parts: Parts) {
  return z.object(Object.assign({}, ...parts) as MergeShapes<Parts>);
}

type MergeShapes<Parts extends readonly z.ZodRawShape[]> = {
  [K in keyof UnionToIntersection<Parts[number]>]: UnionToIntersection<Parts[number]>[K];
};
type UnionToIntersection<U> = (U extends unknown ? (arg: U) => void : never) extends (arg: infer I) => void ? I : never;

export type ServiceEnv = z.infer<z.ZodObject<ReturnType<typeof serviceEnv>>>;
export type MongoEnv = z.infer<z.ZodObject<typeof mongoEnv>>;
export type KafkaEnv = z.infer<z.ZodObject<typeof kafkaEnv>>;
export type MinioEnv = z.infer<z.ZodObject<typeof minioEnv>>;
export type AuthEnv = z.infer<z.ZodObject<typeof authEnv>>;
export type TokenSigningEnv = z.infer<z.ZodObject<typeof tokenSigningEnv>>;
export type ChromiumEnv = z.infer<z.ZodObject<typeof chromiumEnv>>;
export type ServiceUrlsEnv = z.infer<z.ZodObject<typeof serviceUrlsEnv>>;
export type AdminAccountEnv = z.infer<z.ZodObject<typeof adminAccountEnv>>;
