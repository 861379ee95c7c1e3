// node --test tools/edge/security-headers.test.mjs
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { apiHeaders, everyResponseHeaders, pageHeaders, policy } from '../security/headers.mjs';
import { loadRoutes } from './route-table.mjs';
import { startEdge } from './server.mjs';

const inlineScript = 'window.__PROBE__ = 1;';
const inlineHash = `'sha256-${createHash('sha256').update(inlineScript).digest('base64')}'`;

/** The CSP as a map: directive -> sources. */
function directives(csp) {
  return Object.fromEntries(
    csp.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name, sources];
    }),
  );
}

describe('edge security headers', () => {
  let distDir;
  let edge;
  let base;
  let upstream;

  before(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'kbe-edge-sec-'));
    const file = (path, content) => {
      mkdirSync(dirname(join(distDir, path)), { recursive: true });
      writeFileSync(join(distDir, path), content);
    };
    file('shell/index.html', `<!doctype html><title>shell</title><script src="/runtime-config.js"></script><script>${inlineScript}</script>`);
    file('shell/main.a1eda3b4645ae2dc.js', 'shell main');
    file('public/remoteEntry.js', 'public entry');
    // A service that sets no header of its own, and one that says its answer may be cached.
    upstream = createServer((req, res) => {
      const headers = { 'Content-Type': 'application/json' };
      if (req.url.startsWith('/api/statistics')) headers['Cache-Control'] = 'public, max-age=60';
      res.writeHead(200, headers);
      res.end('{}');
    });
    await new Promise((r) => upstream.listen(0, '127.0.0.1', r));
    edge = await startEdge({
      port: 0,
      distDir,
      routes: loadRoutes(),
      env: {
        REGISTRATION_SERVICE_URL: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (upstream.address()).port}`,
        DOCUMENTS_SERVICE_URL: 'http://127.0.0.1:9',
        REMOTE_ADMIN_URL: 'https://cdn.example.org/admin/',
      },
    });
    base = `http://127.0.0.1:${edge.address().port}`;
  });

  after(async () => {
    await new Promise((r) => edge.close(r));
    await new Promise((r) => upstream.close(r));
    rmSync(distDir, { recursive: true, force: true });
  });

  const expectHeaders = (res, expected, what) => {
    for (const [name, value] of Object.entries(expected)) assert.equal(res.headers.get(name), value, `${what}: ${name}`);
  };

  it('gives every page and front-end file the page policy', async () => {
    const expected = pageHeaders({ remotes: ['https://cdn.example.org'], inlineScripts: [inlineHash] });
    for (const path of ['/', '/einstein-quest/about', '/admin/login', '/remotes/public/remoteEntry.js', '/main.a1eda3b4645ae2dc.js', '/module-federation.manifest.json', '/runtime-config.js', '/missing.js', '/remotes/nope/x.js']) {
      expectHeaders(await fetch(`${base}${path}`), expected, path);
    }
  });

  it('the page CSP allows scripts from the site, the remotes of the manifest and the inline scripts by hash only', async () => {
    const csp = directives((await fetch(`${base}/`)).headers.get('content-security-policy'));
    assert.deepEqual(csp['script-src'], ["'self'", 'https://cdn.example.org', inlineHash]);
    for (const [name, sources] of Object.entries(csp)) {
      if (name.startsWith('script') || name === 'default-src') {
        assert.ok(!sources.includes("'unsafe-inline'") && !sources.includes("'unsafe-eval'"), `${name} allows inline or eval`);
      }
    }
    assert.deepEqual(csp['object-src'], ["'none'"]);
    assert.deepEqual(csp['base-uri'], ["'none'"]);
    assert.deepEqual(csp['frame-ancestors'], ["'none'"]);
    assert.deepEqual(csp['form-action'], ["'self'"]);
    assert.deepEqual(csp['report-uri'], [policy.reporting.path]);
  });

  it('gives /api answers the API policy, no-store unless the service says otherwise', async () => {
    expectHeaders(await fetch(`${base}/api/candidates/KBE123ABC`), apiHeaders(), 'proxied answer');
    expectHeaders(await fetch(`${base}/api/nothing-here`), apiHeaders(), 'edge 404');
    expectHeaders(await fetch(`${base}/api/candidates/KBE123ABC/download/hall-ticket`), apiHeaders(), 'edge 502');
    const publicData = await fetch(`${base}/api/statistics`);
    expectHeaders(publicData, everyResponseHeaders(), 'cacheable answer');
    assert.equal(publicData.headers.get('cache-control'), 'public, max-age=60');
  });

  it('sends no Strict-Transport-Security over plain http (the Ingress adds it over TLS)', async () => {
    assert.equal((await fetch(`${base}/`)).headers.get('strict-transport-security'), null);
  });
});
