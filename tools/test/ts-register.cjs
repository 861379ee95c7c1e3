// Runs a TypeScript entry point of this workspace directly (no build): `node -r ./tools/test/ts-register.cjs apps/x/src/main.ts`.
// Integration tests and benchmarks use it to start a service as a real child process (which they can kill).
// ts-node with the SWC transpiler (no type check: `tsc` does that), workspace path aliases from tsconfig.base.json.
const { readFileSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..', '..');
require('ts-node').register({
  swc: true,
  project: process.env.TS_NODE_PROJECT ?? join(root, 'tsconfig.base.json'),
  compilerOptions: { module: 'commonjs', esModuleInterop: true },
});
const base = JSON.parse(readFileSync(join(root, 'tsconfig.base.json'), 'utf8'));
require('tsconfig-paths').register({ baseUrl: root, paths: base.compilerOptions.paths });
