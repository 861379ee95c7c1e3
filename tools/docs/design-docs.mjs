// What a design doc (docs/*.md, not docs/adr/ or docs/benchmarks/) may hold: how the product works
// and why, in at most MAX_LINES lines. Measurements go to docs/benchmarks/<date>-<topic>.md with
// the command that reproduces them; a dated work log ("on 2026-11-23 we measured ...", a heading
// per day) belongs there too, never in a design doc. Checked by design-docs.docs.test.mjs, part of
// the static stage of `npm test` (tools/test/run.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINES = 150;

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const docsDir = join(repoRoot, 'docs');

const DATE = String.raw`\d{4}-\d{2}-\d{2}(?![\w.-]*\.md)`;
/** A line that logs work by date: a heading with a date, a line or table row or list item that
 *  starts with one, or "on / measured / recorded / tried <date>". A date inside a link to a
 *  benchmark file (`benchmarks/2026-11-24-documents.md`) is a reference, not a log. */
const DATED_LOG = [
  new RegExp(String.raw`^#{1,6}\s.*\b${DATE}`),
  new RegExp(String.raw`^\s*(?:[-*+]\s+|\d+\.\s+|\|\s*)?(?:\*\*|_)?${DATE}`),
  new RegExp(String.raw`\b(?:on|measured|recorded|tried)\s+(?:on\s+)?${DATE}`, 'i'),
];

/** The design docs, as paths relative to docs/ (docs/*.md: README.md included, adr/ and benchmarks/ not). */
export function designDocs() {
  return readdirSync(docsDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md'))
    .map((entry) => entry.name)
    .sort();
}

/** Lines of a text that read as a dated work log: `{ line, text }`, line numbers from 1. */
export function datedLogLines(text) {
  let inCode = false;
  const found = [];
  text.split('\n').forEach((line, index) => {
    if (/^\s*```/.test(line)) inCode = !inCode;
    else if (!inCode && DATED_LOG.some((pattern) => pattern.test(line))) found.push({ line: index + 1, text: line.trim() });
  });
  return found;
}

/** What is wrong with one design doc (empty when nothing): too long, dated log lines. */
export function designDocProblems(text) {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n').length : text.split('\n').length;
  const problems = [];
  if (lines > MAX_LINES) problems.push(`${lines} lines, more than ${MAX_LINES}: split it into focused docs, or move measurements to docs/benchmarks/`);
  for (const { line, text: logged } of datedLogLines(text)) problems.push(`line ${line} reads as a dated log (move it to docs/benchmarks/<date>-<topic>.md): ${logged}`);
  return problems;
}

export const readDesignDoc = (name) => readFileSync(join(docsDir, name), 'utf8');
