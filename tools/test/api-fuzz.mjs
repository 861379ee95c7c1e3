// The API fuzz step of `npm test`: schemathesis (PyPI, pinned in tools/test/api-fuzz/requirements.txt,
// installed into a virtualenv under KBE_INFRA_HOME) run against every service's OpenAPI document as
// the edge serves it (/api/docs/<service>.json), with every check on, a fixed seed, a bounded number
// of examples per operation and a time bound per service, and stateful sequences through the
// documents' links (school -> mentor -> candidate -> search). Admin operations get a token of the
// run's admin; logging out gets a second one (it revokes the token it is called with); the SMS delivery-report
// webhook gets SMS_WEBHOOK_TOKEN.
//
// Alone, against a running stack (e.g. `npm start`):
//   KBE_FUZZ_ADMIN_USERNAME=admin KBE_FUZZ_ADMIN_PASSWORD=kbe-dev-admin node tools/test/api-fuzz.mjs [baseUrl]
// KBE_FUZZ_SEED, KBE_FUZZ_MAX_EXAMPLES, KBE_FUZZ_MAX_TIME (seconds per service), KBE_FUZZ_SERVICES
// (comma separated) change the run.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { InfraError, paths } from '../infra/lib/config.mjs';
import { ensureInstalled } from '../infra/lib/installs.mjs';
import { runStep, which } from '../infra/lib/toolchain.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../..');
const REQUIREMENTS = join(here, 'api-fuzz', 'requirements.txt');
const CONFIG = join(here, 'api-fuzz', 'schemathesis.toml');
const HOOKS_DIR = join(here, 'api-fuzz');
const SERVICES = Object.keys(JSON.parse(readFileSync(join(repoRoot, 'tools/stack/routes.json'), 'utf8')).services);

export const FUZZ_DEFAULTS = { seed: 20261123, maxExamples: 25, maxTimeSeconds: 50 };

const venvDir = (env) =>
  paths(env).install(`api-fuzz-venv-${createHash('sha256').update(readFileSync(REQUIREMENTS)).digest('hex').slice(0, 12)}`);

/** Installs the pinned fuzzer into its virtualenv unless it is there; answers the venv's python. */
export async function installFuzzer({ log = (line) => process.stdout.write(`${line}\n`), env = process.env } = {}) {
  const dir = venvDir(env);
  const state = await ensureInstalled({
    dir,
    stamp: undefined,
    artifact: join('bin', 'python3'),
    build: async (staging) => {
      const python = which('python3');
      if (!python) throw new InfraError('The API fuzz step needs Python 3 with venv: `apt-get install -y python3 python3-venv`');
      const logFile = paths(env).installLog('api-fuzz-venv');
      log(`schemathesis: installing from PyPI into ${dir} (log: ${logFile}) ...`);
      await runStep({ title: 'python3 -m venv', command: python, args: ['-m', 'venv', staging], cwd: paths(env).home, logFile, timeoutMs: 5 * 60_000 });
      await runStep({
        title: 'pip install',
        command: join(staging, 'bin', 'pip'),
        args: ['install', '--disable-pip-version-check', '--no-input', '-r', REQUIREMENTS],
        cwd: paths(env).home,
        logFile,
        timeoutMs: 15 * 60_000,
      });
    },
  });
  if (state === 'built') log('schemathesis: installed');
  // a virtualenv moved from its staging directory is called through its python, never a shebang
  return join(dir, 'bin', 'python3');
}

