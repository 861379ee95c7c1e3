// PostgreSQL: the store under FerretDB (ADR 0004). Debian's server binaries run a cluster of our
// own, with its data under KBE_INFRA_HOME and a loopback port, never the system's cluster.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { InfraError } from '../lib/config.mjs';
import { runStep, which } from '../lib/toolchain.mjs';

const DEBIAN_ROOT = '/usr/lib/postgresql';
/** FerretDB 1.x supports PostgreSQL 12-16. */
const SUPPORTED_MAJORS = [16, 15, 14, 13, 12];
export const POSTGRES_PACKAGES = ['postgresql'];
/** The database FerretDB keeps every MongoDB database in (one schema each). */
export const FERRETDB_DATABASE = 'ferretdb';
/** The cluster's superuser; loopback connections are trusted (a development cluster). */
export const POSTGRES_USER = 'kbe';

/**
 * Settings given on every start (so a change applies to clusters made before it). FerretDB writes
 * every document in a transaction of its own; `synchronous_commit = off` acknowledges a commit
 * before its WAL reaches the disk, as MongoDB acknowledges a write before its journal (flushed
 * every 100 ms): a crash of the machine may lose the last fraction of a second, never corrupts.
 * It halves the cost of a bulk update here (ADR 0004).
 */
const SETTINGS = {
  max_connections: '300',
  shared_buffers: '256MB',
  work_mem: '16MB',
  synchronous_commit: 'off',
  log_min_duration_statement: '2s',
  unix_socket_permissions: '0770',
};

/** `{ major, bin }` of the newest supported PostgreSQL installed by Debian's packages, or undefined. */
export function findPostgres() {
  if (!existsSync(DEBIAN_ROOT)) return undefined;
  const majors = readdirSync(DEBIAN_ROOT).map(Number).filter((major) => SUPPORTED_MAJORS.includes(major));
  for (const major of majors.sort((a, b) => b - a)) {
    const bin = join(DEBIAN_ROOT, String(major), 'bin');
    if (existsSync(join(bin, 'postgres')) && existsSync(join(bin, 'initdb'))) return { major, bin };
  }
  return undefined;
}

function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * The account the cluster runs as: PostgreSQL refuses to run as root, so root runs it as Debian's
 * `postgres` user; anyone else runs it as themselves.
 */
function clusterOwner() {
  if (!isRoot()) return undefined;
  try {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    return { uid, gid };
  } catch {
    throw new InfraError('PostgreSQL refuses to run as root and there is no `postgres` user: install Debian\'s `postgresql` package (it creates the user)');
  }
}

/**
 * The `postgres` account must be able to pass through every directory above the data (`/root` is
 * 0700 on Debian): where one lets only its owner in, traversal (o+x, not listing) is granted.
 */
function letOwnerThrough(dir, owner, log) {
  if (!owner) return;
  for (let at = dirname(dir); at !== dirname(at); at = dirname(at)) {
    const { mode, uid } = statSync(at);
    if (uid === owner.uid || (mode & 0o001) !== 0) continue;
    chmodSync(at, mode | 0o001);
    log?.(`[postgres]  ${at}: granted traversal (o+x) so that the postgres account reaches its data below it`);
  }
}

function ownedDir(dir, owner) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  if (owner) chownSync(dir, owner.uid, owner.gid);
}

function sql({ bin, s, database, command }) {
  return execFileSync(join(bin, 'psql'), ['-h', s.host, '-p', String(s.postgresPort), '-U', POSTGRES_USER, '-d', database, '-tAc', command], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 30_000,
  }).trim();
}

export const postgresServer = {
  name: 'postgres',
  daemon: true,
  get version() {
    return `postgresql-${findPostgres()?.major ?? 'missing'}`;
  },
  get title() {
    return `PostgreSQL ${findPostgres()?.major ?? '(not installed)'} (Debian package), store of FerretDB`;
  },
  readyTimeoutMs: 60_000,
  stopGraceMs: 20_000,
  ports: (s) => [s.postgresPort],

  async install({ p, progress }) {
    if (findPostgres()) return 'cached';
    if (!isRoot() || !which('apt-get')) {
      throw new InfraError(`PostgreSQL ${SUPPORTED_MAJORS.join('/')} server binaries are missing under ${DEBIAN_ROOT}: install them with \`sudo apt-get update && sudo apt-get install -y ${POSTGRES_PACKAGES.join(' ')}\``);
    }
    await runStep({
      title: `apt-get install Debian's ${POSTGRES_PACKAGES.join(' ')}`,
      command: 'sh',
      args: ['-c', `apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${POSTGRES_PACKAGES.join(' ')}`],
      logFile: p.installLog('postgres'),
      timeoutMs: 20 * 60_000,
      progress,
      label: 'postgres',
    });
    if (!findPostgres()) throw new InfraError(`apt-get installed ${POSTGRES_PACKAGES.join(' ')} but no server binaries appeared under ${DEBIAN_ROOT}`);
    return 'built';
  },

  /** initdb on the first start (the data directory keeps a PG_VERSION file afterwards). */
  async prepare({ p, log, progress }) {
    const { bin } = findPostgres();
    const owner = clusterOwner();
    const data = p.data('postgres');
    ownedDir(data, owner);
    letOwnerThrough(data, owner, log);
    ownedDir(join(p.run, 'postgres'), owner);
    if (existsSync(join(data, 'PG_VERSION'))) return;
    await runStep({
      title: `initdb: a new cluster (superuser ${POSTGRES_USER}, loopback trusted)`,
      command: join(bin, 'initdb'),
      args: ['-D', data, '-U', POSTGRES_USER, '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-instructions'],
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
      logFile: p.installLog('postgres'),
      timeoutMs: 5 * 60_000,
      uid: owner?.uid,
      gid: owner?.gid,
      progress,
      label: 'postgres',
    });
  },

  launch({ p, s }) {
    const { bin } = findPostgres();
    const owner = clusterOwner();
    const data = p.data('postgres');
    return {
      command: join(bin, 'postgres'),
      args: [
        '-D', data, '-p', String(s.postgresPort), '-c', `listen_addresses=${s.host}`, '-c', `unix_socket_directories=${join(p.run, 'postgres')}`,
        ...Object.entries(SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ],
      env: { ...process.env, LC_ALL: 'C.UTF-8' },
      cwd: data,
      marker: data,
      uid: owner?.uid,
      gid: owner?.gid,
    };
  },

  /** Ready when it answers a query; creates FerretDB's database on the first start. */
  async probe({ s }) {
    const { bin } = findPostgres();
    const version = sql({ bin, s, database: 'postgres', command: 'SHOW server_version' });
    if (sql({ bin, s, database: 'postgres', command: `SELECT count(*) FROM pg_database WHERE datname = '${FERRETDB_DATABASE}'` }) === '0') {
      sql({ bin, s, database: 'postgres', command: `CREATE DATABASE ${FERRETDB_DATABASE}` });
    }
    return `PostgreSQL ${version}, database ${FERRETDB_DATABASE}`;
  },
};

/** The pgx URL FerretDB connects with (pool size: see ADR 0004). */
export function postgresUrl(s) {
  return `postgres://${POSTGRES_USER}@${s.host}:${s.postgresPort}/${FERRETDB_DATABASE}?pool_max_conns=${s.postgresPoolMaxConns}`;
}
