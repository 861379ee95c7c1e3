// Version-keyed install directories with a stamp, built into a temporary directory and renamed
// into place, so an interrupted build never looks installed and a changed recipe rebuilds.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function hashFiles(files) {
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update('\0').update(readFileSync(file)).update('\0');
  return hash.digest('hex').slice(0, 16);
}

function stampFile(dir) {
  return join(dir, '.kbe-installed.json');
}

export function isInstalled(dir, stamp, artifact) {
  if (!existsSync(join(dir, artifact))) return false;
  if (stamp === undefined) return true;
  try {
    return JSON.parse(readFileSync(stampFile(dir), 'utf8')).stamp === stamp;
  } catch {
    return false;
  }
}

/**
 * Ensures `dir` holds `artifact` built for `stamp`. `build(stagingDir)` must create the
 * artifact inside stagingDir. Returns 'cached' or 'built'.
 */
export async function ensureInstalled({ dir, stamp, artifact, build }) {
  if (isInstalled(dir, stamp, artifact)) return 'cached';
  const staging = `${dir}.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    await build(staging);
    writeFileSync(stampFile(staging), `${JSON.stringify({ stamp: stamp ?? null, builtAt: new Date().toISOString() }, null, 2)}\n`);
    rmSync(dir, { recursive: true, force: true });
    renameSync(staging, dir);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return 'built';
}
