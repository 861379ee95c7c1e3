// Nx plugin: the jest tiers of every project with a jest.config.cts, as targets (the pipeline of
// `npm test`, usable one project at a time and with `nx affected`):
//   test          unit tests beside the code; cached by the project's files and its dependencies'
//   integration   *.integration.spec.ts against the real servers; only in projects that have such
//                 specs; depends on `tools:infra-up`; never cached (the servers are part of the test)
//   e2e           (the e2e project) is declared in apps/e2e/project.json: it starts the whole stack.
// Each runs tools/test/jest-tier.mjs, which leaves its counts in .kbe/test-results/<tier>/<project>.json
// (declared as the output, so a cached `test` still answers its counts to `npm test`).
const { existsSync, readdirSync, readFileSync } = require('node:fs');
const { dirname, join, relative } = require('node:path');

const JEST_CONFIG = 'jest.config.cts';
const SPEC = /\.spec\.[jt]sx?$/;
const INTEGRATION_SPEC = /\.integration\.spec\.[jt]sx?$/;
const E2E_SPEC = /\.e2e\.spec\.[jt]sx?$/;

function specFiles(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => !f.includes('node_modules') && SPEC.test(f));
}

/** @type {import('@nx/devkit').CreateNodesFunction} */
function testTierTargets(projectFiles, _options, context) {
  return projectFiles.flatMap((projectFile) => {
    const root = dirname(projectFile);
    const absoluteRoot = join(context.workspaceRoot, root);
    if (!existsSync(join(absoluteRoot, JEST_CONFIG))) return [];
    const { name } = JSON.parse(readFileSync(join(context.workspaceRoot, projectFile), 'utf8'));
    const run = (tier) => ({
      executor: 'nx:run-commands',
      options: { cwd: root, command: `node ${join(relative(root, '.'), 'tools/test/jest-tier.mjs')} ${tier} ${name}` },
    });
    const specs = specFiles(join(absoluteRoot, 'src'));
    /** @type {Record<string, import('@nx/devkit').TargetConfiguration>} */
    const targets = {};
    if (specs.some((f) => !INTEGRATION_SPEC.test(f) && !E2E_SPEC.test(f))) {
      targets.test = {
        ...run('unit'),
        cache: true,
        inputs: ['default', '^production', '{workspaceRoot}/jest.preset.js', '{workspaceRoot}/tsconfig.base.json', { externalDependencies: ['jest', 'ts-jest'] }],
        outputs: [`{workspaceRoot}/.kbe/test-results/unit/${name}.json`],
        metadata: { description: 'unit tests (jest)' },
      };
    }
    if (specs.some((f) => INTEGRATION_SPEC.test(f))) {
      targets.integration = {
        ...run('integration'),
        cache: false,
        // Some suites stop Kafka or MinIO on purpose: never beside another suite.
        parallelism: false,
        dependsOn: [{ projects: ['tools'], target: 'infra-up' }],
        metadata: { description: 'integration tests against the real servers of tools/infra (jest)' },
      };
    }
    return [[projectFile, { projects: { [root]: { targets } } }]];
  });
}

const createNodes = ['**/project.json', testTierTargets];
module.exports = { createNodes, createNodesV2: createNodes };
