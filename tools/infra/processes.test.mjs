// Tests of the process bookkeeping behind tools/infra, with a throwaway process instead of a server.
//   node --test tools/infra/processes.test.mjs
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, test } from 'node:test';
import { withLock } from './lib/lock.mjs';
import { waitFor } from './lib/timing.mjs';
import {
  isAlive, pauseProcess, readPidRecord, recordState, resumeProcess, startDetached, stopProcess,
} from './lib/processes.mjs';

const dir = mkdtempSync(join(tmpdir(), 'kbe-infra-test-'));
const started = [];
after(async () => {
  for (const pid of started) await stopProcess(pid, { graceMs: 2000 });
  rmSync(dir, { recursive: true, force: true });
});

async function sleeper(name, script = 'setInterval(() => {}, 1000)') {
  const marker = `kbe-infra-test-${name}-${process.pid}`;
  const { record } = await startDetached({
    command: process.execPath,
    args: ['-e', script, marker],
    env: process.env,
    cwd: dir,
    logFile: join(dir, `${name}.log`),
    pidFile: join(dir, `${name}.pid`),
    marker,
    extra: { name, ports: [] },
  });
  started.push(record.pid);
  return record;
}

test('a detached process gets its own process group, a pid file and a log file', async () => {
  const record = await sleeper('group', "console.log('hello from the child'); setInterval(() => {}, 1000)");
  assert.deepEqual(readPidRecord(join(dir, 'group.pid')).pid, record.pid);
  const stat = readFileSync(`/proc/${record.pid}/stat`, 'utf8');
  const pgid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
  assert.equal(pgid, record.pid);
  assert.equal(recordState(record), 'running');
  const logged = await waitFor(() => /hello from the child/.test(readFileSync(join(dir, 'group.log'), 'utf8')), { timeoutMs: 10_000, intervalMs: 100 });
  assert.equal(logged, true);
});

test('pause and resume show in the state; stop ends a paused process', async () => {
  const record = await sleeper('pause');
  pauseProcess(record.pid);
  await sleep(100);
  assert.equal(recordState(record), 'paused');
  resumeProcess(record.pid);
  await sleep(100);
  assert.equal(recordState(record), 'running');
  pauseProcess(record.pid);
  assert.equal(await stopProcess(record.pid, { graceMs: 5000 }), 'terminated');
  assert.equal(isAlive(record.pid), false);
});

test('a process that ignores SIGTERM is killed after the grace period', async () => {
  const record = await sleeper('stubborn', "process.on('SIGTERM', () => {}); console.log('armed'); setInterval(() => {}, 1000)");
  // wait until the handler is installed, or SIGTERM would end it before it could ignore it
  await waitFor(() => /armed/.test(readFileSync(join(dir, 'stubborn.log'), 'utf8')), { timeoutMs: 10_000, intervalMs: 100 });
  assert.equal(await stopProcess(record.pid, { graceMs: 500 }), 'killed');
  assert.equal(isAlive(record.pid), false);
});

test('a pid file whose process is gone, or whose pid is another program, is stale', async () => {
  const record = await sleeper('stale');
  await stopProcess(record.pid, { graceMs: 2000 });
  assert.equal(recordState(record), 'stale');
  assert.equal(recordState({ pid: process.pid, marker: 'not-this-program' }), 'stale');
  assert.equal(recordState(undefined), 'stopped');
});

test('the lock serialises concurrent holders and is re-entrant', async () => {
  const lock = join(dir, 'infra.lock');
  const order = [];
  const holder = (name) => withLock(lock, async () => {
    order.push(`${name}:in`);
    await withLock(lock, async () => order.push(`${name}:nested`));
    await sleep(50);
    order.push(`${name}:out`);
  });
  await Promise.all([holder('a'), holder('b')]);
  assert.deepEqual(order, ['a:in', 'a:nested', 'a:out', 'b:in', 'b:nested', 'b:out']);
});

test('a lock file left by a dead process is taken over', async () => {
  const lock = join(dir, 'dead.lock');
  writeFileSync(lock, '999999999');
  assert.equal(await withLock(lock, async () => 'got it', { timeoutMs: 2000 }), 'got it');
});
