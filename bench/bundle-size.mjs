// First-load budgets of the public pages (bench/first-load-budgets.json): how many bytes the
// browser downloads to show each page at phone size, per kind: JavaScript, CSS and fonts gzipped
// (level 9, as the edge compresses them), images as sent (only those above the fold load: the
// others are lazy). Measured, not guessed: Chromium loads each page until its remote has rendered
// (a prerendered page: hydrated) and the network is idle. Byte counts do not depend on the speed
// of the machine, so `npm test` holds them. Marathi and Hindi pages (/mr/..., /hi/...) also count
// their language's messages and content apart (`messages`: the scripts of the builds' chunk
// groups named `locale-<locale>-...`, part of the JavaScript).
//   node bench/bundle-size.mjs                  KBE_BASE_URL (default http://localhost:8080) if it
//                                              answers, else a private edge over dist/apps
//   CHROMIUM_PATH=/usr/bin/chromium FIRST_LOAD_BUDGETS=bench/first-load-budgets.json BUNDLE_DETAILS=1
// Without Chromium it falls back to reading the built files (an upper bound: every file of the
// public remote counts, JavaScript of / only). Exit 1 above a budget.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const distDir = join(repoRoot, 'dist/apps');
const budgetsFile = process.env.FIRST_LOAD_BUDGETS ?? join(repoRoot, 'bench/first-load-budgets.json');
const baseUrl = process.env.KBE_BASE_URL ?? 'http://localhost:8080';
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const out = (line) => process.stdout.write(`${line}\n`);

/** The served paths of every script that holds a language's messages or content (the builds' `locale-*` chunk groups). */
function localeScripts() {
  const urls = new Set();
  if (!existsSync(distDir)) return urls;
  for (const build of readdirSync(distDir)) {
    const firstPaint = join(distDir, build, 'first-paint.json');
    if (!existsSync(firstPaint)) continue;
    const base = build === 'shell' ? '/' : `/remotes/${build}/`;
    const { chunkGroups = {} } = JSON.parse(readFileSync(firstPaint, 'utf8'));
    for (const [group, files] of Object.entries(chunkGroups)) {
      if (group.startsWith('locale-')) for (const file of files) if (file.endsWith('.js')) urls.add(`${base}${file}`);
    }
  }
  return urls;
}

/** The pages of the remotes that have one page each (every other page is the public remote's). */
const PAGE_REMOTES = {
  '/einstein-quest/online-registrations': 'registration',
  '/einstein-quest/downloads': 'downloads',
  '/einstein-quest/school-portal': 'schools',
};

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

/** What the browser counts as one kind of first-load bytes. */
function kindOf(response) {
  const type = response.headers()['content-type'] ?? '';
  const resourceType = response.request().resourceType();
  if (resourceType === 'script' || type.includes('javascript')) return 'js';
  if (resourceType === 'stylesheet' || type.includes('text/css')) return 'css';
  if (resourceType === 'font' || type.startsWith('font/')) return 'font';
  if (resourceType === 'image' || type.startsWith('image/')) return 'image';
  return undefined;
}

/**
 * Loads one page at phone size and lists what its first load downloads: scripts, stylesheets and
 * fonts gzipped (what the edge sends), images as they are (images below the fold are lazy and
 * not loaded). The page has rendered its remote (a prerendered page: hydrated) before counting.
 */
async function measurePage(browser, origin, path) {
  const page = await browser.newPage({ viewport: { width: 412, height: 823 } });
  try {
    // offline machine: nothing but the site itself
    await page.route('**/*', (route) => (route.request().url().startsWith(origin) ? route.continue() : route.abort()));
    const files = [];
    page.on('response', (response) => {
      const kind = kindOf(response);
      if (!kind) return;
      files.push(
        response.body().then(
          (body) => ({ kind, url: response.url().replace(origin, ''), bytes: body.length, gzip: kind === 'image' ? body.length : gzipSize(body) }),
          () => undefined,
        ),
      );
    });
    await page.goto(`${origin}${path}`, { waitUntil: 'networkidle' });
    const pagePath = path.replace(/^\/(mr|hi)(?=\/|$)/, '') || '/';
    const remote = PAGE_REMOTES[pagePath] ?? 'public';
    // every public page arrives prerendered: its remote marks its section once hydrated
    const selector = `[data-testid="remote-${remote}"][data-interactive="true"]`;
    const rendered = await page
      .locator(selector)
      .first()
      .waitFor({ timeout: 30_000 })
      .then(
        () => true,
        () => false,
      );
    if (!rendered) throw new Error(`the ${remote} remote did not render on ${path} (no ${selector}); nothing to measure`);
    await page.waitForLoadState('networkidle');
    return (await Promise.all(files)).filter(Boolean);
  } finally {
    await page.close();
  }
}

