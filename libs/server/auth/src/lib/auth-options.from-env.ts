import type { AuthEnv } from '@kbe/server-config';
import type { AuthOptions } from './auth.options';

export function authOptionsFromEnv(env: AuthEnv): AuthOptions {
  return {
    jwtSecret: env.JWT_SECRET,
    issuer: env.JWT_ISSUER,
    audience: env.JWT_AUDIENCE,
    expiresInSeconds: env.JWT_EXPIRES_IN_SECONDS,
    internalApiToken: env.INTERNAL_API_TOKEN,
  };
}
