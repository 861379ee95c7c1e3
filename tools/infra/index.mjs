// Local infrastructure: real FerretDB (MongoDB wire), Kafka, MinIO and Chromium on 127.0.0.1.
// Programmatic API used by the CLI (cli.mjs), the test runner and `npm start`.
import { existsSync } from 'node:fs';
import { InfraError, SERVER_NAMES, infraHome, paths, settings } from './lib/config.mjs';
import { minioCredentials, readEnvFile, writeEnvFile } from './lib/env-file.mjs';
import { withLock } from './lib/lock.mjs';
import {
  isAlive, lastLine, pauseProcess, portIsFree, readPidRecord, recordState, removePidRecord, resumeProcess,
  startDetached, stopProcess, tail,
} from './lib/processes.mjs';
import { createProgress } from './lib/progress.mjs';
import { seconds, stopwatch, waitFor } from './lib/timing.mjs';
import { chromiumServer, chromiumVersion } from './servers/chromium.server.mjs';
import { kafkaServer } from './servers/kafka.server.mjs';
import { minioServer } from './servers/minio.server.mjs';
import { mongoServer } from './servers/mongo.server.mjs';
import { FERRETDB_DATABASE, POSTGRES_USER, postgresServer } from './servers/postgres.server.mjs';

export { InfraError, SERVER_NAMES, infraHome };
export { createProgress };

const SERVERS = { postgres: postgresServer, mongo: mongoServer, kafka: kafkaServer, minio: minioServer, chromium: chromiumServer };

/** How long a server that is already running gets to answer its readiness probe. */
const RUNNING_PROBE_TIMEOUT_MS = 60_000;

/**
 * `options.progress` (lib/progress.mjs) when a caller reports several phases in one summary
 * (`npm start`); otherwise one of our own, writing to `options.log` (plain lines) or to stdout
 * (a live status line on a terminal). Every line goes through it, so none tears the live line.
 */
function context(options = {}) {
  const progress = options.progress ?? createProgress(options.log ? { print: options.log, live: undefined } : {});
  return { p: paths(), s: settings(), progress, log: (line) => progress.say(line), ownsProgress: !options.progress };
}

function select(names, { withDependencies = false } = {}) {
  const list = names && names.length ? [...names] : [...SERVER_NAMES];
  for (const name of list) {
    if (!SERVERS[name]) throw new InfraError(`unknown server "${name}": use one of ${SERVER_NAMES.join(', ')}`);
  }
  // `up mongo` starts what it needs first (FerretDB stores everything in PostgreSQL).
  if (withDependencies) for (const name of list) for (const needed of SERVERS[name].dependsOn ?? []) if (!list.includes(needed)) list.push(needed);
  return SERVER_NAMES.filter((name) => list.includes(name)).map((name) => SERVERS[name]);
}

function serverByName(name) {
  return select([name])[0];
}

function label(name) {
  return `[${name}]`.padEnd(11);
}

function portsText(record, server, s) {
  return (record?.ports ?? server.ports(s)).join(',');
}

/**
 * @param {any} server
 * @param {any} ctx
 * @param {{ timeoutMs: number, child?: import('node:child_process').ChildProcess, pid?: number }} wait
 */
async function probeUntilReady(server, ctx, { timeoutMs, child, pid }) {
  let exited;
  child?.once('exit', (code, signal) => (exited = `exited during start (${code === null ? `signal ${signal}` : `exit code ${code}`})`));
  return waitFor(() => server.probe(ctx), {
    timeoutMs,
    intervalMs: 500,
    abort: () => exited ?? (pid && !isAlive(pid) ? 'exited during start' : undefined),
  });
}

function failure(server, ctx, what, error) {
  const logFile = ctx.p.log(server.name);
  const end = tail(logFile, 20);
  return new InfraError(`${server.name} ${what}: ${error.message}\nRead ${logFile}${end ? `; its last lines:\n${end}` : ''}`);
}

async function install(server, ctx) {
  const took = stopwatch();
  if (server.daemon) ctx.log(`${label(server.name)} checking install of ${server.title}${server.installKey ? ` in ${ctx.p.install(server.installKey)}` : ''}`);
  const result = await server.install(ctx);
  // a build's own steps (go build, mvn, apt-get) are in the summary already; a cached install is a quick check
  ctx.log(`${label(server.name)} ${result === 'built' ? 'installed' : 'install cached'} in ${seconds(took())}`);
}

