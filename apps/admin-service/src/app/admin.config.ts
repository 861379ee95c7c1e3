import {
  adminAccountEnv,
  authEnv,
  composeEnv,
  httpUrlField,
  kafkaEnv,
  mongoEnv,
  positiveIntField,
  serviceEnv,
  serviceUrlsEnv,
  tokenSigningEnv,
  trustedProxyEnv,
} from '@kbe/server-config';
import { DEVELOPMENT_ADMIN_ACCOUNT } from '@kbe/contracts';
import { z } from 'zod';

export const SERVICE_NAME = 'admin-service';

/** Login brute-force protection, per account and per client address. */
const loginProtectionEnv = {
  /** Failures within the window after which each further attempt must wait (1 s, 2 s, 4 s ... up to 60 s). */
  LOGIN_SLOWDOWN_AFTER: positiveIntField(3),
  /** Failures within the window after which logins are locked until the window ends. */
  LOGIN_LOCK_AFTER: positiveIntField(10),
  LOGIN_WINDOW_SECONDS: positiveIntField(15 * 60),
  ...trustedProxyEnv,
};

const portalEnv = {
  /** Public address quoted in SMS templates. */
  PORTAL_URL: httpUrlField('http://localhost:8080'),
};

export const adminEnvSchema = composeEnv(
  serviceEnv(3103),
  mongoEnv,
  kafkaEnv,
  authEnv,
  tokenSigningEnv,
  serviceUrlsEnv,
  adminAccountEnv,
  loginProtectionEnv,
  portalEnv,
)
  .refine((env) => (env.ADMIN_USERNAME === undefined) === (env.ADMIN_PASSWORD === undefined), {
    error: 'must be set together with ADMIN_USERNAME',
    path: ['ADMIN_PASSWORD'],
  })
  // The development test-login's password is public (DEVELOPMENT_ADMIN_ACCOUNT): never a production account's.
  .refine((env) => !(env.NODE_ENV === 'production' && env.ADMIN_PASSWORD === DEVELOPMENT_ADMIN_ACCOUNT.password), {
    error: 'must not be the development password in production',
    path: ['ADMIN_PASSWORD'],
  });

export type AdminConfig = z.output<typeof adminEnvSchema>;
