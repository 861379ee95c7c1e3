// First-load JavaScript budget: how much gzipped JavaScript the browser downloads to show `/`
// (shell entry and initial chunks, the public remote's remoteEntry.js and the chunks that render
// the public module, shared chunks). Measured, not guessed: Chromium loads the page and every
// JavaScript response is gzipped (level 9) and summed.
//   node bench/bundle-size.mjs                  KBE_BASE_URL (default http://localhost:8080) if it
//                                              answers, else a private edge over dist/apps
//   BUDGET_KB=200 CHROMIUM_PATH=/usr/bin/chromium
// Without Chromium it falls back to reading the built files (an upper bound: every file of the
// public remote counts). Exit 1 above the budget.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(repoRoot, 'dist/apps');
const budgetKb = Number(process.env.BUDGET_KB ?? 200);
const baseUrl = process.env.KBE_BASE_URL ?? 'http://localhost:8080';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const out = (line) => process.stdout.write(`${line}\n`);

const gzipSize = (buffer) => gzipSync(buffer, { level: 9 }).length;
const kb = (bytes) => (bytes / 1024).toFixed(1);

async function answers(url) {
  try {
    const res = await fetch(`${url}/module-federation.manifest.json`, { signal: AbortSignal.timeout(3000) });
    return res.ok;
  } catch {
    return false;
  }
}

async function measureInBrowser(url) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--disable-gpu', '--disable-quic', '--disable-sync'] });
  try {
    const page = await browser.newPage();
    const origin = new URL(url).origin;
    // offline machine: nothing but the site itself
    await page.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
    const scripts = [];
    page.on('response', (response) => {
      const type = response.headers()['content-type'] ?? '';
      if (response.request().resourceType() === 'script' || type.includes('javascript')) {
        scripts.push(
          response.body().then(
            (body) => ({ url: response.url().replace(origin, ''), bytes: body.length, gzip: gzipSize(body) }),
            () => undefined,
          ),
        );
      }
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    const rendered = await page
      .locator('[data-testid="remote-public"]')
      .first()
      .waitFor({ timeout: 15_000 })
      .then(
        () => true,
        () => false,
      );
    if (!rendered) throw new Error('the public remote did not render on / (no [data-testid="remote-public"]); nothing to measure');
    await page.waitForLoadState('networkidle');
    return (await Promise.all(scripts)).filter(Boolean);
  } finally {
    await browser.close();
  }
}

function measureStatically() {
  const shellDir = join(distDir, 'shell');
  const html = readFileSync(join(shellDir, 'index.html'), 'utf8');
  const shellScripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1].replace(/^\//, ''));
  const files = shellScripts.map((file) => ({ url: `/${file}`, path: join(shellDir, file) }));
  const publicDir = join(distDir, 'public');
  for (const file of readdirSync(publicDir).filter((f) => f.endsWith('.js'))) {
    files.push({ url: `/remotes/public/${file}`, path: join(publicDir, file) });
  }
  return files.map(({ url, path }) => {
    const body = readFileSync(path);
    return { url, bytes: body.length, gzip: gzipSize(body) };
  });
}

async function main() {
  let scripts;
  let how;
  let edge;
  try {
    if (await answers(baseUrl)) {
      how = `Chromium on ${baseUrl}`;
    } else if (existsSync(join(distDir, 'shell/index.html')) && existsSync(join(distDir, 'public/remoteEntry.js'))) {
      const { startEdge } = await import('../tools/edge/server.mjs');
      edge = await startEdge({ port: 0, distDir, env: {} });
      how = `Chromium on a private edge over dist/apps (${baseUrl} did not answer)`;
    } else {
      throw new Error(`${baseUrl} does not answer and dist/apps has no built shell and public remote: build them first`);
    }
    const url = edge ? `http://127.0.0.1:${edge.address().port}` : baseUrl;
    if (existsSync(chromiumPath)) {
      scripts = await measureInBrowser(url);
    } else {
      how = `static analysis of dist/apps (no Chromium at ${chromiumPath}; upper bound)`;
      scripts = measureStatically();
    }
  } finally {
    if (edge) await new Promise((r) => edge.close(r));
  }

  scripts.sort((a, b) => b.gzip - a.gzip);
  const total = scripts.reduce((sum, s) => sum + s.gzip, 0);
  out(`measured with ${how}`);
  for (const s of scripts) out(`  ${kb(s.gzip).padStart(7)} KB gz  ${kb(s.bytes).padStart(7)} KB raw  ${s.url}`);
  out(`bundle: ${kb(total)} KB gzipped JS on first load of / (budget ${budgetKb} KB)`);
  if (total > budgetKb * 1024) {
    out(`OVER BUDGET by ${kb(total - budgetKb * 1024)} KB`);
    process.exit(1);
  }
}

main().catch((error) => {
  process.stderr.write(`bundle-size: ${error.message}\n`);
  process.exit(1);
});