/** Starts one daemon if it is not running; returns { name, pid, started }. Caller holds the lock. */
async function startServer(server, ctx) {
  const pidFile = ctx.p.pid(server.name);
  const record = readPidRecord(pidFile);
  const state = recordState(record);
  if (state === 'running' || state === 'paused') {
    if (state === 'paused') {
      resumeProcess(record.pid);
      ctx.log(`${label(server.name)} was paused: resumed pid ${record.pid}`);
    }
    const took = stopwatch();
    try {
      await probeUntilReady(server, ctx, { timeoutMs: RUNNING_PROBE_TIMEOUT_MS, pid: record.pid });
    } catch (error) {
      throw failure(server, ctx, `is running (pid ${record.pid}) but not answering`, error);
    }
    const checked = took();
    ctx.log(`${label(server.name)} already running, pid ${record.pid}, port ${portsText(record, server, ctx.s)} (checked in ${seconds(checked)})`);
    ctx.progress.record('already running, checked', checked, { label: server.name, note: `pid ${record.pid}` });
    if (record.version && record.version !== server.version) {
      ctx.log(`${label(server.name)} note: it runs ${record.version} but ${server.version} is pinned: \`down ${server.name}\` then \`up ${server.name}\` to switch`);
    }
    return { name: server.name, pid: record.pid, started: false };
  }
  if (state === 'stale') {
    ctx.log(`${label(server.name)} stale pid file (pid ${record.pid} is gone): starting again`);
    removePidRecord(pidFile);
  }

  await install(server, ctx);

  const ports = server.ports(ctx.s);
  for (const port of ports) {
    if (!(await portIsFree(port, ctx.s.host))) {
      throw new InfraError(`${server.name}: port ${ctx.s.host}:${port} is already in use by a process kbe-infra did not start ` +
        `(find it with \`ss -ltnp 'sport = :${port}'\`), or choose another port through the environment`);
    }
  }

  const preparing = stopwatch();
  await server.prepare(ctx);
  const prepared = preparing();
  const launch = server.launch(ctx);
  const logFile = ctx.p.log(server.name);
  const { record: started, child } = await startDetached({
    ...launch,
    logFile,
    pidFile,
    extra: { name: server.name, version: server.version, ports },
  });
  ctx.log(`${label(server.name)} started pid ${started.pid} on ${ctx.s.host}:${ports.join(',')} (prepared in ${seconds(prepared)})`);
  try {
    // the heartbeat shows the server's own last log line while it comes up
    await ctx.progress.run('waiting until ready', async (step) => {
      step.note(await probeUntilReady(server, ctx, { timeoutMs: server.readyTimeoutMs, child, pid: started.pid }));
    }, { label: server.name, detail: () => lastLine(logFile) });
  } catch (error) {
    await stopProcess(started.pid, { graceMs: 5000 });
    removePidRecord(pidFile);
    const what = /exited during start/.test(error.message) ? 'failed to start' : `did not become ready within ${Math.round(server.readyTimeoutMs / 1000)}s`;
    throw failure(server, ctx, what, error);
  }
  return { name: server.name, pid: started.pid, started: true };
}

async function checkChromium(ctx) {
  await install(chromiumServer, ctx);
  try {
    await ctx.progress.run('headless launch check', async (step) => {
      const detail = await chromiumServer.probe(ctx);
      step.note(`${chromiumVersion(ctx.s.chromiumPath)}, ${detail}`.replace(/ built on [^,]*/, ''));
    }, { label: 'chromium' });
  } catch (error) {
    throw new InfraError(`chromium: headless launch of ${ctx.s.chromiumPath} failed: ${error.message}`);
  }
  return { name: 'chromium', pid: undefined, started: false };
}

/** The env other tools load: the servers' addresses (as running, else as configured) and the dev credentials. */
function infraEnvValues(ctx) {
  const portOf = (server, index) => {
    const record = readPidRecord(ctx.p.pid(server.name));
    const state = recordState(record);
    return (state === 'running' || state === 'paused') && record.ports ? record.ports[index] : server.ports(ctx.s)[index];
  };
  const credentials = minioCredentials(ctx.p);
  return {
    MONGODB_URI: `mongodb://${ctx.s.host}:${portOf(mongoServer, 0)}`,
    POSTGRES_URL: `postgres://${POSTGRES_USER}@${ctx.s.host}:${portOf(postgresServer, 0)}/${FERRETDB_DATABASE}`,
    KAFKA_BROKERS: `${ctx.s.host}:${portOf(kafkaServer, 0)}`,
    MINIO_ENDPOINT: `http://${ctx.s.host}:${portOf(minioServer, 0)}`,
    MINIO_ACCESS_KEY: credentials.accessKey,
    MINIO_SECRET_KEY: credentials.secretKey,
    CHROMIUM_PATH: ctx.s.chromiumPath,
  };
}

/**
 * Installs (first time) and starts the servers that are not running, waits until each is ready,
 * writes $KBE_INFRA_HOME/env. `options.names` selects a subset (mongo, kafka, minio, chromium);
 * `options.log(line)` receives progress lines (default: stdout, with a live status line on a
 * terminal); `options.progress` (createProgress) collects the steps for a caller's own summary,
 * else `up` prints the table of step times at its end.
 * Resolves { servers: [{ name, pid, started }], env, seconds }.
 */
