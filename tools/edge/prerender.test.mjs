// node --test tools/edge/prerender.test.mjs
// The edge's page composition and prerendering, over a dist folder whose server modules are
// small stand-ins with the interface the shell's and the public remote's builds produce
// (apps/shell/src/server/render-page.tsx, apps/public/src/server/render-entry.ts). The real
// bundles are exercised by the browser journeys (apps/e2e/src/web-performance.e2e.spec.ts).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { composePage, hintTags } from './page-html.mjs';
import { createPrerenderer } from './prerender.mjs';
import { loadRoutes, remoteManifest } from './route-table.mjs';
import { startPageServer } from './page-server.mjs';
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
  <script src="/main.1234567890abcdef.js" type="module"></script></body>
</html>
`;

const SHELL_BUNDLE = (label) => `
exports.remoteRouteFor = (pathname) =>
  pathname.startsWith('/admin') ? { path: '/admin/*', remote: 'admin', chrome: false }
  : pathname === '/einstein-quest/online-registrations' ? { path: pathname, remote: 'registration', chrome: true }
  : { path: '*', remote: 'public', chrome: true };
exports.chromePaths = () => ['/einstein-quest/online-registrations'];
exports.renderPage = async ({ url, remotes }) => {
  const config = JSON.stringify(globalThis.__KBE_CONFIG__);
  const body = remotes.public ? remotes.public.default(url) : '<div role="status">Loading</div>';
  return '<header>${label}</header><main>' + body + '</main><footer>' + config + '</footer>';
};
`;

const PUBLIC_BUNDLE = `
let base = '/';
exports.default = (url) => '<h1>page ' + url + '</h1><img src="' + base + 'hero.webp">';
exports.setPublicPath = (value) => { base = value; };
exports.pagePaths = () => ['/', '/einstein-quest/about'];
exports.firstPaintChunkGroups = (pathname) => ['__federation_expose_Module', pathname === '/' ? 'page-home' : 'page-about'];
exports.pageMeta = (pathname) => ({ title: pathname === '/' ? 'Home & <more>' : 'About Us - KBE', description: 'About "us" & ' + pathname });
exports.firstScreenImages = (pathname) => pathname === '/' ? [{ href: base + 'hero-1024.webp', srcSet: base + 'hero-640.webp 640w, ' + base + 'hero-1024.webp 1024w', sizes: '100vw' }] : [];
`;

function writeDist(dir, { shellLabel = 'chrome v1' } = {}) {
  mkdirSync(join(dir, 'shell/server'), { recursive: true });
  mkdirSync(join(dir, 'public/server'), { recursive: true });
  writeFileSync(join(dir, 'shell/index.html'), INDEX);
  writeFileSync(join(dir, 'shell/server/render.cjs'), SHELL_BUNDLE(shellLabel));
  writeFileSync(
    join(dir, 'shell/first-paint.json'),
    JSON.stringify({ chunkGroups: { bootstrap: ['bootstrap.aaaaaaaaaaaaaaaa.js', 'bootstrap.bbbbbbbbbbbbbbbb.css'] }, sharedFallbacks: { bootstrap: ['873.cccccccccccccccc.js'] } }),
  );
  writeFileSync(join(dir, 'public/remoteEntry.js'), '/* remote */');
  writeFileSync(join(dir, 'public/server/render.cjs'), PUBLIC_BUNDLE);
  writeFileSync(
    join(dir, 'public/first-paint.json'),
    JSON.stringify({
      chunkGroups: {
        __federation_expose_Module: ['__federation_expose_Module.dddddddddddddddd.js'],
        'page-home': ['page-home.eeeeeeeeeeeeeeee.js'],
        'page-about': ['page-about.ffffffffffffffff.js'],
      },
    }),
  );
}

describe('composePage', () => {
  it('fills #root with the markup and adds the hints to <head>, keeping the deferred runtime config', () => {
    const html = composePage(INDEX, {
      markup: '<h1>Think Like Einstein</h1>',
      hints: { stylesheets: ['/a.css'], scripts: ['/remotes/public/remoteEntry.js'], images: [{ href: '/h.webp', srcSet: '/h.webp 640w', sizes: '100vw' }] },
    });
    assert.match(html, /<div id="root"><h1>Think Like Einstein<\/h1><\/div><template id="root-end"><\/template>/);
    const head = html.split('</head>')[0];
    // data-href: the webpack CSS loader recognises the link and does not add the stylesheet again
    assert.match(head, /<link rel="stylesheet" href="\/a.css" data-href="a.css" \/>/);
    assert.match(head, /<link rel="preload" as="image" href="\/h.webp" imagesrcset="\/h.webp 640w" imagesizes="100vw" fetchpriority="high" \/>/);
    assert.match(head, /<link rel="preload" as="script" href="\/remotes\/public\/remoteEntry.js" fetchpriority="low" \/>/);
    assert.match(head, /<script src="\/runtime-config.js" defer><\/script>/);
    // rendering waits for the whole markup (no half-parsed first paint that moves when the rest comes)
    assert.match(head, /<link rel="expect" href="#root-end" blocking="render" \/>/);
  });

  it('holds rendering for the markup only when there is markup', () => {
    assert.doesNotMatch(composePage(INDEX, { hints: { stylesheets: ['/a.css'] } }), /rel="expect"/);
  });

  it("puts the page's own title and description in place of the shell's, escaped", () => {
    const html = composePage(INDEX, { meta: { title: 'Exams & <Fees>', description: 'Dates "and" fees' } });
    assert.match(html, /<title>Exams &amp; &lt;Fees><\/title>/);
    assert.match(html, /<meta name="description" content="Dates &quot;and&quot; fees" \/>/);
    assert.equal(html.match(/<title>/g).length, 1);
    assert.equal(html.match(/name="description"/g).length, 1);
  });

  it('leaves the page as built when there is nothing to add', () => {
    assert.equal(composePage(INDEX, {}), INDEX);
  });

  it('escapes what it puts into attributes', () => {
    assert.deepEqual(hintTags({ scripts: ['/x.js?a=1&b="2"'] }), ['<link rel="preload" as="script" href="/x.js?a=1&amp;b=&quot;2&quot;" fetchpriority="low" />']);
  });

  it('hints scripts (only hydration needs them) at low priority after the stylesheet and the hero image, a page\'s language messages last', () => {
    assert.deepEqual(hintTags({ stylesheets: ['/s.css'], images: [{ href: '/h.webp' }], scripts: ['/a.js'], laterScripts: ['/locale-mr.js'] }), [
      '<link rel="stylesheet" href="/s.css" data-href="s.css" />',
      '<link rel="preload" as="image" href="/h.webp" fetchpriority="high" />',
      '<link rel="preload" as="script" href="/a.js" fetchpriority="low" />',
      '<link rel="preload" as="script" href="/locale-mr.js" fetchpriority="low" />',
    ]);
  });

  it('sets the page\'s language and announces its other languages, absolute on the site\'s address', () => {
    const html = composePage(INDEX, { lang: 'mr', alternates: { en: '/a', mr: '/mr/a', hi: '/hi/a' }, origin: 'https://kbe.example.org' });
    assert.match(html, /<html lang="mr"/);
    assert.deepEqual([...html.matchAll(/hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]), [
      ['en', 'https://kbe.example.org/a'],
      ['mr', 'https://kbe.example.org/mr/a'],
      ['hi', 'https://kbe.example.org/hi/a'],
      ['x-default', 'https://kbe.example.org/a'],
    ]);
  });

  it('does not read $ patterns of the markup as replacement patterns', () => {
    assert.match(composePage(INDEX, { markup: "<p>costs $& and $'</p>" }), /<p>costs \$& and \$'<\/p>/);
  });
});

describe('createPrerenderer', () => {
  let dir;
  const routes = loadRoutes();
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'kbe-prerender-'));
    writeDist(dir);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const prerenderer = (env = {}, disabled = new Set()) => createPrerenderer({ distDir: dir, manifest: remoteManifest(routes, env), disabled, env });

  it('renders a public page with the remote, its hints from first-paint.json and the deployment settings', async () => {
    const page = await prerenderer({ CONTACT_EMAIL: 'office@example.org' }).page('/');
    assert.match(page.markup, /<h1>page \/<\/h1><img src="\/remotes\/public\/hero.webp">/);
    assert.match(page.markup, /office@example.org/);
    assert.deepEqual(page.hints.stylesheets, ['/bootstrap.bbbbbbbbbbbbbbbb.css']);
    assert.deepEqual(page.hints.scripts, [
      '/bootstrap.aaaaaaaaaaaaaaaa.js',
      '/873.cccccccccccccccc.js',
      '/remotes/public/remoteEntry.js',
      '/remotes/public/__federation_expose_Module.dddddddddddddddd.js',
      '/remotes/public/page-home.eeeeeeeeeeeeeeee.js',
    ]);
    assert.equal(page.hints.images[0].href, '/remotes/public/hero-1024.webp');
    assert.deepEqual(page.meta, { title: 'Home & <more>', description: 'About "us" & /' });
  });

  it('prerenders only the chrome when the remote is switched off or served from elsewhere', async () => {
    for (const renderer of [prerenderer({}, new Set(['public'])), prerenderer({ REMOTE_PUBLIC_URL: 'https://cdn.example/public/' })]) {
      const page = await renderer.page('/einstein-quest/about');
      assert.match(page.markup, /<div role="status">Loading<\/div>/);
      assert.ok(!page.hints.scripts.some((s) => s.includes('remotes/public')));
      assert.equal(page.meta, undefined);
    }
  });

  it('prerenders nothing inside the admin area', async () => {
    const page = await prerenderer().page('/admin/login');
    assert.equal(page.markup, '');
  });

  it('warms the pages the shell and the remotes list', async () => {
    assert.deepEqual((await prerenderer().warm()).sort(), ['/', '/einstein-quest/about', '/einstein-quest/online-registrations']);
  });

  it('picks up a new build of a server module without a restart', async () => {
    const renderer = prerenderer();
    assert.match((await renderer.page('/')).markup, /chrome v1/);
    writeFileSync(join(dir, 'shell/server/render.cjs'), SHELL_BUNDLE('chrome v2'));
    const later = new Date(Date.now() + 5000);
    utimesSync(join(dir, 'shell/server/render.cjs'), later, later);
    assert.match((await renderer.page('/')).markup, /chrome v2/);
  });
});

// A remote whose markup depends on a query parameter (the downloads page's `?verify=`) and on
// something else than the path (whether registration is open): what the edge renders and keeps.
const DOWNLOADS_BUNDLE = `
exports.default = (url) => '<h1>downloads ' + url + ' ' + globalThis.__downloadsState + '</h1>';
exports.pagePaths = () => ['/einstein-quest/downloads'];
exports.pageQueryParams = ['verify'];
exports.renderKey = () => globalThis.__downloadsState;
exports.firstPaintChunkGroups = () => ['__federation_expose_Module'];
`;
const SHELL_WITH_DOWNLOADS = `
exports.remoteRouteFor = (pathname) =>
  pathname === '/einstein-quest/downloads' ? { path: pathname, remote: 'downloads', chrome: true } : { path: '*', remote: 'public', chrome: true };
