// Lighthouse on every public page, as a phone sees it: Lighthouse's default mobile profile
// (Moto G Power screen, simulated throttling: 150 ms RTT, 1.6 Mbit/s, 4x CPU slowdown) in
// Debian's Chromium. Each page is measured RUNS times (default 3) and the median of each figure
// is printed, because the score moves with the load of a shared machine.
//   node bench/lighthouse.mjs            KBE_BASE_URL (default http://localhost:8080) if it answers,
//                                        else a private edge over dist/apps (build shell + remotes first)
//   node bench/lighthouse.mjs --dist     always a private edge over dist/apps (this checkout's build)
//   RUNS=3 CHROMIUM_PATH=/usr/bin/chromium LIGHTHOUSE_PAGES=/,/einstein-quest/about
//   LIGHTHOUSE_DIST=/tmp/before/apps     with --dist: the builds of another checkout (a before/after)
//   LIGHTHOUSE_JSON=out.json             also writes every run's figures as JSON
//   LIGHTHOUSE_DIAGNOSE=1                also prints, per page, where the main thread went in the run
//                                        of median TBT: script evaluation per file (bootup-time),
//                                        work by kind, the long tasks and the LCP element's phases
// One line per page: performance and accessibility scores, FCP, LCP, TBT, CLS, and the
// JavaScript transferred (KiB), and the machine's load average (1 min) when the page's runs ended
// (TBT is main-thread time, so it grows with the load). The first line is a bare baseline measured in the same run: a
// static page with a heading and a paragraph, no script, no stylesheet (what this machine and
// the throttling give at best). No pass/fail: `npm test` holds the budgets that do not depend
// on machine speed (bench/bundle-size.mjs, apps/e2e).
//
// Two sets of figures per page, from the same page load (simulated throttling computes the phone
// from one unthrottled trace, so the trace can be audited twice):
//   standard    Lighthouse's default 4x CPU slowdown, whatever the host: on a loaded host every
//               task observed is longer, so TBT and the score also measure the machine's load.
//   calibrated  the CPU slowdown derived from the host's BenchmarkIndex measured by Lighthouse at
//               the start of that very load (lhr.environment.benchmarkIndex), as Lighthouse's
//               docs/throttling.md "Calibrating the CPU slowdown" advises, with the mapping of its
//               CPU throttling calculator (BenchmarkIndex 150 -> 1x, 800 -> 2x, 1300 -> 3x, then
//               +1x per 233): the simulated mid-range phone is the same device on a quiet or a busy
//               host. A host measured below 150 is too slow to emulate that phone: 1x, flagged.
// Both are printed, labelled; the calibrated figures never replace the standard ones.
import { existsSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = resolve(process.env.LIGHTHOUSE_DIST ?? join(repoRoot, 'dist/apps'));
const baseUrl = process.env.KBE_BASE_URL ?? 'http://localhost:8080';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.RUNS ?? 3);
const out = (line) => process.stdout.write(`${line}\n`);

const ENGLISH_PAGES = [
  '/',
  '/einstein-quest/about',
  '/einstein-quest/exams',
  '/einstein-quest/gallery',
  '/einstein-quest/contact',
  '/einstein-quest/downloads',
  '/einstein-quest/online-registrations',
  '/einstein-quest/school-portal',
];

/** Every public page in English, Marathi (/mr/...) and Hindi (/hi/...). */
export const PUBLIC_PAGES = ['', '/mr', '/hi'].flatMap((prefix) => ENGLISH_PAGES.map((page) => (prefix && page === '/' ? prefix : `${prefix}${page}`)));

