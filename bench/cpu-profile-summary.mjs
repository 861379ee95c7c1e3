// Summarises a .cpuprofile (bench/cpu-profile.cjs): self time per function and per package, most first.
//   node bench/cpu-profile-summary.mjs <file.cpuprofile> [rows]
import { readFileSync } from 'node:fs';

const [file, rowsArg] = process.argv.slice(2);
const rows = Number(rowsArg ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const selfUs = new Map();
const deltas = profile.timeDeltas;
// The first delta runs from the profiler's start to its first sample (the start itself, in node:inspector's
// dispatch): not time any function of the service spent.
for (let i = 1; i < profile.samples.length; i++) selfUs.set(profile.samples[i], (selfUs.get(profile.samples[i]) ?? 0) + (deltas[i] ?? 0));
const total = [...selfUs.values()].reduce((a, b) => a + b, 0);

const where = (frame) => {
  const url = frame.url || '';
  const pkg = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/)?.[1];
  if (pkg) return pkg;
  if (url.startsWith('node:')) return url;
  if (url.includes('dist/apps')) return 'service bundle';
  return url ? url.split('/').slice(-1)[0] : `(${frame.functionName || 'native'})`;
};
const functions = new Map();
const packages = new Map();
for (const [id, us] of selfUs) {
  const frame = byId.get(id).callFrame;
  const fn = `${frame.functionName || '(anonymous)'} ${where(frame)}:${frame.lineNumber + 1}`;
  functions.set(fn, (functions.get(fn) ?? 0) + us);
  packages.set(where(frame), (packages.get(where(frame)) ?? 0) + us);
}
const print = (title, map) => {
  console.log(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [key, us] of [...map].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
    console.log(`${(us / 1000).toFixed(1).padStart(9)} ms ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`);
  }
};
print('by package', packages);
print('by function (self time)', functions);
