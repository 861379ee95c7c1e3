// Starts the whole product at one URL: real infrastructure (tools/infra), the four NestJS
// services built under dist/, and the edge (tools/edge) that serves the shell, the remotes and
// routes /api by tools/stack/routes.json. Used by `npm start` and by the e2e tier of `npm test`.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createProgress } from '../infra/lib/progress.mjs';
import { startBalancer } from './balancer.mjs';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const routes = JSON.parse(readFileSync(join(repoRoot, 'tools/stack/routes.json'), 'utf8'));
export const serviceNames = Object.keys(routes.services);
export const frontEndNames = ['shell', ...routes.remotes];

/** URLs every service uses to reach the others inside one machine. */
export function serviceUrls() {
  const env = {};
  for (const [name, { port }] of Object.entries(routes.services)) {
    env[`${name.replace(/-service$/, '').toUpperCase()}_SERVICE_URL`] = `http://127.0.0.1:${port}`;
  }
  return env;
}

/**
 * Builds every app with Nx (cached when nothing changed) as one step of `progress`: Nx's output
 * is shown as it comes and its last line is the heartbeat's.
 * @param {{ progress?: ReturnType<typeof createProgress> }} [options]
 */
export async function buildAll({ progress = createProgress() } = {}) {
  const projects = [...frontEndNames, ...serviceNames];
  await runShown(progress, `nx build ${projects.join(', ')}`, 'npx', ['nx', 'run-many', '-t', 'build', '-p', ...projects, '--outputStyle=static'], {
    // Nx colours its output only on a terminal; ours is one when the live status line is on
    env: { ...process.env, NX_DAEMON: 'false', NODE_ENV: 'production', ...(process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: '1' } : {}) },
    failure: 'the build failed (see the output above)',
    label: 'stack',
    expect: 'minutes the first time, seconds when Nx replays its cache',
  });
}

/**
 * Runs a command as one step of `progress`, every line of its output shown as it comes (above
 * the live status line on a terminal) and its last line in the heartbeat.
 * @param {ReturnType<typeof createProgress>} progress
 * @param {string} name
 * @param {string} command
 * @param {string[]} args
 * @param {{ env?: NodeJS.ProcessEnv, cwd?: string, failure: string, label?: string, expect?: string }} options
 */
export function runShown(progress, name, command, args, { env = process.env, cwd = repoRoot, failure, label, expect }) {
  return progress.run(name, (step) => new Promise((resolveRun, rejectRun) => {
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.on('data', (chunk) => {
        const lines = (rest + chunk.toString()).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) echo(line);
      });
      stream.on('end', () => rest && echo(rest));
    }
    function echo(line) {
      progress.say(line);
      step.line(line);
    }
    child.once('error', rejectRun);
    child.once('close', (code) => (code === 0 ? resolveRun(undefined) : rejectRun(new Error(failure))));
  }), { label, expect });
}

/**
 * Brings the infrastructure up (tools/infra) and answers the names of the servers this call
 * started, so the caller stops exactly those and leaves running what was running before.
 * `options` go to infra.up (`progress` to collect its steps in the caller's summary).
 */
export async function infraUpNoting(infra, options = {}) {
  const running = async () => (await infra.status()).servers.filter((s) => s.state === 'running').map((s) => s.name);
  const before = await running();
  await infra.up(options);
  return (await running()).filter((name) => !before.includes(name));
}

