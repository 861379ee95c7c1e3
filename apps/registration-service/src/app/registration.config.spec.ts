import { loadConfig } from '@kbe/server-config';
import { registrationEnvSchema } from './registration.config';

const required = {
  MINIO_ACCESS_KEY: 'kbe-dev',
  MINIO_SECRET_KEY: 'minio-secret-123',
  JWT_PUBLIC_KEYS: JSON.stringify({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'abc', kid: 'k1' }] }),
  INTERNAL_API_TOKEN: 'i'.repeat(24),
};

describe('registration-service settings: test-data consent', () => {
  it('is allowed against a store on this machine', () => {
    for (const uri of ['mongodb://127.0.0.1:27017', 'mongodb://kbe:secret@localhost:27017/?directConnection=true']) {
      expect(loadConfig(registrationEnvSchema, { ...required, MONGODB_URI: uri, TEST_DATA_CONSENT: 'true' }).TEST_DATA_CONSENT).toBe(true);
    }
  });

  it('refuses to start against any other store, so a guardian is never skipped for real data', () => {
    for (const uri of ['mongodb://mongo.kbe-data.svc:27017', 'mongodb://127.0.0.1:27017,db2.example.org:27017', 'mongodb+srv://cluster.example.org']) {
      expect(() => loadConfig(registrationEnvSchema, { ...required, MONGODB_URI: uri, TEST_DATA_CONSENT: 'true' })).toThrow(
        /TEST_DATA_CONSENT.*is for test data only: MONGODB_URI must be on 127\.0\.0\.1 or localhost/,
      );
    }
    expect(loadConfig(registrationEnvSchema, { ...required, MONGODB_URI: 'mongodb://mongo.kbe-data.svc:27017' }).TEST_DATA_CONSENT).toBe(false);
  });
});