async function adminToken(baseUrl, username, password) {
  const response = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
  const body = await response.json().catch(() => ({}));
  if (!response.ok || typeof body.token !== 'string') throw new Error(`admin login for the fuzz run failed: ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

function runSchemathesis(python, args, env, cwd) {
  return new Promise((resolveRun) => {
    const child = spawn(python, ['-m', 'schemathesis.cli', '--config-file', CONFIG, '--no-color', 'run', ...args], {
      // schemathesis keeps a cache (.schemathesis/) in its working directory: the git-ignored results
      cwd,
      // hooks.py (real images for the image parts) is imported as a module from this folder
      env: { ...process.env, ...env, PYTHONUNBUFFERED: '1', SCHEMATHESIS_HOOKS: 'hooks', PYTHONPATH: HOOKS_DIR },
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        process.stdout.write(chunk);
      });
    }
    child.on('exit', (code) => resolveRun({ code: code ?? 1, output }));
    child.on('error', (error) => resolveRun({ code: 1, output: String(error) }));
  });
}

/** The last lines of a schemathesis run: its summary (`N passed, N failed ... in Ns`). */
function summaryOf(output) {
  const lines = output.trim().split('\n');
  const at = lines.findLastIndex((line) => /=+ SUMMARY =+/.test(line));
  return (at >= 0 ? lines.slice(at) : lines.slice(-12)).join('\n');
}

/**
 * Fuzzes every service through the edge at `baseUrl`; answers one result per service
 * (`ok` when schemathesis found no failure and no error).
 */
export async function fuzzServices({
  baseUrl,
  admin,
  webhookToken,
  services = SERVICES,
  seed = FUZZ_DEFAULTS.seed,
  maxExamples = FUZZ_DEFAULTS.maxExamples,
  maxTimeSeconds = FUZZ_DEFAULTS.maxTimeSeconds,
  reportDir = join(repoRoot, '.kbe/test-results/api-fuzz'),
  env = process.env,
  log = (line) => process.stdout.write(`${line}\n`),
}) {
  const python = await installFuzzer({ log, env });
  mkdirSync(reportDir, { recursive: true });
  const tokens = {
    KBE_FUZZ_ADMIN_TOKEN: await adminToken(baseUrl, admin.username, admin.password),
    KBE_FUZZ_LOGOUT_TOKEN: await adminToken(baseUrl, admin.username, admin.password),
    KBE_FUZZ_WEBHOOK_TOKEN: webhookToken ?? '',
  };
  const results = [];
  for (const service of services) {
    const args = [
      `${baseUrl}/api/docs/${service}.json`,
      // every check is on through the config file's `[checks] enabled = true`; `--checks all` here
      // would also override the one per-phase exception there (see schemathesis.toml)
      '--seed', String(seed),
      '--max-examples', String(maxExamples),
      '--max-time', String(maxTimeSeconds),
      // one worker: hypothesis describes its strategies with ast.parse, which races between threads on CPython 3.11
      '--workers', '1',
      '--request-timeout', '30',
      '--report', 'junit',
      '--report-junit-path', join(reportDir, `${service}.junit.xml`),
    ];
    log(`api fuzz: ${service}: schemathesis run ${args.join(' ')}`);
    const { code, output } = await runSchemathesis(python, args, tokens, reportDir);
    results.push({ service, ok: code === 0, summary: summaryOf(output) });
  }
  return results;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const baseUrl = process.argv[2] ?? 'http://localhost:8080';
  const numberOf = (name, fallback) => (process.env[name] ? Number(process.env[name]) : fallback);
  const results = await fuzzServices({
    baseUrl,
    admin: { username: process.env.KBE_FUZZ_ADMIN_USERNAME ?? 'admin', password: process.env.KBE_FUZZ_ADMIN_PASSWORD ?? 'kbe-dev-admin' },
    webhookToken: process.env.SMS_WEBHOOK_TOKEN,
    services: process.env.KBE_FUZZ_SERVICES ? process.env.KBE_FUZZ_SERVICES.split(',') : SERVICES,
    seed: numberOf('KBE_FUZZ_SEED', FUZZ_DEFAULTS.seed),
    maxExamples: numberOf('KBE_FUZZ_MAX_EXAMPLES', FUZZ_DEFAULTS.maxExamples),
    maxTimeSeconds: numberOf('KBE_FUZZ_MAX_TIME', FUZZ_DEFAULTS.maxTimeSeconds),
  });
  for (const result of results) process.stdout.write(`\n[api fuzz] ${result.ok ? 'ok  ' : 'FAIL'} ${result.service}\n${result.summary}\n`);
  process.exit(results.every((result) => result.ok) ? 0 : 1);
}
