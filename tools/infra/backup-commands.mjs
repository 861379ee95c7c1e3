// `npm run db:backup` and `npm run db:restore` as functions (the CLI is backup.mjs; the test calls
// these). A backup is the `ferretdb` PostgreSQL database (pg_dump) plus every MinIO bucket, in one
// directory described by backup-format.mjs. A restore replaces both with the backup's content.
import { existsSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';
import {
  BackupRefusal, DUMP, FORMAT, MANIFEST, OBJECT_INDEX, sha256File, stagingDir, timestampName, verifyBackup,
} from './backup-format.mjs';
import { backupBucket, bucketNames, megabytes, minioClient, restoreBucket } from './backup-minio.mjs';
import { databaseBytes, dumpDatabase, dumpSchemas, restoreDatabase, serverVersion, toolVersion } from './backup-postgres.mjs';
import { readInfraEnv, start, status, stop } from './index.mjs';
import { paths } from './lib/config.mjs';
import { withLock } from './lib/lock.mjs';
import { seconds, stopwatch } from './lib/timing.mjs';

export { BackupRefusal };

function defaultLog(line) {
  process.stdout.write(`${line}\n`);
}

/** `[backup +1.2s] text`: every line says how long the command has been running. */
function reporter(command, log = defaultLog) {
  const took = stopwatch();
  const step = (text) => log(`[${command} +${seconds(took())}] ${text}`);
  step.elapsed = took;
  return step;
}

/**
 * The infra env and the servers a backup or restore talks to, or a BackupRefusal saying what to
 * start. Resolves { env, servers: { postgres, mongo, minio } (status entries), postgresVersion, buckets }.
 */
async function reachServers() {
  const { servers } = await status({ names: ['postgres', 'mongo', 'minio'] });
  const byName = Object.fromEntries(servers.map((s) => [s.name, s]));
  const down = ['postgres', 'minio'].filter((name) => byName[name].state !== 'running');
  if (down.length) {
    throw new BackupRefusal(`${down.join(' and ')} ${down.length > 1 ? 'are' : 'is'} not running (${down.map((n) => `${n}: ${byName[n].state}`).join(', ')}): start the servers with \`npm run infra:up\`, then try again`);
  }
  let env;
  try {
    env = readInfraEnv();
  } catch (error) {
    throw new BackupRefusal(error.message);
  }
  let postgresVersion;
  try {
    postgresVersion = serverVersion(env.POSTGRES_URL);
  } catch (error) {
    throw new BackupRefusal(`PostgreSQL at ${env.POSTGRES_URL} does not answer: ${String(error.stderr || error.message).trim()}`);
  }
  let buckets;
  try {
    buckets = await bucketNames(minioClient(env));
  } catch (error) {
    throw new BackupRefusal(`MinIO at ${env.MINIO_ENDPOINT} does not answer: ${error.message}`);
  }
  return { env, servers: byName, postgresVersion, buckets };
}

function backupTarget(to) {
  const dir = resolve(to ?? join(paths().home, 'backups', timestampName()));
  if (existsSync(dir)) throw new BackupRefusal(`${dir} already exists: choose another --to directory`);
  return dir;
}

async function writeDump({ env, dir, step }) {
  const databaseSize = databaseBytes(env.POSTGRES_URL);
  step(`pg_dump of database ferretdb (${megabytes(databaseSize)} in PostgreSQL) ...`);
  const took = stopwatch();
  const file = join(dir, DUMP);
  await dumpDatabase({ url: env.POSTGRES_URL, file, logFile: paths().log('backup') });
  const dump = { file: DUMP, bytes: statSync(file).size, sha256: await sha256File(file), databaseBytes: databaseSize };
  const schemas = dumpSchemas(file);
  step(`${DUMP}: ${megabytes(dump.bytes)}, ${schemas.length} MongoDB databases, in ${seconds(took())}`);
  return { dump, schemas };
}

async function writeObjects({ env, buckets, dir, step }) {
  const client = minioClient(env);
  const index = {};
  step(`MinIO: ${buckets.length} bucket(s) ...`);
  for (const bucket of buckets) index[bucket] = await backupBucket({ client, bucket, root: dir, log: step });
  const file = join(dir, OBJECT_INDEX);
  writeFileSync(file, `${JSON.stringify(index, null, 1)}\n`);
  const summary = buckets.map((name) => ({ name, objects: index[name].length, bytes: index[name].reduce((sum, o) => sum + o.size, 0) }));
  return { index: { file: OBJECT_INDEX, bytes: statSync(file).size, sha256: await sha256File(file) }, buckets: summary };
}

function manifestOf({ startedAt, reached, dump, schemas, minio, step }) {
  return {
    format: FORMAT,
    createdAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    seconds: Number(step.elapsed().toFixed(1)),
    host: hostname(),
    postgres: { server: reached.postgresVersion, pgDump: toolVersion('pg_dump'), database: 'ferretdb' },
    ferretdb: { version: reached.servers.mongo.version, state: reached.servers.mongo.state },
    mongoDatabases: schemas,
    dump,
    minio,
  };
}

/**
 * Writes a backup into `options.to` (default $KBE_INFRA_HOME/backups/<UTC timestamp>): staged in
 * `<dir>.partial-<pid>`, renamed into place when complete. Resolves { dir, manifest }.
 * Rejects with a BackupRefusal (nothing written) when the servers are not running.
 */
export async function backup(options = {}) {
  const step = reporter('backup', options.log);
  const startedAt = new Date();
  const reached = await reachServers();
  const dir = backupTarget(options.to);
  const staging = stagingDir(dir);
  step(`writing ${dir} (staged in ${staging}); PostgreSQL ${reached.postgresVersion}, FerretDB ${reached.servers.mongo.version}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    // The database first: an object uploaded while the buckets are copied is at worst an orphan.
    const { dump, schemas } = await writeDump({ env: reached.env, dir: staging, step });
    const minio = await writeObjects({ env: reached.env, buckets: reached.buckets, dir: staging, step });
    const manifest = manifestOf({ startedAt, reached, dump, schemas, minio, step });
    writeFileSync(join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    renameSync(staging, dir);
    summarizeBackup(step, dir, manifest);
    return { dir, manifest };
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    throw error;
  }
}

function summarizeBackup(step, dir, manifest) {
  const objects = manifest.minio.buckets.reduce((sum, b) => sum + b.objects, 0);
  const bytes = manifest.minio.buckets.reduce((sum, b) => sum + b.bytes, 0);
  step(`done: ${dir}`);
  step(`  database: ${manifest.mongoDatabases.length} MongoDB databases, dump ${megabytes(manifest.dump.bytes)} (sha256 ${manifest.dump.sha256.slice(0, 16)}...)`);
  step(`  objects:  ${objects} in ${manifest.minio.buckets.length} bucket(s), ${megabytes(bytes)}`);
  step(`  restore with: npm run db:restore -- ${dir}`);
}

async function askToProceed(dir, reached) {
  if (!process.stdin.isTTY) {
    throw new BackupRefusal('a restore replaces all data and needs a confirmation: run it in a terminal, or pass --yes');
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  try {
    const answer = await prompt.question(
      `Replace ALL data of the database ferretdb (${reached.env.POSTGRES_URL}) and the buckets at ${reached.env.MINIO_ENDPOINT} with ${dir}? Type "yes": `,
    );
    return answer.trim().toLowerCase() === 'yes';
  } finally {
    prompt.close();
  }
}

/** Stop FerretDB, replace the database, start FerretDB again (also when the restore fails). */
async function restoreDatabaseStep({ dir, env, step, log }) {
  await withLock(paths().lock, async () => {
    const nested = { log: (line) => step(line.trim()) };
    step(`stopping FerretDB (it caches metadata; PostgreSQL must not change under it) ...`);
    await stop('mongo', nested);
    try {
      step('pg_restore into a new database, then swapped in for ferretdb ...');
      const took = stopwatch();
      await restoreDatabase({ url: env.POSTGRES_URL, file: join(dir, DUMP), logFile: paths().log('backup') });
      step(`database ferretdb restored in ${seconds(took())}`);
    } finally {
      step('starting FerretDB ...');
      await start('mongo', nested);
    }
  }, { log });
}

/** The databases FerretDB lists after the restore (it answered, and sees the restored data). */
async function ferretDatabases() {
  const { MongoClient } = await import('mongodb');
  const client = new MongoClient(readInfraEnv().MONGODB_URI, { serverSelectionTimeoutMS: 30_000 });
  try {
    const { databases } = await client.db('admin').admin().listDatabases({ nameOnly: true });
    return databases.map((d) => d.name).sort();
  } finally {
    await client.close();
  }
}

async function restoreObjects({ dir, env, index, buckets, step }) {
  const client = minioClient(env);
  const results = {};
  for (const bucket of Object.keys(index)) {
    results[bucket] = await restoreBucket({ client, bucket, objects: index[bucket], root: dir, log: step });
  }
  const untouched = buckets.filter((name) => !(name in index));
  if (untouched.length) step(`buckets not in the backup, left as they are: ${untouched.join(', ')}`);
  return { buckets: results, untouched };
}

/** pg_restore reads the dump's table of contents (the sha256 matched; this checks the tool can read it). */
function readableDump(file) {
  try {
    dumpSchemas(file);
  } catch (error) {
    throw new BackupRefusal(`pg_restore cannot read ${file}, nothing was changed: ${String(error.stderr || error.message).trim()}`);
  }
}

/**
 * Replaces the `ferretdb` database and the backed-up buckets with the backup in `options.from`.
 * Verifies the backup first; asks unless `options.yes` (or `options.confirm()` resolves true).
 * Resolves { dir, manifest, databases, minio: { buckets, untouched } }; rejects with a
 * BackupRefusal, having changed nothing, when the backup is damaged or the servers are down.
 */
export async function restore(options = {}) {
  if (!options.from) throw new BackupRefusal('which backup? usage: npm run db:restore -- <backup dir> [--yes]');
  const step = reporter('restore', options.log);
  const dir = resolve(options.from);
  if (!existsSync(dir)) throw new BackupRefusal(`${dir} does not exist`);
  step(`verifying ${dir} ...`);
  const { manifest, index } = await verifyBackup(dir, { log: step });
  readableDump(join(dir, DUMP));
  step(`backup of ${manifest.createdAt} from ${manifest.host}: PostgreSQL ${manifest.postgres.server}, FerretDB ${manifest.ferretdb.version}, ${manifest.mongoDatabases.length} MongoDB databases`);
  const reached = await reachServers();
  if (!options.yes && !(await (options.confirm ?? askToProceed)(dir, reached))) {
    throw new BackupRefusal('not confirmed: nothing was changed');
  }
  try {
    await restoreDatabaseStep({ dir, env: reached.env, step, log: options.log });
    const databases = await ferretDatabases();
    step(`FerretDB answers: ${databases.length} databases${sameList(databases, manifest.mongoDatabases) ? ', as in the backup' : ` (the backup had ${manifest.mongoDatabases.length})`}`);
    const minio = await restoreObjects({ dir, env: reached.env, index, buckets: reached.buckets, step });
    step(`done: database ferretdb and ${Object.keys(index).length} bucket(s) are as in ${dir}`);
    return { dir, manifest, databases, minio };
  } catch (error) {
    error.message = `restore stopped part-way (${error.message}); fix the cause and run it again: it starts from the backup each time (log: ${paths().log('backup')})`;
    throw error;
  }
}

function sameList(a, b) {
  const sorted = [...b].sort();
  return a.length === b.length && a.every((value, i) => value === sorted[i]);
}
