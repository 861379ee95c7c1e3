// Nx plugin: gives every project a cached `typecheck` target that runs `tsc --noEmit` on each of
// its tsconfig files (app or lib, spec, e2e; a project with none of those, like tools/, on its
// tsconfig.json). Nx caches the result by the project's files,
// its dependencies' files and the TypeScript version, so an unchanged project is not checked again
// (`nx run-many -t typecheck`, `nx affected -t typecheck`).
const { existsSync, readdirSync } = require('node:fs');
const { dirname, join } = require('node:path');

const CHECKED_CONFIG = /^tsconfig\.(app|lib|spec|e2e)\.json$/;

/** @type {import('@nx/devkit').CreateNodesFunction} */
function typecheckTargets(projectFiles, _options, context) {
  return projectFiles.flatMap((projectFile) => {
    const root = dirname(projectFile);
    const files = readdirSync(join(context.workspaceRoot, root));
    const split = files.filter((f) => CHECKED_CONFIG.test(f)).sort();
    const configs = split.length ? split : files.filter((f) => f === 'tsconfig.json');
    if (configs.length === 0 || !existsSync(join(context.workspaceRoot, projectFile))) return [];
    const typecheck = {
      executor: 'nx:run-commands',
      cache: true,
      inputs: ['default', '^default', '{workspaceRoot}/tsconfig.base.json', { externalDependencies: ['typescript'] }],
      outputs: [],
      options: { cwd: root, commands: configs.map((c) => `tsc --noEmit -p ${c}`), parallel: false },
      metadata: { description: `tsc --noEmit on ${configs.join(', ')}` },
    };
    return [[projectFile, { projects: { [root]: { targets: { typecheck } } } }]];
  });
}

const createNodes = ['**/project.json', typecheckTargets];
module.exports = { createNodes, createNodesV2: createNodes };