exports.renderPage = async ({ url, remotes }) => '<main>' + (remotes.downloads ? remotes.downloads.default(url) : 'Loading') + '</main>';
`;

describe('createPrerenderer, a remote that reads the query or renders by state', () => {
  let dir;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'kbe-prerender-query-'));
    writeDist(dir);
    writeFileSync(join(dir, 'shell/server/render.cjs'), SHELL_WITH_DOWNLOADS);
    mkdirSync(join(dir, 'downloads/server'), { recursive: true });
    writeFileSync(join(dir, 'downloads/remoteEntry.js'), '/* remote */');
    writeFileSync(join(dir, 'downloads/server/render.cjs'), DOWNLOADS_BUNDLE);
    writeFileSync(join(dir, 'downloads/first-paint.json'), JSON.stringify({ chunkGroups: { __federation_expose_Module: ['__federation_expose_Module.1111111111111111.js'] } }));
    globalThis.__downloadsState = 'open';
  });
  after(() => {
    delete globalThis.__downloadsState;
    rmSync(dir, { recursive: true, force: true });
  });
  const prerenderer = () => createPrerenderer({ distDir: dir, manifest: remoteManifest(loadRoutes(), {}), disabled: new Set(), env: {} });

  it("renders with the query parameters the remote reads, and only those", async () => {
    const renderer = prerenderer();
    assert.match((await renderer.page('/einstein-quest/downloads', '?utm_source=qr&verify=T0K.1')).markup, /<h1>downloads \/einstein-quest\/downloads\?verify=T0K\.1 open<\/h1>/);
    assert.match((await renderer.page('/einstein-quest/downloads', '?utm_source=mail')).markup, /<h1>downloads \/einstein-quest\/downloads open<\/h1>/);
    assert.deepEqual((await renderer.page('/einstein-quest/downloads')).hints.scripts.slice(-2), [
      '/remotes/downloads/remoteEntry.js',
      '/remotes/downloads/__federation_expose_Module.1111111111111111.js',
    ]);
  });

  it('does not keep a rendering of a query (each token is its own page) and keeps the plain page', async () => {
    const renderer = prerenderer();
    const plain = await renderer.page('/einstein-quest/downloads');
    assert.equal(await renderer.page('/einstein-quest/downloads', '?other=1'), plain);
    const first = await renderer.page('/einstein-quest/downloads', '?verify=a');
    assert.notEqual(await renderer.page('/einstein-quest/downloads', '?verify=a'), first);
  });

  it("renders again when the remote's render key changes (e.g. registration has closed)", async () => {
    const renderer = prerenderer();
    assert.match((await renderer.page('/einstein-quest/downloads')).markup, / open</);
    globalThis.__downloadsState = 'closed';
    assert.match((await renderer.page('/einstein-quest/downloads')).markup, / closed</);
    globalThis.__downloadsState = 'open';
  });
});

describe('the edge serves pages', () => {
  let dir;
  let edge;
  let base;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kbe-prerender-edge-'));
    writeDist(dir);
    edge = await startEdge({ port: 0, distDir: dir, env: {} });
    await edge.warmed;
    base = `http://127.0.0.1:${edge.address().port}`;
  });
  after(async () => {
    await new Promise((r) => edge.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('prerendered, with hints, never cached without revalidation', async () => {
    const res = await fetch(`${base}/einstein-quest/about`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    const html = await res.text();
    assert.match(html, /<div id="root"><header>chrome v1<\/header><main><h1>page \/einstein-quest\/about<\/h1>/);
    assert.match(html, /<title>About Us - KBE<\/title>/);
    assert.match(html, /<meta name="description" content="About &quot;us&quot; &amp; \/einstein-quest\/about" \/>/);
    assert.match(html, /<link rel="preload" as="script" href="\/remotes\/public\/page-about.ffffffffffffffff.js" fetchpriority="low" \/>/);
    assert.match(res.headers.get('content-security-policy'), /script-src 'self';/);
  });

  it('never serves a build\'s server bundle', async () => {
    for (const path of ['/server/render.cjs', '/remotes/public/server/render.cjs']) {
      assert.equal((await fetch(`${base}${path}`)).status, 404, path);
    }
  });

  it('as built when the shell has no server module (a failed or missing prerender never breaks a page)', async () => {
    rmSync(join(dir, 'shell/server'), { recursive: true, force: true });
    const html = await (await fetch(`${base}/einstein-quest/contact`)).text();
    assert.match(html, /<div id="root"><\/div>/);
  });
});

describe('the page server (production: the `pages` app of helm/kbe)', () => {
  let dir;
  let server;
  let base;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'kbe-pages-'));
    // what its pod holds: the shell's build from its image, the public remote's server module and
    // first-paint.json copied from the remote's image (no browser files of the remote)
    writeDist(dir);
    rmSync(join(dir, 'public/remoteEntry.js'));
    server = await startPageServer({ port: 0, host: '127.0.0.1', distDir: dir, env: { EDITION_YEAR: '2031' } });
    await server.warmed;
    base = `http://127.0.0.1:${server.address().port}`;
  });
  after(async () => {
    await new Promise((r) => server.close(r));
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a public page prerendered by the public remote, with its hints, title and the security headers', async () => {
    const res = await fetch(`${base}/einstein-quest/about`);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    assert.match(res.headers.get('content-security-policy'), /script-src 'self';/);
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    const html = await res.text();
    assert.match(html, /<div id="root"><header>chrome v1<\/header><main><h1>page \/einstein-quest\/about<\/h1>/);
    assert.match(html, /"year":2031/);
    assert.match(html, /<title>About Us - KBE<\/title>/);
    assert.match(html, /<link rel="preload" as="script" href="\/remotes\/public\/page-about.ffffffffffffffff.js" fetchpriority="low" \/>/);
  });

  it('answers its probe, and leaves files to nginx', async () => {
    assert.equal(await (await fetch(`${base}/healthz`)).text(), 'ok\n');
    for (const path of ['/main.1234567890abcdef.js', '/server/render.cjs', '/remotes/public/server/render.cjs', '/api/unknown']) {
      assert.equal((await fetch(`${base}${path}`)).status, 404, path);
    }
    assert.equal((await fetch(`${base}/api/unknown`)).headers.get('content-type'), 'application/json; charset=utf-8');
  });
});
