import { InvalidEnvironmentError, loadConfig } from '@kbe/server-config';
import { adminEnvSchema } from './admin.config';

const required = {
  JWT_PUBLIC_KEYS: JSON.stringify({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'abc', kid: 'k1' }] }),
  JWT_PRIVATE_KEY: JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: 'abc', d: 'def', kid: 'k1' }),
  INTERNAL_API_TOKEN: 'i'.repeat(24),
};

function problemOf(env: Record<string, string>): string {
  try {
    loadConfig(adminEnvSchema, { ...required, ...env });
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) return error.message;
    throw error;
  }
  throw new Error('expected the environment to be rejected');
}

describe('admin-service environment', () => {
  it("refuses to start in production with the development test-login's password", () => {
    const account = { ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'kbe-dev-admin' };
    expect(problemOf({ ...account, NODE_ENV: 'production' })).toBe(
      'Invalid environment: ADMIN_PASSWORD must not be the development password in production',
    );
    expect(loadConfig(adminEnvSchema, { ...required, ...account, NODE_ENV: 'development' }).ADMIN_PASSWORD).toBe('kbe-dev-admin');
    expect(loadConfig(adminEnvSchema, { ...required, ADMIN_USERNAME: 'chief', ADMIN_PASSWORD: 'a-real-secret', NODE_ENV: 'production' }).NODE_ENV).toBe(
      'production',
    );
  });

  it('wants the username and the password together', () => {
    expect(problemOf({ ADMIN_USERNAME: 'chief' })).toBe('Invalid environment: ADMIN_PASSWORD must be set together with ADMIN_USERNAME');
  });
});
