// node --test tools/edge/page-status.test.mjs
// Real 404s: the edge and the page server answer a path that is no page of the site with 404 and
// the page the browser shows there, and every page with 200. The server modules are small
// stand-ins with the interface the builds produce (apps/shell/src/server/render-page.tsx:
// remoteRouteFor, pageStatus; apps/public/src/server/render-entry.ts: isPage, pageMeta); the real
// route tables are tested where they live (apps/shell remote-routes.spec.ts, apps/public
// render-entry.spec.ts).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { startPageServer } from './page-server.mjs';
import { createPageStatus } from './page-status.mjs';
import { loadRoutes, remoteManifest } from './route-table.mjs';
import { startEdge } from './server.mjs';

const INDEX = `<!DOCTYPE html>
<html lang="en">
  <head>
    <title>KBE</title>
    <meta name="description" content="The shell's description." />
    <script src="/runtime-config.js" defer></script>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

// The shell's table: the admin area and its screens, the registration and downloads pages, the rest for the public remote.
const SHELL_BUNDLE = `
const ADMIN_SCREENS = ['/admin', '/admin/login', '/admin/test', '/admin/dashboard'];
const trim = (p) => (p.length > 1 ? p.replace(/\\/+$/, '') : p);
exports.remoteRouteFor = (pathname) =>
  pathname === '/admin' || pathname.startsWith('/admin/') ? { path: '/admin/*', remote: 'admin', chrome: false }
  : trim(pathname) === '/einstein-quest/online-registrations' ? { path: '/einstein-quest/online-registrations', remote: 'registration', chrome: true }
  : trim(pathname) === '/einstein-quest/downloads' ? { path: '/einstein-quest/downloads', remote: 'downloads', chrome: true }
  : { path: '*', remote: 'public', chrome: true };
