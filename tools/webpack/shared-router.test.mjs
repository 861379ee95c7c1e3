// node --test tools/webpack/shared-router.test.mjs
// The front ends share a slice of react-router-dom (react-router-dom.shared.mjs), not the whole
// package: every name the browser code imports from the router must be in that slice, or the
// container that imports it would get `undefined` at run time from another container's router.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'node:test';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const SHARED = join(repoRoot, 'tools/webpack/react-router-dom.shared.mjs');

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'server' ? [] : sourceFiles(path);
    // browser code only: tests render with the package itself
    return /\.tsx?$/.test(entry.name) && !/\.(spec|test|e2e\.spec)\.tsx?$|\.testing\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The values imported from 'react-router-dom' (types are not shared at run time). */
function routerImports(source) {
  const names = [];
  for (const [, typeOnly, list] of source.matchAll(/import\s*(type\s*)?\{([^}]*)\}\s*from\s*'react-router-dom'/g)) {
    if (typeOnly) continue;
    for (const part of list.split(',')) {
      const spec = part.trim();
      if (!spec || spec.startsWith('type ')) continue;
      names.push(spec.split(/\s+as\s+/)[0].trim());
    }
  }
  return names;
}

const sharedNames = () => {
  const [, list] = readFileSync(SHARED, 'utf8').match(/export\s*\{([^}]*)\}/);
  return new Set(list.split(',').map((s) => s.trim()).filter(Boolean));
};

describe('the shared slice of react-router-dom', () => {
  it('exports every name the browser code imports from the router', async () => {
    const shared = sharedNames();
    const missing = [];
    const front = ['apps/shell', 'apps/public', 'apps/registration', 'apps/downloads', 'apps/admin', 'libs'];
    for (const dir of front) {
      for (const file of sourceFiles(join(repoRoot, dir))) {
        for (const name of routerImports(readFileSync(file, 'utf8'))) if (!shared.has(name)) missing.push(`${name} (${file.slice(repoRoot.length + 1)})`);
      }
    }
    assert.deepEqual(missing, []);
  });

  it('exports each of those names from the package', async () => {
    const slice = await import(SHARED);
    for (const name of sharedNames()) assert.equal(typeof slice[name], name === 'Link' || name === 'NavLink' ? 'object' : 'function', name);
  });

  it('finds imports the way the sources write them', () => {
    assert.deepEqual(routerImports("import { Link, type To, useNavigate as go } from 'react-router-dom';\nimport type { Location } from 'react-router-dom';"), ['Link', 'useNavigate']);
  });
});
