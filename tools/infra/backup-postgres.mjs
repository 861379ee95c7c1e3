// PostgreSQL side of `npm run db:backup` / `db:restore`: pg_dump and pg_restore of the `ferretdb`
// database (every MongoDB database is one schema in it) with the cluster's own binaries, over
// TCP as the infra env's POSTGRES_URL (user `kbe`, trusted on loopback).
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { InfraError } from './lib/config.mjs';
import { runStep } from './lib/toolchain.mjs';
import { FERRETDB_DATABASE, findPostgres } from './servers/postgres.server.mjs';

/** pg_restore writes here, and the result replaces FERRETDB_DATABASE only when it is complete. */
const RESTORING = `${FERRETDB_DATABASE}_restoring`;
const REPLACED = `${FERRETDB_DATABASE}_replaced`;
const TOOL_TIMEOUT_MS = 2 * 60 * 60_000;

/** Debian's PostgreSQL binaries the cluster runs with. */
export function postgresBin() {
  const found = findPostgres();
  if (!found) throw new InfraError('no PostgreSQL server binaries under /usr/lib/postgresql: run `npm run infra:up` (it installs them)');
  return found.bin;
}

/** The connection URL of another database of the same cluster. */
function databaseUrl(url, database) {
  const other = new URL(url);
  other.pathname = `/${database}`;
  return other.toString();
}

function psql(url, command) {
  return execFileSync(join(postgresBin(), 'psql'), [url, '-v', 'ON_ERROR_STOP=1', '-tAc', command], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  }).trim();
}

/** Throws when the cluster does not answer (the caller turns it into a refusal). */
export function serverVersion(url) {
  return psql(url, 'SHOW server_version');
}

/** Bytes the database takes in the cluster (pg_database_size). */
export function databaseBytes(url) {
  return Number(psql(url, 'SELECT pg_database_size(current_database())'));
}

/**
 * The MongoDB databases in a dump (FerretDB keeps each as one schema), read from its table of
 * contents with `pg_restore --list`; throws when the file is not a readable custom-format dump.
 */
export function dumpSchemas(file) {
  const toc = execFileSync(join(postgresBin(), 'pg_restore'), ['--list', file], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  return toc.split('\n').map((line) => /^\d+; \d+ \d+ SCHEMA - (.+) \S+$/.exec(line)?.[1]).filter(Boolean).sort();
}

export function toolVersion(tool) {
  return execFileSync(join(postgresBin(), tool), ['--version'], { encoding: 'utf8' }).trim();
}

/** pg_dump --format=custom of the database at `url` into `file`. */
export async function dumpDatabase({ url, file, logFile }) {
  await runStep({
    title: `pg_dump ${FERRETDB_DATABASE}`,
    command: join(postgresBin(), 'pg_dump'),
    args: ['--format=custom', '--file', file, '--dbname', url],
    logFile,
    timeoutMs: TOOL_TIMEOUT_MS,
  });
}

function databaseExists(maintenance, name) {
  return psql(maintenance, `SELECT count(*) FROM pg_database WHERE datname = '${name}'`) !== '0';
}

/** Closes every other session of `name` (FerretDB is stopped; this is anyone's psql left open). */
async function disconnectAll(maintenance, name) {
  const sessions = `FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`;
  psql(maintenance, `SELECT count(pg_terminate_backend(pid)) ${sessions}`);
  for (let i = 0; i < 50 && psql(maintenance, `SELECT count(*) ${sessions}`) !== '0'; i += 1) await sleep(200);
}

/** Makes the complete RESTORING database the FERRETDB_DATABASE, dropping the one it replaces. */
async function swapIn(maintenance) {
  if (databaseExists(maintenance, FERRETDB_DATABASE)) {
    await disconnectAll(maintenance, FERRETDB_DATABASE);
    psql(maintenance, `ALTER DATABASE ${FERRETDB_DATABASE} RENAME TO ${REPLACED}`);
  }
  psql(maintenance, `ALTER DATABASE ${RESTORING} RENAME TO ${FERRETDB_DATABASE}`);
  psql(maintenance, `DROP DATABASE IF EXISTS ${REPLACED} WITH (FORCE)`);
}

/**
 * Replaces the database at `url` (FERRETDB_DATABASE) with the dump: pg_restore into a new
 * database first, then swap it in, so a failed pg_restore leaves the current data as it was.
 * FerretDB must be stopped (it caches its metadata).
 */
export async function restoreDatabase({ url, file, logFile }) {
  const maintenance = databaseUrl(url, 'postgres');
  psql(maintenance, `DROP DATABASE IF EXISTS ${RESTORING} WITH (FORCE)`);
  psql(maintenance, `CREATE DATABASE ${RESTORING} TEMPLATE template0`);
  try {
    await runStep({
      title: `pg_restore into ${RESTORING}`,
      command: join(postgresBin(), 'pg_restore'),
      args: ['--exit-on-error', '--no-owner', '--dbname', databaseUrl(url, RESTORING), file],
      logFile,
      timeoutMs: TOOL_TIMEOUT_MS,
    });
  } catch (error) {
    psql(maintenance, `DROP DATABASE IF EXISTS ${RESTORING} WITH (FORCE)`);
    throw error;
  }
  await swapIn(maintenance);
}
