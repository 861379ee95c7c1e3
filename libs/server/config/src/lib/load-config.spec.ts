import { adminAccountEnv, authEnv, composeEnv, kafkaEnv, minioEnv, mongoEnv, serviceEnv, tokenSigningEnv } from './env.schema';
import { InvalidEnvironmentError, loadConfig, loadConfigOrExit } from './load-config';

const schema = composeEnv(serviceEnv(3101), mongoEnv, kafkaEnv, minioEnv, authEnv, tokenSigningEnv);
const validEnv = {
  MINIO_ACCESS_KEY: 'kbe-dev',
  MINIO_SECRET_KEY: 'minio-secret-123',
  JWT_PUBLIC_KEYS: JSON.stringify({ keys: [{ kty: 'OKP', crv: 'Ed25519', x: 'abc', kid: 'k1' }] }),
  JWT_PRIVATE_KEY: JSON.stringify({ kty: 'OKP', crv: 'Ed25519', x: 'abc', d: 'def', kid: 'k1' }),
  INTERNAL_API_TOKEN: 'i'.repeat(24),
};

function messageOf(env: Record<string, string | undefined>): string {
  try {
    loadConfig(schema, env);
  } catch (error) {
    if (error instanceof InvalidEnvironmentError) return error.message;
    throw error;
  }
  throw new Error('expected the environment to be rejected');
}

describe('loadConfig', () => {
  it('fills the documented defaults', () => {
    const config = loadConfig(schema, validEnv);
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3101,
      LOG_LEVEL: 'info',
      MONGODB_URI: 'mongodb://127.0.0.1:27017',
      MONGODB_DB_PREFIX: 'kbe',
      MONGODB_MAX_POOL_SIZE: 10,
      KAFKA_BROKERS: ['127.0.0.1:9092'],
      KAFKA_TOPIC_PREFIX: '',
      MINIO_ENDPOINT: 'http://127.0.0.1:9000',
      MINIO_BUCKET_PREFIX: 'kbe-',
      JWT_EXPIRES_IN_SECONDS: 28800,
    });
  });

  it('converts values to their types', () => {
    const config = loadConfig(schema, { ...validEnv, PORT: '4000', KAFKA_BROKERS: 'a:1,b:2' });
    expect(config.PORT).toBe(4000);
    expect(config.KAFKA_BROKERS).toEqual(['a:1', 'b:2']);
  });

  it('names a missing variable', () => {
    expect(messageOf({ ...validEnv, JWT_PUBLIC_KEYS: undefined })).toBe('Invalid environment: JWT_PUBLIC_KEYS is required');
  });

  it('treats an empty value as missing', () => {
    expect(messageOf({ ...validEnv, MINIO_ACCESS_KEY: '' })).toBe('Invalid environment: MINIO_ACCESS_KEY is required');
  });

  it('names every wrong variable with what is expected of it', () => {
    expect(
      messageOf({ ...validEnv, PORT: 'eighty', LOG_LEVEL: 'loud', JWT_PRIVATE_KEY: '{"kty":"OKP"}', MONGODB_URI: 'http://db' }),
    ).toBe(
      'Invalid environment: PORT must be an integer between 0 and 65535; LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent; ' +
        'MONGODB_URI must be a mongodb:// or mongodb+srv:// URI; JWT_PRIVATE_KEY must be a private Ed25519 JSON Web Key with a kid',
    );
  });

  it('rejects a broker list that is not host:port', () => {
    expect(messageOf({ ...validEnv, KAFKA_BROKERS: 'localhost' })).toBe(
      'Invalid environment: KAFKA_BROKERS must be a comma-separated list of host:port',
    );
  });

  it('keeps optional admin account variables optional but checks them when set', () => {
    const adminSchema = composeEnv(serviceEnv(3103), adminAccountEnv);
    expect(loadConfig(adminSchema, {}).ADMIN_USERNAME).toBeUndefined();
    expect(() => loadConfig(adminSchema, { ADMIN_USERNAME: 'admin', ADMIN_PASSWORD: 'short' })).toThrow(
      'Invalid environment: ADMIN_PASSWORD must be at least 8 characters long',
    );
  });
});

describe('loadConfigOrExit', () => {
  it('hands the one-line message to the exit function instead of throwing', () => {
    const exit = jest.fn((message: string): never => {
      throw new Error(`exit: ${message}`);
    });
    expect(() => loadConfigOrExit(schema, { ...validEnv, JWT_PUBLIC_KEYS: undefined }, exit)).toThrow(
      'exit: Invalid environment: JWT_PUBLIC_KEYS is required',
    );
    expect(exit).toHaveBeenCalledTimes(1);
  });

  it('returns the config when the environment is valid', () => {
    const exit = jest.fn((): never => {
      throw new Error('should not exit');
    });
    expect(loadConfigOrExit(schema, validEnv, exit).PORT).toBe(3101);
    expect(exit).not.toHaveBeenCalled();
  });
});
