import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** Every local module reachable from `file` through relative imports and re-exports. */
function reachableModules(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(/from '(\.[^']+)'/g)) {
    reachableModules(join(dirname(file), `${specifier}.ts`), seen);
  }
  return seen;
}

describe('@kbe/contracts/zod-free', () => {
  it('reaches no module that imports zod, so first-load browser code stays small', () => {
    const modules = [...reachableModules(join(__dirname, 'zod-free.ts'))];
    expect(modules.length).toBeGreaterThan(4);
    const withZod = modules.filter((file) => /from 'zod(\/[a-z]+)?'/.test(readFileSync(file, 'utf8')));
    expect(withZod).toEqual([]);
  });
});
