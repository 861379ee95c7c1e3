// node --test tools/docs/design-docs.docs.test.mjs   (or: node tools/test/node-tests.mjs docs)
// Every design doc (docs/*.md) says how and why in at most 150 lines, without dated work logs;
// dated measurements live in docs/benchmarks/ (tools/docs/design-docs.mjs).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { MAX_LINES, datedLogLines, designDocProblems, designDocs, readDesignDoc } from './design-docs.mjs';

describe('design docs', () => {
  const docs = designDocs();

  it('there are design docs to check', () => assert.ok(docs.length > 0));

  for (const name of docs) {
    it(`docs/${name}: at most ${MAX_LINES} lines, no dated log`, () => {
      assert.deepEqual(designDocProblems(readDesignDoc(name)), []);
    });
  }
});

describe('what reads as a dated log', () => {
  it('a heading, a line, a list item or a table row that starts with a date, and "on / measured <date>"', () => {
    for (const line of [
      '## 2026-11-23: the packed entry',
      '### Round two (2026-11-24)',
      '2026-11-23: moved the claims first',
      '- 2026-11-24 tried a larger young generation',
      '| 2026-11-23 | 0.27x |',
      '**2026-11-23** after the fix',
      'TBT 105 ms on 2026-11-23, zod gone',
      'the figures measured 2026-11-28 are',
      'Tried on 2026-11-23 and reverted.',
    ]) assert.equal(datedLogLines(line).length, 1, line);
  });

  it('not a link to a benchmark file, a version, or a date inside a code block', () => {
    for (const text of [
      'Figures: [benchmarks/2026-11-24-documents.md](benchmarks/2026-11-24-documents.md).',
      '- [2026-11-23-sms-delivery.md](benchmarks/2026-11-23-sms-delivery.md) and later rounds',
      'the notice (version `2026-11-28.1`) says',
      'measured in docs/benchmarks/2026-11-27-backup.md',
      '```bash\n2026-11-23 ls\n```',
    ]) assert.deepEqual(datedLogLines(text), [], text);
  });

  it('too long is a problem of its own', () => {
    assert.equal(designDocProblems('x\n'.repeat(MAX_LINES)).length, 0);
    assert.match(designDocProblems('x\n'.repeat(MAX_LINES + 1))[0], /151 lines/);
  });
});
