import type { AuthEnv } from '@kbe/server-config';
import type { AuthOptions } from './auth.options';
import { parsePrivateKey, parsePublicKeySet } from './jwt-keys';

/** Verification options of every guarding service. */
export function authOptionsFromEnv(env: AuthEnv): AuthOptions {
  return {
    issuer: env.JWT_ISSUER,
    audience: env.JWT_AUDIENCE,
    publicKeys: parsePublicKeySet(env.JWT_PUBLIC_KEYS),
    internalApiToken: env.INTERNAL_API_TOKEN,
  };
}

/** Where a guarding service asks whether a token was revoked (logout): admin-service, when configured. */
export function tokenRevocationFromEnv(env: { ADMIN_SERVICE_URL?: string | undefined }): { adminServiceUrl: string } | undefined {
  return env.ADMIN_SERVICE_URL ? { adminServiceUrl: env.ADMIN_SERVICE_URL } : undefined;
}

/** admin-service: verification plus the signing key. */
export function signingAuthOptionsFromEnv(env: AuthEnv & { JWT_PRIVATE_KEY: string; JWT_EXPIRES_IN_SECONDS: number }): AuthOptions {
  return {
    ...authOptionsFromEnv(env),
    signing: { key: parsePrivateKey(env.JWT_PRIVATE_KEY), expiresInSeconds: env.JWT_EXPIRES_IN_SECONDS },
  };
}
