import {
  authEnv,
  httpUrlField,
  composeEnv,
  editionEnv,
  kafkaEnv,
  minioEnv,
  mongoEnv,
  positiveIntField,
  serviceEnv,
  tokenRevocationEnv,
  trustedProxyEnv,
} from '@kbe/server-config';
import { z } from 'zod';

export const SERVICE_NAME = 'registration-service';

/**
 * Rate limits (requests per window), lowered by tests. Per client address and route, sized for
 * shared addresses (docs/security.md, "Download gate and rate limits: threat model"): registrations for a
 * school lab of 60 registering at once (plus its school and mentor) with room for retries; searches
 * for a mobile carrier's address (CGNAT) on release day. Searches are also limited per candidate
 * code, from any address.
 */
const rateLimitEnv = {
  RATE_LIMIT_WINDOW_SECONDS: positiveIntField(60),
  RATE_LIMIT_REGISTER: positiveIntField(120),
  RATE_LIMIT_SEARCH: positiveIntField(600),
  RATE_LIMIT_SEARCH_PER_CODE: positiveIntField(30),
  RATE_LIMIT_CONTACT: positiveIntField(5),
  /** Parental consent (notice, code, confirmation): per address and route, and per candidate code. */
  RATE_LIMIT_CONSENT: positiveIntField(60),
  RATE_LIMIT_CONSENT_PER_CODE: positiveIntField(20),
  /** The school portal's bulk uploads (dry runs and imports): per session, over their own window (an hour). */
  RATE_LIMIT_PORTAL_IMPORTS: positiveIntField(10),
  RATE_LIMIT_PORTAL_IMPORTS_WINDOW_SECONDS: positiveIntField(3600),
  ...trustedProxyEnv,
};

/** Registration events whose outbox write did not happen (crash) are re-queued after this pause. */
const redriveEnv = {
  EVENT_REDRIVE_INTERVAL_MS: positiveIntField(30_000),
};

/**
 * The organisers' contact details the parental-consent notice names (the same settings the edge
 * hands the pages; unset: the product's defaults, DEFAULT_CONTACT_DETAILS of @kbe/content).
 */
const contactEnv = {
  CONTACT_ADDRESS: z.string().trim().min(1).optional(),
  CONTACT_PHONE: z.string().trim().min(1).optional(),
  CONTACT_EMAIL: z.string().trim().min(1).optional(),
};

/** The key of the consent codes' and guardians' number hashes (otp-hash-key.ts); unset: derived from INTERNAL_API_TOKEN. */
const otpEnv = {
  OTP_HASH_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
};

/**
 * A guardian's rights: documents-service renders the readable copy of a data export; an edition's
 * photos, signatures, mothers' and guardians' names and numbers are purged this many days after
 * its results are published; unfinished erasures are taken up again at this interval.
 */
const dataRightsEnv = {
  DOCUMENTS_SERVICE_URL: httpUrlField('http://127.0.0.1:3102'),
  RETENTION_DAYS_AFTER_RESULTS: positiveIntField(365),
  ERASURE_RETRY_INTERVAL_MS: positiveIntField(60_000),
};

/**
 * Test and benchmark data only: candidates registered while set get a consent record of method
 * `test-data` (test-data-consent.ts), so what releases documents needs no guardian's code.
 */
const testDataEnv = {
  TEST_DATA_CONSENT: z
    .enum(['true', 'false'], { error: 'must be true or false' })
    .default('false')
    .transform((value) => value === 'true'),
};

export const registrationEnvSchema = composeEnv(
  serviceEnv(3101),
  mongoEnv,
  kafkaEnv,
  minioEnv,
  authEnv,
  editionEnv,
  rateLimitEnv,
  redriveEnv,
  tokenRevocationEnv,
  contactEnv,
  otpEnv,
  dataRightsEnv,
  testDataEnv,
).superRefine((env, context) => {
  // A guardian's consent is never skipped for real data: only a store on this machine may hold test data.
  if (env.TEST_DATA_CONSENT && !isLoopbackStore(env.MONGODB_URI)) {
    context.addIssue({ code: 'custom', path: ['TEST_DATA_CONSENT'], message: 'is for test data only: MONGODB_URI must be on 127.0.0.1 or localhost' });
  }
});

function isLoopbackStore(uri: string): boolean {
  const hosts = /^mongodb(?:\+srv)?:\/\/(?:[^@/]*@)?([^/?]+)/.exec(uri)?.[1] ?? '';
  return hosts !== '' && hosts.split(',').every((host) => /^(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/.test(host));
}

export type RegistrationConfig = z.output<typeof registrationEnvSchema>;
