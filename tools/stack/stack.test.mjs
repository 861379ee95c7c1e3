// Tests of how `npm start` shows a command's output as one step of its progress.
//   node --test tools/stack/stack.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createProgress } from '../infra/lib/progress.mjs';
import { runShown } from './stack.mjs';

test('a command run as a step: its output lines are shown, then its duration, and it is in the summary', async () => {
  const lines = [];
  const progress = createProgress({ print: (line) => lines.push(line), live: undefined });
  await runShown(progress, 'pretend nx build', process.execPath, ['-e', "console.log('> nx run shell:build'); console.error('warning: big'); console.log('Successfully ran target build')"], {
    failure: 'the build failed',
    label: 'stack',
  });
  assert.equal(lines[0], '[stack]     pretend nx build ...');
  assert.deepEqual(lines.slice(1, -1).sort(), ['> nx run shell:build', 'Successfully ran target build', 'warning: big']);
  assert.match(lines.at(-1), /^\[stack\] {5}pretend nx build: done in \d+\.\ds$/);
  assert.deepEqual(progress.steps().map((s) => [s.name, s.ok]), [['pretend nx build', true]]);
});

test('a failing command rejects with the given message and is marked failed', async () => {
  const progress = createProgress({ print: () => undefined, live: undefined });
  await assert.rejects(runShown(progress, 'broken', process.execPath, ['-e', 'process.exit(2)'], { failure: 'the build failed' }), /the build failed/);
  assert.equal(progress.steps()[0].ok, false);
});
