// Starts the whole product at one URL: real infrastructure (tools/infra), the four NestJS
// services built under dist/, and the edge (tools/edge) that serves the shell, the remotes and
// routes /api by tools/stack/routes.json. Used by `npm start` and by the e2e tier of `npm test`.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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

/** Builds every app with Nx (cached when nothing changed). */
export function buildAll({ log = defaultLog } = {}) {
  const projects = [...frontEndNames, ...serviceNames];
  const started = Date.now();
  log(`building ${projects.join(', ')} ...`);
  const result = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '-p', ...projects, '--outputStyle=static'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, NX_DAEMON: 'false', NODE_ENV: 'production' },
  });
  if (result.status !== 0) throw new Error('the build failed (see the output above)');
  log(`built in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

/**
 * Brings the infrastructure up (tools/infra) and answers the names of the servers this call
 * started, so the caller stops exactly those and leaves running what was running before.
 */
export async function infraUpNoting(infra) {
  const running = async () => (await infra.status()).servers.filter((s) => s.state === 'running').map((s) => s.name);
  const before = await running();
  await infra.up();
  return (await running()).filter((name) => !before.includes(name));
}

function defaultLog(line) {
  process.stdout.write(`[stack] ${line}\n`);
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

/** @typedef {import('node:child_process').ChildProcessByStdio<null, import('node:stream').Readable, import('node:stream').Readable> & { logFile: string }} ServiceProcess */

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
 * @param {string} [options.logDir] where service logs go
 * @param {(line: string) => void} [options.log] progress lines
 * @returns {Promise<{ url: string, stop: () => Promise<void>, children: ServiceProcess[] }>}
 */
export async function startStack({ port, env, build = true, echoLogs = false, logDir, log = defaultLog }) {
  const infra = await import(join(repoRoot, 'tools/infra/index.mjs'));
  const startedInfra = await infraUpNoting(infra);
  const infraEnv = infra.readInfraEnv();

  if (build) buildAll({ log });

  const logsAt = logDir ?? join(repoRoot, '.kbe/logs');
  mkdirSync(logsAt, { recursive: true });
  /** @type {ServiceProcess[]} */
  const children = [];
  let edge;
  const stop = async () => {
    if (edge) await new Promise((r) => edge.close(() => r()));
    edge = undefined;
    await Promise.all(children.map((c) => stopChild(c)));
    if (startedInfra.length) await infra.down({ names: startedInfra });
  };

  try {
    // PUBLIC_BASE_URL: the one URL, printed in the documents' verification QR codes.
    const baseEnv = { ...process.env, ...infraEnv, ...serviceUrls(), PUBLIC_BASE_URL: `http://localhost:${port}`, ...env };
    for (const name of serviceNames) {
      const main = join(repoRoot, 'dist/apps', name, 'main.js');
      if (!existsSync(main)) throw new Error(`${main} is missing: build the services first`);
      const logFile = join(logsAt, `${name}.log`);
      const out = createWriteStream(logFile, { flags: 'a' });
      const child = /** @type {ServiceProcess} */ (spawn(process.execPath, ['--enable-source-maps', main], {
        cwd: repoRoot,
        env: serviceEnv(baseEnv, name, routes.services[name].port),
        stdio: ['ignore', 'pipe', 'pipe'],
      }));
      for (const stream of [child.stdout, child.stderr]) {
        stream.pipe(out, { end: false });
        if (echoLogs) stream.on('data', (chunk) => process.stdout.write(prefixLines(name, chunk)));
      }
      child.logFile = logFile;
      children.push(child);
    }
    await Promise.all(
      children.map((child, i) => waitForHealth(serviceNames[i], routes.services[serviceNames[i]].port, child, child.logFile, 120_000)),
    );
    const { startEdge } = await import(join(repoRoot, 'tools/edge/server.mjs'));
    edge = await startEdge({ port, distDir: join(repoRoot, 'dist/apps'), routes, env: withoutPrivateKey(baseEnv) });
    log(`ready at http://localhost:${port}`);
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
    .map((line) => `[${name}] ${line}\n`)
    .join('');
}
