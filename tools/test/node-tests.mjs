// The tools' own tests (node's test runner, tools/**/*.test.mjs), as the `tools` project's Nx
// targets run them:
//   node tools/test/node-tests.mjs unit          every *.test.mjs but the two kinds below
//   node tools/test/node-tests.mjs integration   *.integration.test.mjs (real servers of tools/infra)
//   node tools/test/node-tests.mjs deploy        *.deploy.test.mjs (offline checks of helm/, k8s/, docker/)
//   node tools/test/node-tests.mjs docs          *.docs.test.mjs (design docs: short, no dated logs)
// The spec reporter prints to the terminal; the counts go to .kbe/test-results/<tier>/tools-<kind>.json.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { readInfraEnv } from '../infra/index.mjs';
import { reportFile, repoRoot } from './test-report.mjs';

const kinds = {
  unit: { tier: 'unit', matches: (f) => !f.endsWith('.integration.test.mjs') && !f.endsWith('.deploy.test.mjs') && !f.endsWith('.docs.test.mjs') },
  integration: { tier: 'integration', matches: (f) => f.endsWith('.integration.test.mjs') },
  deploy: { tier: 'static', matches: (f) => f.endsWith('.deploy.test.mjs') },
  // a tier of its own, so its counts are not added to the deployment checks' (both run in the static stage)
  docs: { tier: 'docs', matches: (f) => f.endsWith('.docs.test.mjs') },
};
const kind = kinds[process.argv[2]];
if (!kind) {
  process.stderr.write(`usage: node tools/test/node-tests.mjs <${Object.keys(kinds).join('|')}>\n`);
  process.exit(2);
}

const files = readdirSync(join(repoRoot, 'tools'), { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.mjs') && kind.matches(f))
  .map((f) => join('tools', f))
  .sort();

const child = spawn(
  process.execPath,
  [
    '--test',
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=./tools/test/test-counts.reporter.mjs', `--test-reporter-destination=${reportFile(kind.tier, `tools-${process.argv[2]}`)}`,
    ...files,
  ],
  { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...(kind.tier === 'integration' ? readInfraEnv() : {}) } },
);
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