async function waitForHealth(name, port, child, logFile, timeoutMs) {
  const url = `http://127.0.0.1:${port}/api/health/${name}`;
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer yet';
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`${name} exited with code ${child.exitCode} during start; read ${logFile}`);
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(3000) });
      if (res.ok) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = error.message;
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${name} was not healthy within ${timeoutMs / 1000} s (${last}); read ${logFile}`);
}

function stopChild(child, graceMs = 10_000) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolveStop) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveStop();
    });
    child.kill('SIGTERM');
  });
}

/** @typedef {import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable, import('node:stream').Readable> & { logFile: string, service: string, replica: number, port: number }} ServiceProcess */

/**
 * Where replica `index` (0-based) of a service listens when a service runs several: its routed
 * port plus 10, 20... (3101 -> 3111, 3121); the routed port is then the replicas' balancer.
 */
export function replicaPort(port, index) {
  return port + 10 * (index + 1);
}

/** The private key that signs admin tokens reaches admin-service only. */
function withoutPrivateKey(env) {
  const { JWT_PRIVATE_KEY: _private, ...rest } = env;
  return rest;
}


function serviceEnv(baseEnv, name, port) {
  const env = name === 'admin-service' ? { ...baseEnv } : withoutPrivateKey(baseEnv);
  return { ...env, PORT: String(port) };
}

/**
 * Starts infrastructure, services and the edge.
 * @param {object} options
 * @param {number} options.port              edge port (the one URL)
 * @param {Record<string,string>} options.env profile variables for the services (and the edge)
 * @param {boolean} [options.build=true]      build the apps first
 * @param {boolean} [options.echoLogs=false]  also copy service logs to this terminal
 * @param {number} [options.replicas=1]       processes of every service; above 1 each service's
 *   port is a round-robin balancer in front of them (tools/stack/balancer.mjs), as a Kubernetes Service
 * @param {string} [options.logDir] where service logs go
 * @param {(line: string) => void} [options.log] progress lines (default: stdout, a live status line on a terminal)
 * @returns {Promise<{ url: string, stop: () => Promise<void>, children: ServiceProcess[] }>}
 */
export async function startStack({ port, env, build = true, echoLogs = false, logDir, log, replicas = 1 }) {
  // one progress for the infrastructure, the build and the services: one table of times at the end
  const progress = createProgress(log ? { print: log, live: undefined } : {});
  const say = (line) => progress.say(`[stack]     ${line}`);
  const infra = await import(join(repoRoot, 'tools/infra/index.mjs'));
  const startedInfra = await infraUpNoting(infra, { progress });
  const infraEnv = infra.readInfraEnv();

  if (build) await buildAll({ progress });

  const logsAt = logDir ?? join(repoRoot, '.kbe/logs');
  mkdirSync(logsAt, { recursive: true });
  /** @type {ServiceProcess[]} */
  const children = [];
  /** @type {import('node:http').Server[]} */
  const balancers = [];
  let edge;
  const stop = async () => {
    if (edge) await new Promise((r) => edge.close(() => r()));
    edge = undefined;
    await Promise.all(balancers.splice(0).map((balancer) => new Promise((r) => balancer.close(() => r()))));
    await Promise.all(children.map((c) => stopChild(c)));
    if (startedInfra.length) await infra.down({ names: startedInfra });
  };

  try {
    // PUBLIC_BASE_URL: the one URL, printed in the documents' verification QR codes.
    const baseEnv = { ...process.env, ...infraEnv, ...serviceUrls(), PUBLIC_BASE_URL: `http://localhost:${port}`, ...env };
    for (const name of serviceNames) {
      const main = join(repoRoot, 'dist/apps', name, 'main.js');
      if (!existsSync(main)) throw new Error(`${main} is missing: build the services first`);
      for (let replica = 0; replica < replicas; replica += 1) {
        const servicePort = replicas > 1 ? replicaPort(routes.services[name].port, replica) : routes.services[name].port;
        const label = replicas > 1 ? `${name}-${replica + 1}` : name;
        const logFile = join(logsAt, `${label}.log`);
        const out = createWriteStream(logFile, { flags: 'a' });
        const child = /** @type {ServiceProcess} */ (spawn(process.execPath, ['--enable-source-maps', main], {
          cwd: repoRoot,
          env: serviceEnv(baseEnv, name, servicePort),
          stdio: ['ignore', 'pipe', 'pipe'],
        }));
        for (const stream of [child.stdout, child.stderr]) {
          stream.pipe(out, { end: false });
          if (echoLogs) stream.on('data', (chunk) => prefixLines(label, chunk).forEach((line) => progress.say(line)));
        }
        Object.assign(child, { logFile, service: name, replica, port: servicePort });
        children.push(child);
      }
    }
    const waiting = new Set(children);
    const what = replicas > 1 ? `${serviceNames.length} services x ${replicas} replicas` : `${serviceNames.length} services`;
    await progress.run(`starting ${what} until healthy`, () => Promise.all(
      children.map(async (child) => {
        await waitForHealth(child.service, child.port, child, child.logFile, 120_000);
        waiting.delete(child);
      }),
    ), { label: 'stack', detail: () => (waiting.size ? `waiting for ${[...new Set([...waiting].map((c) => c.service))].join(', ')}` : undefined) });
    if (replicas > 1) {
      for (const name of serviceNames) {
        const targets = children.filter((child) => child.service === name).map((child) => ({ port: child.port }));
        balancers.push(await startBalancer({ name, port: routes.services[name].port, targets }));
      }
      say(`each service: ${replicas} replicas behind its port, round robin`);
    }
    const { startEdge } = await import(join(repoRoot, 'tools/edge/server.mjs'));
    edge = await startEdge({ port, distDir: join(repoRoot, 'dist/apps'), routes, env: withoutPrivateKey(baseEnv) });
    say(`ready at http://localhost:${port}`);
    progress.printSummary('start: time per step');
    return { url: `http://localhost:${port}`, stop, children };
  } catch (error) {
    await stop();
    throw error;
  }
}

function prefixLines(name, chunk) {
  return chunk
    .toString()
    .split('\n')
    .filter(Boolean)
    .map((line) => `[${name}] ${line}`);
}
