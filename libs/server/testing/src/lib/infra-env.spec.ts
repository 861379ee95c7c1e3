import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { infraEnvPath, isolatedInfraEnv, parseEnvFile, readInfraEnv } from './infra-env';

describe('infra env', () => {
  const dir = mkdtempSync(join(tmpdir(), 'kbe-infra-'));
  const file = join(dir, 'env');
  writeFileSync(file, '# written by tools/infra\nMONGODB_URI=mongodb://127.0.0.1:27017\nMINIO_ACCESS_KEY="kbe-dev"\n\nMINIO_SECRET_KEY=abc=def\n');

  it('reads KEY=VALUE lines', () => {
    expect(readInfraEnv(file)).toEqual({
      MONGODB_URI: 'mongodb://127.0.0.1:27017',
      MINIO_ACCESS_KEY: 'kbe-dev',
      MINIO_SECRET_KEY: 'abc=def',
    });
    expect(parseEnvFile('export A=1\nnot a line')).toEqual({ A: '1' });
  });

  it('locates the file under KBE_INFRA_HOME', () => {
    expect(infraEnvPath({ KBE_INFRA_HOME: '/srv/infra' })).toBe('/srv/infra/env');
  });

  it('says how to start the servers when the file is missing', () => {
    expect(() => readInfraEnv(join(dir, 'missing'))).toThrow(/node tools\/infra\/cli.mjs up/);
  });

  it('gives every suite its own prefixes', () => {
    const a = isolatedInfraEnv({}, file);
    const b = isolatedInfraEnv({}, file);
    expect(a['MONGODB_URI']).toBe('mongodb://127.0.0.1:27017');
    expect(a.MONGODB_DB_PREFIX).not.toBe(b.MONGODB_DB_PREFIX);
    expect(a.KAFKA_TOPIC_PREFIX).toBe(`${a.MONGODB_DB_PREFIX}.`);
    expect(a.MINIO_BUCKET_PREFIX).toMatch(/^[a-z0-9]+-$/);
  });
});
