import { AdminTokenIssuer, parsePrivateKey, parsePublicKeySet, type AdminRole } from '@kbe/server-auth';

/**
 * Signs an admin token with the suite's private key (`isolatedInfraEnv` makes the pair), as
 * admin-service would: for suites of services that only verify tokens.
 */
export function adminTokenFor(
  env: { JWT_PRIVATE_KEY: string; JWT_PUBLIC_KEYS: string; JWT_ISSUER?: string; JWT_AUDIENCE?: string },
  username = 'it-admin',
  role: AdminRole = 'admin',
  nowSeconds = Math.floor(Date.now() / 1000),
): string {
  const issuer = new AdminTokenIssuer({
    issuer: env.JWT_ISSUER ?? 'kbe-admin-service',
    audience: env.JWT_AUDIENCE ?? 'kbe',
    publicKeys: parsePublicKeySet(env.JWT_PUBLIC_KEYS),
    internalApiToken: 'unused-in-signing',
    signing: { key: parsePrivateKey(env.JWT_PRIVATE_KEY), expiresInSeconds: 3600 },
  });
  return issuer.issue(username, role, nowSeconds).token;
}
