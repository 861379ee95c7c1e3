import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/** `$KBE_INFRA_HOME/env` (default `~/.cache/kbe-infra/env`), written by `node tools/infra/cli.mjs up`. */
export function infraEnvPath(env: NodeJS.ProcessEnv = process.env): string {
  return join(env['KBE_INFRA_HOME'] || join(homedir(), '.cache', 'kbe-infra'), 'env');
}

/** Parses KEY=VALUE lines (blank lines and `#` comments ignored, surrounding quotes removed). */
export function parseEnvFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
    if (!match) continue;
    const [, key = '', value = ''] = match;
    values[key] = value.replace(/^(['"])(.*)\1$/, '$2');
  }
  return values;
}

/** The real servers' coordinates and dev credentials, as written by the infra tool. */
export function readInfraEnv(path = infraEnvPath()): Record<string, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new Error(`No infrastructure env at ${path}: start the servers with \`node tools/infra/cli.mjs up\``);
  }
  return parseEnvFile(text);
}

export interface IsolatedInfraEnv extends Record<string, string> {
  MONGODB_DB_PREFIX: string;
  KAFKA_TOPIC_PREFIX: string;
  MINIO_BUCKET_PREFIX: string;
  JWT_PUBLIC_KEYS: string;
  JWT_PRIVATE_KEY: string;
  INTERNAL_API_TOKEN: string;
  LOG_LEVEL: string;
}

/**
 * The infra env plus prefixes unique to this test suite, so suites can run again and side by
 * side: databases `t<id>-<service>`, topics `t<id>.<topic>`, buckets `t<id>-<bucket>`. Also
 * fresh random secrets and quiet logs.
 */
export function isolatedInfraEnv(overrides: Record<string, string> = {}, path = infraEnvPath()): IsolatedInfraEnv {
  const id = `t${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  return {
    ...readInfraEnv(path),
    MONGODB_DB_PREFIX: id,
    KAFKA_TOPIC_PREFIX: `${id}.`,
    MINIO_BUCKET_PREFIX: `${id}-`,
    ...adminTokenKeys(),
    INTERNAL_API_TOKEN: randomBytes(24).toString('hex'),
    LOG_LEVEL: 'warn',
    ...overrides,
  };
}

/** A fresh Ed25519 key pair for admin tokens, as the env values JWT_PRIVATE_KEY and JWT_PUBLIC_KEYS. */
export function adminTokenKeys(kid = `k-${randomBytes(6).toString('hex')}`): { JWT_PRIVATE_KEY: string; JWT_PUBLIC_KEYS: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    JWT_PRIVATE_KEY: JSON.stringify({ ...privateKey.export({ format: 'jwk' }), kid }),
    JWT_PUBLIC_KEYS: JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid }] }),
  };
}
