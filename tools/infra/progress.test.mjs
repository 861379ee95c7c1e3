// Tests of the progress reporting of long steps (lib/progress.mjs) with a fake clock, and of
// runStep feeding it a real child's output.
//   node --test tools/infra/progress.test.mjs
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import {
  cleanLine, createProgress, downloadedBytes, formatBytes, formatDuration, goOutputKind, lineSplitter,
} from './lib/progress.mjs';
import { runStep } from './lib/toolchain.mjs';

/** A clock whose time moves only when the test says so; intervals fire as it moves. */
function fakeClock() {
  let now = 1_000_000;
  let nextId = 0;
  const timers = new Map();
  return {
    now: () => now,
    setInterval(fn, ms) {
      nextId += 1;
      timers.set(nextId, { fn, ms, due: now + ms });
      return nextId;
    },
    clearInterval(id) {
      timers.delete(id);
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const due = [...timers.values()].filter((t) => t.due <= end).sort((a, b) => a.due - b.due)[0];
        if (!due) break;
        now = due.due;
        due.due += due.ms;
        due.fn();
      }
      now = end;
    },
    active: () => timers.size,
  };
}

function deferred() {
  /** @type {(value?: unknown) => void} */
  let resolve = () => undefined;
  /** @type {(reason?: unknown) => void} */
  let reject = () => undefined;
  const promise = new Promise((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A progress printing plain lines (no TTY) into an array. */
function plain(clock = fakeClock()) {
  const lines = [];
  const progress = createProgress({ print: (line) => lines.push(line), live: undefined, clock });
  return { progress, lines, clock };
}

test('without a terminal: the name at the start, a plain heartbeat line every 10 s, the duration at the end', async () => {
  const { progress, lines, clock } = plain();
  const gate = deferred();
  const running = progress.run('go build FerretDB', async (step) => {
    step.line('go: downloading github.com/jackc/pgx/v5 v5.7.1');
    step.line('github.com/FerretDB/FerretDB/internal/util/must');
    await gate.promise;
    step.note('37 MB binary');
    return 'built';
  }, { label: 'mongo', expect: 'about 2 min', logFile: '/tmp/x/mongo-install.log', kind: goOutputKind });

  assert.deepEqual(lines, ['[mongo]     go build FerretDB ... (about 2 min; output in /tmp/x/mongo-install.log)']);
  clock.advance(9_999);
  assert.equal(lines.length, 1, 'no heartbeat before 10 s');
  clock.advance(1);
  clock.advance(10_000);
  clock.advance(5_000);
  assert.deepEqual(lines.slice(1), [
    '[mongo]       ... go build FerretDB: 10.0s, 1 modules downloaded, 1 packages compiled, last: github.com/FerretDB/FerretDB/internal/util/must',
    '[mongo]       ... go build FerretDB: 20.0s, 1 modules downloaded, 1 packages compiled, last: github.com/FerretDB/FerretDB/internal/util/must',
  ]);
  gate.resolve();
  assert.equal(await running, 'built');
  assert.equal(lines.at(-1), '[mongo]     go build FerretDB: done in 25.0s (37 MB binary)');
  assert.equal(clock.active(), 0, 'the heartbeat timer is stopped');
  assert.ok(lines.every((line) => !line.includes('\r') && !line.includes('\x1b')), 'plain lines only');
});

test('a long step reports minutes, and a step without output shows its detail instead', async () => {
  const { progress, lines, clock } = plain();
  const gate = deferred();
  const running = progress.run('waiting until ready', () => gate.promise, { label: 'kafka', detail: () => 'INFO [KafkaRaftServer nodeId=1] starting' });
  clock.advance(130_000);
  assert.equal(lines.length, 1 + 13, 'one heartbeat per 10 s');
  assert.equal(lines.at(-1), '[kafka]       ... waiting until ready: 2m 10s, last: INFO [KafkaRaftServer nodeId=1] starting');
  gate.resolve();
  await running;
  assert.equal(lines.at(-1), '[kafka]     waiting until ready: done in 2m 10s');
});

test('downloads are counted in bytes from Maven and apt lines', async () => {
  const { progress, lines, clock } = plain();
  const gate = deferred();
  const running = progress.run('mvn dependency:copy-dependencies', async (step) => {
    step.line('[INFO] Downloading from central: https://repo.maven.apache.org/maven2/org/apache/kafka/kafka_2.13/3.9.1/kafka_2.13-3.9.1.jar');
    step.line('[INFO] Downloaded from central: https://repo.maven.apache.org/maven2/org/apache/kafka/kafka_2.13/3.9.1/kafka_2.13-3.9.1.jar (6.4 MB at 2.1 MB/s)');
    step.line('[INFO] Downloaded from central: https://repo.maven.apache.org/maven2/org/slf4j/slf4j-api/1.7.36/slf4j-api-1.7.36.jar (41 kB at 300 kB/s)');
    await gate.promise;
  }, { label: 'kafka' });
  clock.advance(10_000);
  assert.match(lines.at(-1), /mvn dependency:copy-dependencies: 10\.0s, 6\.4 MB downloaded, last: \[INFO\] Downloaded from central: .*slf4j-api-1\.7\.36\.jar \(41 kB at 300 kB\/s\)$/);
  gate.resolve();
  await running;
});

test('a failing step says so with its time, is rethrown, and is marked in the summary', async () => {
  const { progress, lines, clock } = plain();
  const running = progress.run('go install MinIO', async () => {
    clock.advance(3_000);
    throw new Error('exit 1');
  }, { label: 'minio' });
  await assert.rejects(running, /exit 1/);
  assert.equal(lines.at(-1), '[minio]     go install MinIO: FAILED after 3.0s');
  assert.equal(clock.active(), 0);
  assert.match(progress.summary().join('\n'), /minio: go install MinIO \(FAILED\)\s+3\.0s/);
});

test('the summary lists each step with its time and note, then the total wall time', async () => {
  const { progress, clock } = plain();
  await progress.run('go build FerretDB', () => clock.advance(82_000), { label: 'mongo' });
  progress.record('already running, checked', 0.25, { label: 'postgres', note: 'pid 42' });
  await progress.run('go install MinIO', () => clock.advance(187_000), { label: 'minio' });
  await progress.run('headless launch check', (step) => {
    clock.advance(1_500);
    step.note('Chromium 156');
  }, { label: 'chromium', quiet: true });
  clock.advance(500);
  assert.deepEqual(progress.summary('infra up: time per step'), [
    'infra up: time per step:',
    '  mongo: go build FerretDB            1m 22s',
    '  postgres: already running, checked    0.3s  pid 42',
    '  minio: go install MinIO             3m 07s',
    '  chromium: headless launch check       1.5s  Chromium 156',
    '  ------------------------------------------',
    '  total                               4m 31s',
  ]);
  assert.deepEqual(progress.steps().map((s) => s.name), ['go build FerretDB', 'already running, checked', 'go install MinIO', 'headless launch check']);
});

test('a quiet step prints nothing but is timed', async () => {
  const { progress, lines, clock } = plain();
  const gate = deferred();
  const running = progress.run('check', () => gate.promise, { quiet: true });
  clock.advance(30_000);
  gate.resolve();
  await running;
  assert.deepEqual(lines, []);
  assert.equal(progress.steps()[0].seconds, 30);
});

test('on a terminal: one live line redrawn in place every second, cleared before other lines and at the end', async () => {
  const clock = fakeClock();
  const lines = [];
  const raw = [];
  const progress = createProgress({ print: (line) => lines.push(line), live: (text) => raw.push(text), clock, columns: () => 80 });
  const gate = deferred();
  const running = progress.run('go install MinIO', async (step) => {
    step.line('github.com/minio/minio/internal/bucket/lifecycle');
    await gate.promise;
  }, { label: 'minio', kind: goOutputKind });
  assert.deepEqual(lines, ['[minio]     go install MinIO ...']);
  const drawn = raw.length;
  clock.advance(3_000);
  assert.equal(raw.length - drawn, 3, 'redrawn once a second');
  const current = raw.at(-1);
  assert.ok(current.startsWith('\r\x1b[2K'), 'drawn over itself');
  assert.ok(current.length <= '\r\x1b[2K'.length + 79, 'never wider than the terminal');
  assert.match(current, /go install MinIO: 3\.0s, 1 packages compiled, last: github\.com\/mi/);

  raw.length = 0;
  progress.say('[kafka]     a line from elsewhere');
  assert.equal(raw[0], '\r\x1b[2K', 'the live line is cleared first');
  assert.ok(raw[1].startsWith('\r\x1b[2K') && raw[1].includes(' [minio]     go install MinIO: '), 'then drawn again under the new line');
  assert.equal(lines.at(-1), '[kafka]     a line from elsewhere');

  clock.advance(20_000);
  assert.equal(lines.length, 2, 'no heartbeat lines pile up on a terminal');
  raw.length = 0;
  gate.resolve();
  await running;
  assert.deepEqual(raw, ['\r\x1b[2K'], 'cleared, not redrawn, once the step is done');
  assert.equal(lines.at(-1), '[minio]     go install MinIO: done in 23.0s');
  assert.equal(clock.active(), 0, 'the redraw timer is stopped');
});

test('with a print function of its own (a log, a test) the heartbeat is plain lines, even on a terminal', () => {
  const lines = [];
  const clock = fakeClock();
  const progress = createProgress({ print: (line) => lines.push(line), clock });
  const gate = deferred();
  const running = progress.run('x', () => gate.promise);
  clock.advance(10_000);
  assert.equal(lines.length, 2, 'a given print function gets plain heartbeat lines');
  gate.resolve();
  return running;
});

test('formatting helpers', () => {
  assert.equal(formatDuration(0.04), '0.0s');
  assert.equal(formatDuration(59.94), '59.9s');
  assert.equal(formatDuration(82), '1m 22s');
  assert.equal(formatDuration(3725), '1h 02m');
  assert.equal(formatBytes(512), '512 B');
  assert.equal(formatBytes(46_200_000), '46.2 MB');
  assert.equal(cleanLine('\x1b[32mSuccessfully ran\x1b[39m target build  '), 'Successfully ran target build');
  assert.equal(cleanLine('50% [Working]\r100% [Done]'), '100% [Done]');
  assert.equal(downloadedBytes('Get:3 http://deb.debian.org/debian bookworm/main amd64 chromium amd64 156.0 [78.1 MB]'), 78_100_000);
  assert.equal(downloadedBytes('[INFO] Downloading from central: https://x/y.jar'), 0);
  assert.equal(goOutputKind('go: downloading github.com/minio/minio v0.0.0-2026'), 'modules downloaded');
  assert.equal(goOutputKind('github.com/minio/minio/cmd'), 'packages compiled');
  assert.equal(goOutputKind('# github.com/minio/minio/cmd'), undefined);
});

test('lines are split on \\n and \\r across chunks', () => {
  const seen = [];
  const splitter = lineSplitter((line) => seen.push(line));
  splitter.push('first li');
  splitter.push('ne\nsecond\r\nthird\rfour');
  splitter.push('th\n\n');
  splitter.push('unfinished');
  splitter.end();
  assert.deepEqual(seen, ['first line', 'second', 'third', 'fourth', 'unfinished']);
});

const dir = mkdtempSync(join(tmpdir(), 'kbe-progress-test-'));
after(() => rmSync(dir, { recursive: true, force: true }));

test('runStep with a progress: the child output lands in the log file and feeds the step', async () => {
  const lines = [];
  const progress = createProgress({ print: (line) => lines.push(line), live: undefined });
  const logFile = join(dir, 'ok.log');
  await runStep({
    title: 'pretend build',
    command: process.execPath,
    args: ['-e', "console.log('example.com/a'); console.error('go: downloading example.com/b v1.0.0'); console.log('example.com/c')"],
    logFile,
    timeoutMs: 30_000,
    progress,
    label: 'test',
    kind: goOutputKind,
  });
  const log = readFileSync(logFile, 'utf8');
  for (const line of ['example.com/a', 'go: downloading example.com/b v1.0.0', 'example.com/c']) assert.ok(log.includes(line), `${line} in the log`);
  assert.equal(lines[0], `[test]      pretend build ... (output in ${logFile})`);
  assert.match(lines.at(-1), /^\[test\] {6}pretend build: done in \d+\.\ds$/);
  assert.deepEqual(progress.steps().map((s) => [s.label, s.name, s.ok]), [['test', 'pretend build', true]]);
});

test('runStep with a progress: a failure quotes the end of the log, all output included', async () => {
  const progress = createProgress({ print: () => undefined, live: undefined });
  const logFile = join(dir, 'fail.log');
  await assert.rejects(
    runStep({
      title: 'broken build',
      command: process.execPath,
      args: ['-e', "process.stdout.write('compiling\\n'); process.stderr.write('error: undefined: x\\n'); process.exit(3)"],
      logFile,
      timeoutMs: 30_000,
      progress,
    }),
    (/** @type {Error} */ error) => /broken build failed \(exit 3\)/.test(error.message) && /error: undefined: x/.test(error.message),
  );
  assert.equal(progress.steps()[0].ok, false);
});

test('runStep without a progress writes to the log file as before and prints nothing', async () => {
  const logFile = join(dir, 'plain.log');
  await runStep({ title: 'quiet', command: process.execPath, args: ['-e', "console.log('hello')"], logFile, timeoutMs: 30_000 });
  assert.match(readFileSync(logFile, 'utf8'), /===== .* quiet: .*\nhello\n/);
});
