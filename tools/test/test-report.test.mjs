import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { reportFile, repoRoot, resultsDir, tierCounts, tierFailures } from './test-report.mjs';

test('a tier names its failing tests with the first line of their error, and counts every report', (t) => {
  const tier = `report-test-${randomBytes(3).toString('hex')}`;
  t.after(() => rmSync(join(resultsDir, tier), { recursive: true, force: true }));
  writeFileSync(reportFile(tier, 'e2e'), JSON.stringify({
    numPassedTests: 1,
    numFailedTests: 1,
    testResults: [{
      name: join(repoRoot, 'apps/e2e/src/downloads.e2e.spec.ts'),
      status: 'failed',
      assertionResults: [
        { status: 'passed', fullName: 'downloads finds a registration' },
        { status: 'failed', fullName: 'downloads shows the hall ticket', failureMessages: ['\u001b[1m● downloads\u001b[22m\n\n  expect(received).toBe(expected)\n  more'] },
      ],
    }],
  }));
  writeFileSync(reportFile(tier, 'first-load-budgets'), JSON.stringify({ numPassedTests: 0, numFailedTests: 1 }));

  assert.deepEqual(tierFailures(tier).sort(), [
    'apps/e2e/src/downloads.e2e.spec.ts: downloads shows the hall ticket: expect(received).toBe(expected)',
    'first-load-budgets: failed',
  ]);
  assert.deepEqual(tierCounts(tier), { passed: 1, failed: 2, skipped: 0 });
});
