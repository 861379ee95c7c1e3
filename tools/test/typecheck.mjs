// Type-checks every project with its own tsconfig files (app/lib and spec), two at a time.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { repoRoot } from '../stack/stack.mjs';

function projectDirs(dir) {
  if (existsSync(join(dir, 'project.json'))) return [dir];
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name !== 'node_modules')
    .flatMap((e) => projectDirs(join(dir, e.name)));
}

const configs = ['apps', 'libs']
  .flatMap((top) => projectDirs(join(repoRoot, top)))
  .flatMap((dir) =>
    readdirSync(dir)
      .filter((f) => /^tsconfig\.(app|lib|spec|e2e)\.json$/.test(f))
      .map((f) => relative(repoRoot, join(dir, f))),
  );

const tsc = join(repoRoot, 'node_modules/typescript/bin/tsc');
const failures = [];
let next = 0;
async function worker() {
  while (next < configs.length) {
    const config = configs[next++];
    const code = await new Promise((resolveRun) => {
      const child = spawn(process.execPath, [tsc, '--noEmit', '-p', config], { cwd: repoRoot, stdio: 'inherit' });
      child.on('exit', (c) => resolveRun(c ?? 1));
    });
    process.stdout.write(`${code === 0 ? 'ok  ' : 'FAIL'} ${config}\n`);
    if (code !== 0) failures.push(config);
  }
}
await Promise.all([worker(), worker()]);
process.stdout.write(`type check: ${configs.length - failures.length} of ${configs.length} configs clean\n`);
process.exit(failures.length ? 1 : 0);
