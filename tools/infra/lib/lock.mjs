// A cross-process lock (one file, O_EXCL) so that two `up`/`down` runs, e.g. from two
// engineers or two test runners, never start the same server twice.
import { mkdirSync, openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { AsyncLocalStorage } from 'node:async_hooks';
import { InfraError } from './config.mjs';
import { isAlive } from './processes.mjs';

const held = new AsyncLocalStorage();
let queue = Promise.resolve();

function tryAcquire(lockFile) {
  try {
    const fd = openSync(lockFile, 'wx');
    writeSync(fd, String(process.pid));
    closeSync(fd);
    return true;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    return false;
  }
}

function holder(lockFile) {
  try {
    return Number(readFileSync(lockFile, 'utf8').trim());
  } catch {
    return undefined;
  }
}

/**
 * Runs `fn` while holding the lock. Nested calls (from inside `fn`) reuse it; concurrent calls
 * in this process queue behind each other; other processes wait for the lock file.
 */
export async function withLock(lockFile, fn, options = {}) {
  if (held.getStore()) return fn();
  const previous = queue;
  /** @type {(value?: unknown) => void} */
  let release;
  queue = new Promise((resolve) => (release = resolve));
  await previous;
  try {
    return await acquireFile(lockFile, () => held.run(true, fn), options);
  } finally {
    release();
  }
}

async function acquireFile(lockFile, fn, { timeoutMs = 45 * 60_000, log = undefined }) {
  mkdirSync(dirname(lockFile), { recursive: true });
  const deadline = Date.now() + timeoutMs;
  let told = false;
  while (!tryAcquire(lockFile)) {
    const pid = holder(lockFile);
    if (!pid || !isAlive(pid) || pid === process.pid) {
      rmSync(lockFile, { force: true });
      continue;
    }
    if (!told) {
      log?.(`waiting for another kbe-infra run (pid ${pid}) to finish ...`);
      told = true;
    }
    if (Date.now() > deadline) {
      throw new InfraError(`another kbe-infra run (pid ${pid}) has held ${lockFile} for too long`);
    }
    await sleep(500);
  }
  try {
    return await fn();
  } finally {
    rmSync(lockFile, { force: true });
  }
}
