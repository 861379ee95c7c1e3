import { adminAccountEnv, authEnv, composeEnv, kafkaEnv, mongoEnv, serviceEnv, serviceUrlsEnv } from '@kbe/server-config';
import type { z } from 'zod';

export const SERVICE_NAME = 'admin-service';

export const adminEnvSchema = composeEnv(
  serviceEnv(3103),
  mongoEnv,
  kafkaEnv,
  authEnv,
  serviceUrlsEnv,
  adminAccountEnv,
).refine((env) => (env.ADMIN_USERNAME === undefined) === (env.ADMIN_PASSWORD === undefined), {
  error: 'must be set together with ADMIN_USERNAME',
  path: ['ADMIN_PASSWORD'],
});

export type AdminConfig = z.output<typeof adminEnvSchema>;
