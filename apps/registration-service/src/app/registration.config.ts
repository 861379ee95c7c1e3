import {
  authEnv,
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