async function measureInBrowser(url, paths) {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--disable-gpu', '--disable-quic', '--disable-sync'] });
  try {
    const origin = new URL(url).origin;
    const pages = {};
    for (const path of paths) pages[path] = await measurePage(browser, origin, path);
    return pages;
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

const sum = (files, kind) => files.filter((f) => f.kind === kind).reduce((total, f) => total + f.gzip, 0);
const KINDS = ['js', 'messages', 'css', 'font', 'image'];

async function main() {
  const budgets = JSON.parse(readFileSync(budgetsFile, 'utf8')).pages;
  const paths = Object.keys(budgets);
  let pages;
  let how;
  let edge;
  try {
    if (await answers(baseUrl)) {
      how = `Chromium on ${baseUrl}`;
    } else if (existsSync(join(distDir, 'shell/index.html')) && existsSync(join(distDir, 'public/remoteEntry.js'))) {
      const { startEdge } = await import('../tools/edge/server.mjs');
      edge = await startEdge({ port: 0, distDir, env: {} });
      await edge.warmed;
      how = `Chromium on a private edge over dist/apps (${baseUrl} did not answer)`;
    } else {
      throw new Error(`${baseUrl} does not answer and dist/apps has no built shell and public remote: build them first`);
    }
    const url = edge ? `http://127.0.0.1:${edge.address().port}` : baseUrl;
    if (existsSync(chromiumPath)) {
      pages = await measureInBrowser(url, paths);
      const messages = localeScripts();
      for (const files of Object.values(pages)) {
        for (const file of files.filter((f) => f.kind === 'js' && messages.has(new URL(f.url, 'http://page').pathname))) files.push({ ...file, kind: 'messages' });
      }
    } else {
      how = `static analysis of dist/apps (no Chromium at ${chromiumPath}; upper bound, JavaScript of / only)`;
      pages = { '/': measureStatically().map((f) => ({ kind: 'js', ...f })) };
    }
  } finally {
    if (edge) await new Promise((r) => edge.close(r));
  }

  out(`measured with ${how}; scripts, stylesheets and fonts gzipped, images as sent (KB)`);
  const home = pages['/'] ?? [];
  // The scripts of / (BUNDLE_DETAILS=1: of every page), largest first.
  for (const [path, files] of Object.entries(pages)) {
    if (path !== '/' && process.env.BUNDLE_DETAILS !== '1') continue;
    out(`${path}:`);
    for (const s of files.filter((f) => f.kind === 'js').sort((a, b) => b.gzip - a.gzip)) {
      out(`  ${kb(s.gzip).padStart(7)} KB gz  ${kb(s.bytes).padStart(7)} KB raw  ${s.url}`);
    }
  }
  const over = [];
  out(`${'page'.padEnd(44)} ${'JS'.padStart(13)} ${'of it messages'.padStart(15)} ${'CSS'.padStart(11)} ${'fonts'.padStart(11)} ${'images'.padStart(13)}`);
  for (const [path, files] of Object.entries(pages)) {
    const budget = budgets[path] ?? {};
    const cells = KINDS.map((kind) => {
      const bytes = sum(files, kind);
      const limit = budget[kind];
      if (limit !== undefined && bytes > limit * 1024) over.push(`${path} ${kind}: ${kb(bytes)} KB > ${limit} KB`);
      return `${kb(bytes)}/${limit ?? '-'}`;
    });
    out(`${path.padEnd(44)} ${cells[0].padStart(13)} ${cells[1].padStart(15)} ${cells[2].padStart(11)} ${cells[3].padStart(11)} ${cells[4].padStart(13)}`);
  }
  const homeJs = sum(home, 'js');
  out(`bundle: ${kb(homeJs)} KB gzipped JS on first load of / (budget ${budgets['/']?.js ?? '-'} KB)`);
  if (over.length) {
    for (const line of over) out(`OVER BUDGET ${line}`);
    process.exit(1);
  }
}

main().catch((error) => {
  process.stderr.write(`bundle-size: ${error.message}\n`);
  process.exit(1);
});
