import {
  authEnv,
  composeEnv,
  kafkaEnv,
  minioEnv,
  mongoEnv,
  positiveIntField,
  serviceEnv,
  tokenRevocationEnv,
  trustedProxyEnv,
} from '@kbe/server-config';
import { DEFAULT_EDITION } from '@kbe/contracts';
import { z } from 'zod';

export const SERVICE_NAME = 'registration-service';

/** Edition settings (DECISIONS: one edition configuration, not literals in code). */
const editionEnv = {
  /** Last instant registrations are accepted, ISO 8601 with offset (default: the 2025 edition). */
  EDITION_REGISTRATION_DEADLINE: z.iso
    .datetime({ offset: true, error: 'must be an ISO date-time with offset, e.g. 2025-10-30T23:59:59.999+05:30' })
    .default(DEFAULT_EDITION.registrationDeadline),
  EDITION_YEAR: z.coerce
    .number({ error: 'must be a year such as 2025' })
    .int({ error: 'must be a year such as 2025' })
    .min(2000, { error: 'must be a year such as 2025' })
    .max(2100, { error: 'must be a year such as 2025' })
    .default(DEFAULT_EDITION.year),
};

/** Per-client rate limits (requests per window), lowered by tests. */
const rateLimitEnv = {
  RATE_LIMIT_WINDOW_SECONDS: positiveIntField(60),
  RATE_LIMIT_REGISTER: positiveIntField(20),
  RATE_LIMIT_SEARCH: positiveIntField(30),
  RATE_LIMIT_CONTACT: positiveIntField(5),
  ...trustedProxyEnv,
};

/** Registration events whose outbox write did not happen (crash) are re-queued after this pause. */
const redriveEnv = {
  EVENT_REDRIVE_INTERVAL_MS: positiveIntField(30_000),
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
);

export type RegistrationConfig = z.output<typeof registrationEnvSchema>;
