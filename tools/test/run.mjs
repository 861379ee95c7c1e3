// `npm test`: everything, in order, against real servers, as Nx targets (so `nx affected` and the
// Nx cache serve developers the same pipeline, e.g. `npx nx affected -t lint typecheck test`):
//   1. static: `lint` (module boundaries included) and `typecheck` of every project,
//      `tools:deploy-check` (helm, k8s, docker, compose; after `tools:deploy-toolchain`), secret scan (gitleaks),
//      design docs (docs/*.md at most 150 lines, no dated work logs: tools/docs/design-docs.mjs)
//   2. unit: every project's `test` (jest; node --test for tools/)
//   3. integration: every project's `integration` against real FerretDB, Kafka, MinIO and Chromium,
//      one project at a time (each depends on `tools:infra-up`)
//   4. e2e: `e2e:e2e`, the whole stack at http://localhost:8080 driven by Chromium, then the
//      first-load budgets of the public pages (tools/test/e2e-run.mjs)
//   5. replicas: `e2e:replicas`, journeys through the stack with two processes of every service
//      behind round-robin balancers (tools/test/replicas-run.mjs)
//   6. fuzz: the API fuzzer (schemathesis, every check, seeded and bounded) against every service's OpenAPI document, on a fresh stack
// Every runner leaves its counts in .kbe/test-results/<tier>/ (tools/test/test-report.mjs), cached
// with the target; the run ends with one summary line `summary: N passed, N failed`.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { infraUpNoting, repoRoot, startStack } from '../stack/stack.mjs';
import { fuzzProfile } from '../stack/profiles.mjs';
import { fuzzServices } from './api-fuzz.mjs';
import { resultsDir, tierCounts, tierFailures } from './test-report.mjs';

rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const only = new Set((process.env.KBE_TEST_ONLY ?? '').split(',').filter(Boolean));
const wanted = (stage) => only.size === 0 || only.has(stage);
const tally = { passed: 0, failed: 0, skipped: 0 };
const stageResults = [];
const failedTests = [];
const log = (line) => process.stdout.write(`\n[npm test] ${line}\n`);

function run(command, args, { env = {} } = {}) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, {
      cwd: repoRoot,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: { ...process.env, NX_DAEMON: 'false', FORCE_COLOR: '0', ...env },
    });
    child.on('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
    child.on('error', (error) => {
      process.stderr.write(`${command}: ${error.message}\n`);
      resolveRun(1);
    });
  });
}

/**
 * `nx run-many` of the given targets (test runners stream their output as it comes).
 * @param {string[]} targets
 * @param {{ projects?: string[], parallel?: number, outputStyle?: string }} [options]
 */
const nx = (targets, { projects = undefined, parallel = 2, outputStyle = 'stream' } = {}) =>
  run('npx', ['nx', 'run-many', '-t', ...targets, ...(projects ? ['-p', ...projects] : []), `--outputStyle=${outputStyle}`, `--parallel=${parallel}`]);

/** A check that is not a test runner (lint, type check...) counts as one test. */
async function check(name, runIt) {
  const started = Date.now();
  log(`${name} ...`);
  const code = await runIt();
  if (code !== 0) failedTests.push(`${name}: failed (its output is above)`);
  record(name, code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }, started);
  return code === 0;
}

/** Runs Nx targets whose runners leave reports in .kbe/test-results/<tier>/ and counts those. */
async function tests(name, tier, runIt) {
  const started = Date.now();
  log(`${name} ...`);
  const code = await runIt();
  const counts = tierCounts(tier);
  // A run that failed without a failing test in its reports (a crash, a build error) still fails.
  if (code !== 0 && counts.failed === 0) counts.failed = 1;
  if (counts.failed) failedTests.push(...tierFailures(tier).map((line) => `${name}: ${line}`));
  record(name, counts, started);
  return code === 0;
}

function record(name, { passed, failed, skipped = 0 }, started) {
  tally.passed += passed;
  tally.failed += failed;
  tally.skipped += skipped;
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  stageResults.push(`${failed ? 'FAIL' : 'ok  '} ${name}: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''} (${seconds} s)`);
}