exports.pageStatus = (pathname) => {
  const { remote } = exports.remoteRouteFor(pathname);
  if (remote === 'public') return {};
  if (remote === 'admin') return ADMIN_SCREENS.includes(trim(pathname)) ? { found: true } : { found: false, title: 'Page Not Found | Admin' };
  return { found: true };
};
exports.renderPage = async ({ url, remotes }) => '<header>chrome</header><main>' + (remotes.public ? remotes.public.default(url) : 'Loading') + '</main>';
`;

// The public remote's pages; any other path is its "Page Not Found" page.
const PUBLIC_BUNDLE = `
const PAGES = ['/', '/einstein-quest', '/einstein-quest/about', '/einstein-quest/contact'];
const trim = (p) => (p.length > 1 ? p.replace(/\\/+$/, '') : p);
exports.isPage = (pathname) => PAGES.includes(trim(pathname));
exports.default = (url) => (exports.isPage(url) ? '<h1>page ' + url + '</h1>' : '<h1>Page Not Found</h1>');
exports.pagePaths = () => PAGES;
exports.pageMeta = (pathname) => ({ title: exports.isPage(pathname) ? 'Page ' + pathname : 'Page Not Found - KBE', description: 'd' });
`;

function writeDist(dir) {
  mkdirSync(join(dir, 'shell/server'), { recursive: true });
  mkdirSync(join(dir, 'public/server'), { recursive: true });
  writeFileSync(join(dir, 'shell/index.html'), INDEX);
  writeFileSync(join(dir, 'shell/server/render.cjs'), SHELL_BUNDLE);
  writeFileSync(join(dir, 'public/remoteEntry.js'), '/* remote */');
  writeFileSync(join(dir, 'public/server/render.cjs'), PUBLIC_BUNDLE);
}

const routes = loadRoutes();

/** Pages of every kind the site has, and paths that are none. */
const PAGES = [
  '/',
  '/einstein-quest',
  '/einstein-quest/about',
  '/einstein-quest/about/',
  '/einstein-quest/online-registrations',
  '/einstein-quest/downloads',
  '/admin',
  '/admin/login',
  '/admin/test',
  '/admin/dashboard',
];
const NOT_PAGES = ['/nope', '/einstein-quest/nope', '/mr/', '/mr/einstein-quest/about', '/einstein-quest/about/more'];

describe('createPageStatus', () => {
  let dir;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'kbe-page-status-'));
    writeDist(dir);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const statusOf = (env = {}, disabled = new Set()) => createPageStatus({ distDir: dir, manifest: remoteManifest(routes, env), disabled, log: () => undefined });

  it('answers 200 for every page: public pages, the registration and downloads pages, the admin screens', () => {
    const status = statusOf();
    for (const path of PAGES) assert.deepEqual(status(path), { status: 200 }, path);
  });

  it('answers 404 for a path that is no page, with no title of its own in the public area', () => {
    const status = statusOf();
    for (const path of NOT_PAGES) assert.deepEqual(status(path), { status: 404 }, path);
  });

  it("gives the admin area's 404 its own title", () => {
    assert.deepEqual(statusOf()('/admin/nope'), { status: 404, title: 'Page Not Found | Admin' });
  });

  it('leaves public paths to the browser (200) when the public remote is switched off or served from elsewhere', () => {
    for (const status of [statusOf({}, new Set(['public'])), statusOf({ REMOTE_PUBLIC_URL: 'https://cdn.example/public/' })]) {
      assert.deepEqual(status('/nope'), { status: 200 });
      assert.deepEqual(status('/admin/nope'), { status: 404, title: 'Page Not Found | Admin' });
    }
  });

  it('picks up a new build of the shell without a restart', () => {
    const status = statusOf();
    assert.equal(status('/admin/reports').status, 404);
    writeFileSync(join(dir, 'shell/server/render.cjs'), SHELL_BUNDLE.replace("'/admin/dashboard']", "'/admin/dashboard', '/admin/reports']"));
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dir, 'shell/server/render.cjs'), later, later);
    assert.equal(status('/admin/reports').status, 200);
    writeDist(dir);
  });

  it('answers 200 for every path when the shell has no server module (the browser decides, as before)', () => {
    const empty = mkdtempSync(join(tmpdir(), 'kbe-page-status-empty-'));
    try {
      const status = createPageStatus({ distDir: empty, manifest: remoteManifest(routes, {}), disabled: new Set() });
      for (const path of [...PAGES, ...NOT_PAGES]) assert.deepEqual(status(path), { status: 200 }, path);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('answers 200 rather than fail a page when a server module throws', () => {
    const broken = mkdtempSync(join(tmpdir(), 'kbe-page-status-broken-'));
    try {
      mkdirSync(join(broken, 'shell/server'), { recursive: true });
      writeFileSync(join(broken, 'shell/server/render.cjs'), "exports.pageStatus = () => { throw new Error('broken build'); };");
      const lines = [];
      const status = createPageStatus({ distDir: broken, manifest: remoteManifest(routes, {}), disabled: new Set(), log: (line) => lines.push(line) });
      assert.deepEqual(status('/nope'), { status: 200 });
      assert.match(lines[0], /broken build/);
    } finally {
      rmSync(broken, { recursive: true, force: true });
    }
  });
});

/** @type {[string, (distDir: string, env: Record<string, string>) => Promise<any>][]} */
const SERVERS = [
  ['the edge', (distDir, env) => startEdge({ port: 0, distDir, env })],
  ['the edge without prerendering', (distDir, env) => startEdge({ port: 0, distDir, env: { ...env, EDGE_PRERENDER: '0' } })],
  ['the page server (production)', (distDir, env) => startPageServer({ port: 0, host: '127.0.0.1', distDir, env })],
];
for (const [name, start] of SERVERS) {
  describe(`${name} answers real statuses`, () => {
    let dir;
    let server;
    let base;
    before(async () => {
      dir = mkdtempSync(join(tmpdir(), 'kbe-page-status-http-'));
      writeDist(dir);
      server = await start(dir, {});
      await server.warmed;
      base = `http://127.0.0.1:${server.address().port}`;
    });
    after(async () => {
      await new Promise((r) => server.close(r));
      rmSync(dir, { recursive: true, force: true });
    });

    it('keeps 200 for every real route, client-side routes included', async () => {
      for (const path of PAGES) {
        const res = await fetch(`${base}${path}`);
        assert.equal(res.status, 200, path);
        assert.match(res.headers.get('content-type'), /^text\/html/, path);
      }
    });

    it('answers 404 with the "Page Not Found" page for an unknown path', async () => {
      for (const path of NOT_PAGES) {
        const res = await fetch(`${base}${path}`);
        assert.equal(res.status, 404, path);
        assert.match(res.headers.get('content-type'), /^text\/html/, path);
        const html = await res.text();
        // the shell's page, which the browser renders the 404 page in
        assert.match(html, /<div id="root">/, path);
        if (name !== 'the edge without prerendering') {
          assert.match(html, /<h1>Page Not Found<\/h1>/, path);
          assert.match(html, /<title>Page Not Found - KBE<\/title>/, path);
        }
      }
      assert.equal((await fetch(`${base}/nope`, { method: 'HEAD' })).status, 404);
    });

    it("answers 404 under /admin with the admin area's own title", async () => {
      const res = await fetch(`${base}/admin/nope`);
      assert.equal(res.status, 404);
      assert.match(await res.text(), /<title>Page Not Found \| Admin<\/title>/);
      assert.match(await (await fetch(`${base}/admin/login`)).text(), /<title>KBE<\/title>/);
    });

    it('sends a 404 page the same headers as any page', async () => {
      const [page, missing] = await Promise.all([fetch(`${base}/einstein-quest/about`), fetch(`${base}/einstein-quest/nope`)]);
      for (const header of ['cache-control', 'content-security-policy', 'x-content-type-options']) {
        assert.equal(missing.headers.get(header), page.headers.get(header), header);
      }
    });
  });
}
