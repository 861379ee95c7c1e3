// The dev credentials and the `$KBE_INFRA_HOME/env` file (KEY=VALUE lines) that other tools load.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { InfraError } from './config.mjs';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

function randomString(length) {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ALPHANUMERIC[b % ALPHANUMERIC.length]).join('');
}

function writePrivate(file, text) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600 });
  renameSync(temporary, file);
}

/** MinIO root credentials, generated once and kept in the cache (they must match the data). */
export function minioCredentials(p) {
  const file = join(p.secrets, 'minio-root.json');
  if (existsSync(file)) {
    const saved = JSON.parse(readFileSync(file, 'utf8'));
    if (saved.accessKey && saved.secretKey) return saved;
  }
  mkdirSync(p.secrets, { recursive: true, mode: 0o700 });
  const created = { accessKey: `kbe${randomString(13)}`, secretKey: randomString(40) };
  writePrivate(file, `${JSON.stringify(created, null, 2)}\n`);
  return created;
}

export function writeEnvFile(p, values) {
  mkdirSync(p.home, { recursive: true });
  const lines = [
    '# Written by tools/infra (`node tools/infra/cli.mjs up`): local dev servers and their dev-only credentials.',
    ...Object.entries(values).map(([key, value]) => `${key}=${value}`),
    '',
  ];
  writePrivate(p.envFile, lines.join('\n'));
}

export function parseEnvText(text) {
  const values = {};
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) continue;
    const at = trimmed.indexOf('=');
    if (at <= 0) continue;
    values[trimmed.slice(0, at).trim()] = trimmed.slice(at + 1).trim();
  }
  return values;
}

export function readEnvFile(p) {
  if (!existsSync(p.envFile)) {
    throw new InfraError(`${p.envFile} does not exist yet: run \`npm run infra:up\` (node tools/infra/cli.mjs up) first`);
  }
  return parseEnvText(readFileSync(p.envFile, 'utf8'));
}