const runId = randomBytes(3).toString('hex');
let stack;
let infra;
let infraStartedHere = [];
try {
  // 1. static checks: Nx targets, cached (a second run with nothing changed replays their results)
  if (wanted('static')) {
    await check('lint', () => nx(['lint'], { outputStyle: 'static' }));
    await check('type check', () => nx(['typecheck'], { outputStyle: 'static' }));
    // helm, kubernetes-validate, hadolint and compose-check, built or fetched once into
    // KBE_INFRA_HOME (a first helm build takes minutes and prints its progress), then the
    // offline checks of helm/, k8s/ and docker/ (tools/deploy/*.deploy.test.mjs)
    await tests('deployment checks (helm, k8s, docker, compose)', 'static', () => nx(['deploy-check'], { projects: ['tools'] }));
    // gitleaks (pinned, built from the Go module proxy into the infra cache on first use)
    await check('secret scan', () => run(process.execPath, ['tools/security/secret-scan.mjs']));
    // design docs say how and why in at most 150 lines; dated measurements live in docs/benchmarks/
    await tests('design docs (<= 150 lines, no dated logs)', 'docs', () => run(process.execPath, ['tools/test/node-tests.mjs', 'docs']));
  }

  // 2. unit tests: every project's `test` target (jest; node --test for tools/)
  if (wanted('unit')) {
    await tests('unit tests', 'unit', () => nx(['test']));
  }

  // 3. integration tests against real servers, one project at a time (some suites stop and
  // restart Kafka or MinIO to prove nothing is lost, which would fail a suite running beside them)
  const needsServers = wanted('integration') || wanted('e2e') || wanted('replicas') || wanted('fuzz');
  if (needsServers) {
    infra = await import(join(repoRoot, 'tools/infra/index.mjs'));
    log('infrastructure up (PostgreSQL, FerretDB, Kafka, MinIO, Chromium) ...');
    infraStartedHere = await infraUpNoting(infra);
    if (wanted('integration')) {
      await tests('integration tests', 'integration', () => nx(['integration'], { parallel: 1 }));
    }

    // 4. the whole product at one URL, driven by Chromium, and the first-load budgets of the
    // public pages measured on it (tools/test/e2e-run.mjs)
    if (wanted('e2e')) {
      await tests('browser journeys and first-load budgets', 'e2e', () => nx(['e2e'], { projects: ['e2e'], parallel: 1 }));
    }

    // 5. two processes of every service behind round-robin balancers, as two pods behind a
    // Kubernetes Service: locks, caches, jobs and writes shared, not per process (tools/test/replicas-run.mjs)
    if (wanted('replicas')) {
      await tests('two replicas of every service', 'replicas', () => nx(['replicas'], { projects: ['e2e'], parallel: 1 }));
    }

    // 6. schemathesis against every service's OpenAPI document, through the edge, on a stack of
    // its own (fresh databases; registration limits raised so the fuzzer reaches the handlers)
    if (wanted('fuzz')) {
      const port = Number(process.env.PORT ?? 8080);
      const profile = fuzzProfile(`${runId}f`);
      stack = await startStack({ port, env: profile, build: !wanted('e2e') && !wanted('replicas'), logDir: join(resultsDir, 'logs-fuzz') });
      const started = Date.now();
      log('api fuzz (schemathesis, every check, seeded and bounded) ...');
      const results = await fuzzServices({
        baseUrl: `http://localhost:${port}`,
        admin: { username: profile.ADMIN_USERNAME, password: profile.ADMIN_PASSWORD },
        webhookToken: profile.SMS_WEBHOOK_TOKEN,
        reportDir: join(resultsDir, 'api-fuzz'),
      });
      for (const result of results) log(`api fuzz ${result.ok ? 'ok' : 'FAILED'}: ${result.service}\n${result.summary}`);
      failedTests.push(...results.filter((r) => !r.ok).map((r) => `api fuzz: ${r.service}`));
      record('api fuzz (schemathesis)', { passed: results.filter((r) => r.ok).length, failed: results.filter((r) => !r.ok).length }, started);
    }
  }
} catch (error) {
  process.stderr.write(`\n[npm test] stopped early: ${error.stack ?? error}\n`);
  record('test run', { passed: 0, failed: 1 }, Date.now());
} finally {
  await stack?.stop();
  // Leave the machine as we found it: stop only the servers this run started.
  if (infra && infraStartedHere.length && process.env.KBE_KEEP_INFRA !== '1') await infra.down({ names: infraStartedHere });
}

process.stdout.write(`\n[npm test] results\n${stageResults.map((l) => `  ${l}`).join('\n')}\n`);
if (failedTests.length) process.stdout.write(`\n[npm test] failed\n${failedTests.map((l) => `  ${l}`).join('\n')}\n`);
process.stdout.write(`\nsummary: ${tally.passed} passed, ${tally.failed} failed${tally.skipped ? `, ${tally.skipped} skipped` : ''}\n`);
process.exit(tally.failed === 0 ? 0 : 1);