async function answers(url) {
  try {
    const res = await fetch(`${url}/module-federation.manifest.json`, { signal: AbortSignal.timeout(3000) });
    return res.ok;
  } catch {
    return false;
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/** The figures of one Lighthouse result. */
function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = lhr.audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
  return {
    perf: Math.round((lhr.categories.performance.score ?? 0) * 100),
    a11y: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsKib: (scripts?.transferSize ?? 0) / 1024,
  };
}

const ms = (value) => `${Math.round(value ?? 0)} ms`;
const shortUrl = (url) => String(url).replace(/^https?:\/\/[^/]+/, '');

/** What Lighthouse says about the main thread of one run (LIGHTHOUSE_DIAGNOSE=1). */
function diagnosis(lhr) {
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const lines = [];
  const scripts = items('bootup-time')
    .filter((item) => item.total >= 20)
    .map((item) => `${shortUrl(item.url)} ${ms(item.total)} (eval ${ms(item.scripting)}, parse ${ms(item.scriptParseCompile)})`);
  lines.push(`main thread ${ms(lhr.audits['mainthread-work-breakdown']?.numericValue)}: ${items('mainthread-work-breakdown').map((item) => `${item.groupLabel} ${ms(item.duration)}`).join(', ')}`);
  if (scripts.length) lines.push(`scripts: ${scripts.join('; ')}`);
  const longTasks = items('long-tasks').map((task) => `${shortUrl(task.url)} at ${ms(task.startTime)} for ${ms(task.duration)}`);
  lines.push(`long tasks: ${longTasks.length ? longTasks.join('; ') : 'none'}`);
  const lcpElement = items('largest-contentful-paint-element');
  const element = lcpElement[0]?.items?.[0]?.node?.snippet;
  const phases = lcpElement[1]?.items?.map((phase) => `${phase.phase ?? phase.label} ${ms(phase.timing)}`).join(', ');
  if (element) lines.push(`LCP element: ${element.slice(0, 120)}${phases ? ` (${phases})` : ''}`);
  return lines;
}

/**
 * The CPU slowdown that makes a host of this BenchmarkIndex Lighthouse's mid-range phone: the
 * mapping of Lighthouse's CPU throttling calculator (linked from its docs/throttling.md),
 * 150 -> 1x, 800 -> 2x, 1300 -> 3x, then one more per 233. Below 150 the host is slower than the
 * phone: 1x, and `tooSlow` says the phone cannot be emulated.
 */
function calibratedCpuSlowdown(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex < 150) return { multiplier: 1, tooSlow: true };
  if (benchmarkIndex < 800) return { multiplier: 1 + (benchmarkIndex - 150) / 650, tooSlow: false };
  if (benchmarkIndex < 1300) return { multiplier: 2 + (benchmarkIndex - 800) / 500, tooSlow: false };
  return { multiplier: 3 + (benchmarkIndex - 1300) / 233, tooSlow: false };
}

/**
 * One page load, audited twice: with Lighthouse's settings as they are (4x CPU) and with the
 * calibrated CPU slowdown. Simulated throttling derives the phone from the unthrottled trace at
 * audit time, so both audits read the same load.
 */
async function measure(pageUrl, port) {
  const [{ navigationGather }, { Runner }] = await Promise.all([
    import('lighthouse/core/gather/navigation-runner.js'),
    import('lighthouse/core/runner.js'),
  ]);
  const flags = { port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };
  const { artifacts, runnerOptions } = await navigationGather(undefined, pageUrl, { flags });
  const standard = await Runner.audit(artifacts, runnerOptions);
  if (!standard?.lhr) throw new Error(`Lighthouse returned nothing for ${pageUrl}`);
  if (standard.lhr.runtimeError) return { runtimeError: standard.lhr.runtimeError };
  const benchmarkIndex = standard.lhr.environment.benchmarkIndex;
  const { multiplier, tooSlow } = calibratedCpuSlowdown(benchmarkIndex);
  const { settings } = runnerOptions.resolvedConfig;
  const calibratedSettings = { ...settings, throttling: { ...settings.throttling, cpuSlowdownMultiplier: multiplier } };
  const calibrated = await Runner.audit(
    { ...artifacts, settings: calibratedSettings },
    { resolvedConfig: { ...runnerOptions.resolvedConfig, settings: calibratedSettings }, computedCache: new Map() },
  );
  const context = { benchmarkIndex };
  return {
    standard: { ...figures(standard.lhr), ...context, cpuSlowdown: settings.throttling.cpuSlowdownMultiplier },
    calibrated: { ...figures(calibrated.lhr), ...context, cpuSlowdown: multiplier },
    tooSlow,
    diagnosis: process.env.LIGHTHOUSE_DIAGNOSE ? diagnosis(standard.lhr) : [],
  };
}

const BASELINE_HTML = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Baseline</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Bare baseline page"></head>
<body><main><h1>Baseline</h1><p>A static page without scripts or stylesheets, measured beside the product's pages.</p></main></body></html>`;

/** The bare baseline page on a port of its own. */
function startBaseline() {
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(BASELINE_HTML));
  return new Promise((resolveStart) => server.listen(0, '127.0.0.1', () => resolveStart(server)));
}

