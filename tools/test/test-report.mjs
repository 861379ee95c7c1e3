// Where each test run leaves its counts, and how `npm test` adds them up. Every runner writes a
// report in the shape of jest's JSON report (numPassedTests, numFailedTests, ...) to
// .kbe/test-results/<tier>/<name>.json: jest with --json, node's test runner through
// test-counts.reporter.mjs, a single check through writeCheckReport. The Nx targets declare these
// files as outputs, so a cached target still answers its counts.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const resultsDir = join(repoRoot, '.kbe/test-results');

/** The report file of one run: .kbe/test-results/<tier>/<name>.json (its folder created). */
export function reportFile(tier, name) {
  const file = join(resultsDir, tier, `${name}.json`);
  mkdirSync(dirname(file), { recursive: true });
  return file;
}

/** A check that is not a test runner (lint, a budget script...) counts as one test. */
export function writeCheckReport(tier, name, ok) {
  writeFileSync(reportFile(tier, name), JSON.stringify({ numPassedTests: ok ? 1 : 0, numFailedTests: ok ? 0 : 1 }));
}

/** The counts of one report; a run that exited non-zero without a failing test counts one failure. */
export function countsOf(file, exitCode = 0) {
  if (!existsSync(file)) return { passed: 0, failed: exitCode === 0 ? 0 : 1, skipped: 0 };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
  return {
    passed: report.numPassedTests ?? 0,
    failed: failed + (exitCode !== 0 && failed === 0 ? 1 : 0),
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
  };
}

/** The sum of every report of a tier (the folder .kbe/test-results/<tier>). */
export function tierCounts(tier) {
  const folder = join(resultsDir, tier);
  const files = existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.json')) : [];
  return files
    .map((f) => countsOf(join(folder, f)))
    .reduce((sum, c) => ({ passed: sum.passed + c.passed, failed: sum.failed + c.failed, skipped: sum.skipped + c.skipped }), { passed: 0, failed: 0, skipped: 0 });
}

/**
 * The failing tests of a tier, one line each (`<report>: <test name>: <first line of its error>`),
 * so the end of `npm test` names what failed even when only the tail of its output is kept.
 * @param {string} tier
 * @returns {string[]}
 */
export function tierFailures(tier) {
  const folder = join(resultsDir, tier);
  const files = existsSync(folder) ? readdirSync(folder).filter((f) => f.endsWith('.json')) : [];
  return files.flatMap((file) => {
    const report = JSON.parse(readFileSync(join(folder, file), 'utf8'));
    const name = file.replace(/\.json$/, '');
    const failures = (report.testResults ?? []).flatMap((suite) => {
      const suiteName = suite.name ? suite.name.replace(`${repoRoot}/`, '') : name;
      const tests = (suite.assertionResults ?? [])
        .filter((test) => test.status === 'failed')
        .map((test) => `${suiteName}: ${test.fullName}: ${firstLine(test.failureMessages?.[0])}`);
      // A suite that failed without a failing test (it did not compile, a hook threw).
      if (!tests.length && suite.status === 'failed') tests.push(`${suiteName}: ${firstLine(suite.message)}`);
      return tests;
    });
    if (!failures.length && (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0) > 0) failures.push(`${name}: failed`);
    return failures;
  });
}

function firstLine(text = '') {
  // jest messages start with ANSI-coloured headings; the first line with words is the useful one
  const lines = stripVTControlCharacters(text).split('\n').map((l) => l.trim());
  return (lines.find((l) => l && !l.startsWith('●')) ?? '').slice(0, 300);
}