export async function up(options = {}) {
  const ctx = context(options);
  const servers = select(options.names, { withDependencies: true });
  const total = stopwatch();
  const results = await withLock(ctx.p.lock, async () => {
    const out = [];
    for (const server of servers) {
      out.push(server.daemon ? await startServer(server, ctx) : await checkChromium(ctx));
    }
    writeEnvFile(ctx.p, infraEnvValues(ctx));
    return out;
  }, { log: ctx.log });
  ctx.log(`up: ${servers.map((s) => s.name).join(', ')} ready in ${seconds(total())}; env in ${ctx.p.envFile}`);
  if (ctx.ownsProgress) ctx.progress.printSummary('infra up: time per step');
  return { servers: results, env: readEnvFile(ctx.p), seconds: total() };
}

async function stopServer(server, ctx) {
  const pidFile = ctx.p.pid(server.name);
  const record = readPidRecord(pidFile);
  const state = recordState(record);
  if (state === 'stopped' || state === 'stale') {
    removePidRecord(pidFile);
    ctx.log(`${label(server.name)} not running`);
    return false;
  }
  const took = stopwatch();
  const how = await stopProcess(record.pid, { graceMs: server.stopGraceMs });
  removePidRecord(pidFile);
  ctx.log(`${label(server.name)} stopped pid ${record.pid} (${how === 'killed' ? 'SIGKILL after the grace period' : 'SIGTERM'}) in ${seconds(took())}`);
  return true;
}

/** Stops the running servers gracefully (SIGTERM, wait, SIGKILL). `options.names` selects a subset. */
export async function down(options = {}) {
  const ctx = context(options);
  const servers = select(options.names).filter((server) => server.daemon);
  return withLock(ctx.p.lock, async () => {
    const stopped = [];
    for (const server of [...servers].reverse()) {
      if (await stopServer(server, ctx)) stopped.push(server.name);
    }
    return stopped;
  }, { log: ctx.log });
}

/**
 * One entry per server: { name, state: running|paused|stopped|installed|missing, pid, ports, version, title }.
 * Does not start anything. `ok` is true when every selected server is running (chromium: installed).
 */
export async function status(options = {}) {
  const ctx = context(options);
  const entries = select(options.names).map((server) => {
    if (!server.daemon) {
      const version = chromiumVersion(ctx.s.chromiumPath);
      return { name: server.name, state: version ? 'installed' : 'missing', pid: undefined, ports: [], version: version ?? '-', title: `${version ?? 'not installed'} at ${ctx.s.chromiumPath}` };
    }
    const record = readPidRecord(ctx.p.pid(server.name));
    const state = recordState(record);
    const live = state === 'running' || state === 'paused';
    const version = live && record.version ? record.version : server.version;
    const outdated = version !== server.version ? ` [running ${version}, pinned ${server.version}: run down and up]` : '';
    return {
      name: server.name,
      state: live ? state : 'stopped',
      pid: live ? record.pid : undefined,
      ports: live && record.ports ? record.ports : server.ports(ctx.s),
      version,
      title: `${server.title}${outdated}`,
    };
  });
  const ok = entries.every((e) => e.state === 'running' || e.state === 'installed');
  return { ok, servers: entries };
}

/** The KEY=VALUE pairs of $KBE_INFRA_HOME/env (MONGODB_URI, KAFKA_BROKERS, MINIO_*, CHROMIUM_PATH). */
export function readInfraEnv() {
  return readEnvFile(paths());
}

/** Path of the env file, whether or not it exists yet. */
export function infraEnvPath() {
  return paths().envFile;
}

/** Fault injection: stop one server (as `down name`). */
export async function stop(name, options = {}) {
  const server = serverByName(name);
  if (!server.daemon) throw new InfraError(`${name} is not a server process: nothing to stop`);
  const ctx = context(options);
  return withLock(ctx.p.lock, () => stopServer(server, ctx), { log: ctx.log });
}

/** Fault injection: start one server again (as `up name`), waiting until it is ready. */
export async function start(name, options = {}) {
  const result = await up({ ...options, names: [name] });
  return result.servers.find((server) => server.name === name);
}

function liveRecord(name) {
  const server = serverByName(name);
  if (!server.daemon) throw new InfraError(`${name} is not a server process`);
  const record = readPidRecord(paths().pid(name));
  const state = recordState(record);
  if (state !== 'running' && state !== 'paused') throw new InfraError(`${name} is not running: run \`up ${name}\` first`);
  return record;
}

/** Fault injection: freeze a server (SIGSTOP): it keeps its sockets but answers nothing. */
export async function pause(name) {
  const record = liveRecord(name);
  pauseProcess(record.pid);
  return record.pid;
}

/** Fault injection: continue a paused server (SIGCONT). */
export async function resume(name) {
  const record = liveRecord(name);
  resumeProcess(record.pid);
  return record.pid;
}

/** Last `lines` lines of a server's log (the install log for chromium). */
export function logs(name, lines = 80) {
  const server = serverByName(name);
  const p = paths();
  const file = server.daemon ? p.log(name) : p.installLog(name);
  if (!existsSync(file)) return { file, text: '' };
  return { file, text: tail(file, lines) };
}