async function main() {
  const chromeLauncher = await import('chrome-launcher');
  if (!existsSync(chromiumPath)) throw new Error(`no Chromium at ${chromiumPath} (npm run infra:up installs Debian's chromium)`);
  let edge;
  let url = baseUrl;
  const forceDist = process.argv.includes('--dist');
  if (!forceDist && (await answers(baseUrl))) {
    out(`measuring ${baseUrl} (running stack)`);
  } else if (existsSync(join(distDir, 'shell/index.html')) && existsSync(join(distDir, 'public/remoteEntry.js'))) {
    const { startEdge } = await import('../tools/edge/server.mjs');
    edge = await startEdge({ port: 0, distDir, env: {} });
    await edge.warmed;
    url = `http://127.0.0.1:${edge.address().port}`;
    out(`measuring a private edge over dist/apps at ${url}${forceDist ? '' : ` (${baseUrl} did not answer)`}`);
  } else {
    throw new Error(`${baseUrl} does not answer and dist/apps has no built shell and public remote: build them first`);
  }

  const pages = process.env.LIGHTHOUSE_PAGES ? process.env.LIGHTHOUSE_PAGES.split(',') : PUBLIC_PAGES;
  const baseline = await startBaseline();
  const baselineUrl = `http://127.0.0.1:${baseline.address().port}`;
  const targets = [{ label: '(bare baseline)', url: `${baselineUrl}/` }, ...pages.map((page) => ({ label: page, url: `${url}${page}` }))];
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumPath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-quic'],
  });
  const all = {};
  try {
    out(`Lighthouse mobile, simulated throttling, median of ${runs} runs per page; each run audited twice:`);
    out('  std = Lighthouse\'s standard 4x CPU slowdown (what Lighthouse reports by default; grows with the host\'s load)');
    out('  cal = calibrated: CPU slowdown from the host\'s BenchmarkIndex measured in that run (Lighthouse docs/throttling.md)');
    out(
      `${'page'.padEnd(40)} ${'set'.padEnd(3)} ${'perf'.padStart(4)} ${'a11y'.padStart(4)} ${'FCP'.padStart(7)} ${'LCP'.padStart(7)} ` +
        `${'TBT'.padStart(7)} ${'CLS'.padStart(6)} ${'JS'.padStart(9)}  ${'BI'.padStart(5)} ${'cpu'.padStart(5)}  ${'load'.padStart(5)}`,
    );
    for (const { label: page, url: pageUrl } of targets) {
      const results = [];
      let retries = 0;
      for (let i = 0; i < runs; i += 1) {
        const run = await measure(pageUrl, chrome.port);
        if (run.runtimeError) {
          // e.g. NO_NAVSTART when the machine is busy: that run is done again, not counted
          out(`  (${page}: ${run.runtimeError.code}, run again)`);
          if ((retries += 1) > runs) throw new Error(`Lighthouse on ${page}: ${run.runtimeError.message}`);
          i -= 1;
          continue;
        }
        results.push(run);
      }
      all[page] = results.map(({ standard, calibrated }) => ({ standard, calibrated }));
      for (const set of ['standard', 'calibrated']) {
        const m = (key) => median(results.map((r) => r[set][key]));
        out(
          `${(set === 'standard' ? page : '').padEnd(40)} ${set.slice(0, 3)} ${String(m('perf')).padStart(4)} ${String(m('a11y')).padStart(4)} ` +
            `${(m('fcp') / 1000).toFixed(1).padStart(5)} s ${(m('lcp') / 1000).toFixed(1).padStart(5)} s ` +
            `${Math.round(m('tbt')).toString().padStart(4)} ms ${m('cls').toFixed(3).padStart(6)} ${m('jsKib').toFixed(0).padStart(5)} KiB  ` +
            `${Math.round(m('benchmarkIndex')).toString().padStart(5)} ${`${m('cpuSlowdown').toFixed(2)}x`.padStart(5)}  ${loadavg()[0].toFixed(1).padStart(5)}` +
            `${set === 'calibrated' && results.some((r) => r.tooSlow) ? '  (host below BenchmarkIndex 150 in a run: too slow to emulate the phone, 1x)' : ''}`,
        );
      }
      if (process.env.LIGHTHOUSE_DIAGNOSE) {
        const tbt = median(results.map((r) => r.standard.tbt));
        const medianRun = results.find((r) => r.standard.tbt === tbt) ?? results[0];
        for (const line of medianRun.diagnosis) out(`    ${line}`);
      }
    }
  } finally {
    await chrome.kill();
    await new Promise((r) => baseline.close(r));
    if (edge) await new Promise((r) => edge.close(r));
  }
  if (process.env.LIGHTHOUSE_JSON) writeFileSync(process.env.LIGHTHOUSE_JSON, `${JSON.stringify(all, null, 2)}\n`);
}

main().catch((error) => {
  process.stderr.write(`lighthouse bench: ${error.message}\n`);
  process.exit(1);
});
