// One project's jest tier, as its Nx target runs it from the project's folder:
//   node tools/test/jest-tier.mjs <unit|integration|e2e|replicas> <project> [jest options...]
// The tier picks the spec files (jest.preset.js). Integration and e2e get the connection settings
// of the servers tools/infra started (the targets depend on `tools:infra-up`) and run one suite at
// a time: some suites stop Kafka or MinIO on purpose. The JSON report goes to
// .kbe/test-results/<tier>/<project>.json, which `npm test` adds up.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { readInfraEnv } from '../infra/index.mjs';
import { reportFile, repoRoot } from './test-report.mjs';

const [tier, project, ...jestOptions] = process.argv.slice(2);
if (!['unit', 'integration', 'e2e', 'replicas'].includes(tier) || !project) {
  process.stderr.write('usage: node tools/test/jest-tier.mjs <unit|integration|e2e|replicas> <project> [jest options...]\n');
  process.exit(2);
}
const againstServers = tier !== 'unit';

const args = [
  join(repoRoot, 'node_modules/jest/bin/jest.js'),
  '--config', 'jest.config.cts',
  '--ci', '--passWithNoTests',
  '--json', `--outputFile=${reportFile(tier, project)}`,
  ...(againstServers ? ['--runInBand'] : []),
  ...jestOptions,
];
const child = spawn(process.execPath, args, {
  stdio: 'inherit',
  env: {
    ...process.env,
    ...(againstServers ? readInfraEnv() : {}),
    KBE_TEST_TIER: tier,
    // jest reads jest.config.cts through ts-node, which must not pick up the workspace's ESM settings.
    TS_NODE_COMPILER_OPTIONS: JSON.stringify({ moduleResolution: 'node10', module: 'commonjs', customConditions: null }),
  },
});
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
