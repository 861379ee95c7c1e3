// Where everything lives and which ports are used. One directory (KBE_INFRA_HOME) holds the
// version-keyed installs, the data, the logs, the pid files and the env file.
import { homedir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const TOOL_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');

export const SERVER_NAMES = ['postgres', 'mongo', 'kafka', 'minio', 'chromium'];

export class InfraError extends Error {
  constructor(message) {
    super(message);
    this.name = 'InfraError';
  }
}

export function infraHome(env = process.env) {
  return resolve(env.KBE_INFRA_HOME || join(homedir(), '.cache', 'kbe-infra'));
}

export function paths(env = process.env) {
  const home = infraHome(env);
  return {
    home,
    data: (name) => join(home, 'data', name),
    log: (name) => join(home, 'logs', `${name}.log`),
    installLog: (name) => join(home, 'logs', `${name}-install.log`),
    pid: (name) => join(home, 'run', `${name}.pid`),
    run: join(home, 'run'),
    lock: join(home, 'run', 'infra.lock'),
    secrets: join(home, 'secrets'),
    envFile: join(home, 'env'),
    install: (key) => join(home, key),
  };
}

function port(env, name, fallback) {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) {
    throw new InfraError(`${name}=${raw} is not a TCP port (1-65535)`);
  }
  return value;
}

/** Ports and executables, overridable by environment variables. Servers bind 127.0.0.1 only. */
export function settings(env = process.env) {
  return {
    host: '127.0.0.1',
    postgresPort: port(env, 'POSTGRES_PORT', 5439),
    /** PostgreSQL connections FerretDB may hold at once (pgx `pool_max_conns`; ADR 0004). */
    postgresPoolMaxConns: port(env, 'FERRETDB_POOL_MAX_CONNS', 100),
    mongoPort: port(env, 'MONGO_PORT', 27017),
    kafkaPort: port(env, 'KAFKA_PORT', 9092),
    kafkaControllerPort: port(env, 'KAFKA_CONTROLLER_PORT', 9093),
    minioPort: port(env, 'MINIO_PORT', 9000),
    minioConsolePort: port(env, 'MINIO_CONSOLE_PORT', 9001),
    chromiumPath: env.CHROMIUM_PATH || '/usr/bin/chromium',
  };
}
