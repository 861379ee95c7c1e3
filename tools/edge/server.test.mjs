// node --test tools/edge/server.test.mjs
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, get } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

import { compileApiRoutes, loadRoutes, matchApiRoute, remoteManifest, serviceTargets } from './route-table.mjs';
import { cacheControlFor } from './static-files.mjs';
import { startEdge } from './server.mjs';

const routes = loadRoutes();

describe('route table', () => {
  const compiled = compileApiRoutes(routes);
  const cases = [
    ['/api/candidates/KBE123ABC/download', 'documents-service'],
    ['/api/candidates/KBE123ABC/download/hall-ticket', 'documents-service'],
    ['/api/candidates/KBE123ABC', 'registration-service'],
    ['/api/candidates/search', 'registration-service'],
    ['/api/candidates', 'registration-service'],
    ['/api/health', 'admin-service'],
    ['/api/health/registration-service', 'registration-service'],
    ['/api/health/documents-service', 'documents-service'],
    ['/api/health/notifications-service', 'notifications-service'],
    ['/api/health/exams-service', 'exams-service'],
    ['/api/docs/exams-service.json', 'exams-service'],
    ['/api/health/unknown-service', 'admin-service'],
    ['/api/schools/SCH-7KQ2XM', 'registration-service'],
    ['/api/portal/candidates/export.csv', 'registration-service'],
    ['/api/admin/login', 'admin-service'],
    ['/api/admin/centres', 'exams-service'],
    ['/api/admin/centres/NSK01', 'exams-service'],
    ['/api/admin/centres/import', 'exams-service'],
    ['/api/admin/results/import', 'exams-service'],
    ['/api/results/Mains/merit-list', 'exams-service'],
    ['/api/candidates/KBE123456ABC/result', 'documents-service'],
    ['/api/admin/seat-allocation', 'exams-service'],
    ['/api/admin/seat-allocation/job-1', 'exams-service'],
    ['/api/admin/centresx', 'admin-service'],
    ['/api/sms/bulk', 'admin-service'],
    ['/api/documents/x', 'documents-service'],
    ['/api/notifications/log', 'notifications-service'],
    ['/api/csp-report', 'admin-service'],
  ];
  for (const [path, service] of cases) {
    it(`${path} -> ${service}`, () => assert.equal(matchApiRoute(compiled, path), service));
  }
  for (const path of ['/api', '/api/healthz', '/api/schoolsx', '/api/nothing', '/api/candidates-export', '/api/portalx']) {
    it(`${path} -> no service`, () => assert.equal(matchApiRoute(compiled, path), undefined));
  }

  it('the longest prefix wins whatever the order in the file', () => {
    const shuffled = compileApiRoutes({
      services: { a: { port: 1 }, b: { port: 2 } },
      api: [
        { prefix: '/api/x', service: 'a' },
        { prefix: '/api/x/y', service: 'b' },
      ],
    });
    assert.equal(matchApiRoute(shuffled, '/api/x/y/z'), 'b');
    assert.equal(matchApiRoute(shuffled, '/api/x/z'), 'a');
  });

  it('rejects a route to an unknown service', () => {
    assert.throws(() => compileApiRoutes({ services: {}, api: [{ prefix: '/api/x', service: 'ghost' }] }), /unknown service/);
  });

  it('service targets default to 127.0.0.1:<port> and follow <NAME>_SERVICE_URL', () => {
    const targets = serviceTargets(routes, { DOCUMENTS_SERVICE_URL: 'http://documents:3000' });
    assert.equal(targets['registration-service'], 'http://127.0.0.1:3101');
    assert.equal(targets['documents-service'], 'http://documents:3000');
  });

  it('the remote manifest points at /remotes/<name>/ unless REMOTE_<NAME>_URL says otherwise', () => {
    const manifest = remoteManifest(routes, {
      REMOTE_ADMIN_URL: 'https://cdn.example.org/admin/',
      REMOTE_DOWNLOADS_URL: 'https://cdn.example.org/dl/remoteEntry.js',
    });
    assert.deepEqual(manifest, {
      public: '/remotes/public/remoteEntry.js',
      registration: '/remotes/registration/remoteEntry.js',
      downloads: 'https://cdn.example.org/dl/remoteEntry.js',
      schools: '/remotes/schools/remoteEntry.js',
      admin: 'https://cdn.example.org/admin/remoteEntry.js',
    });
  });

  it('cache policy: hashed files immutable, entry points revalidated', () => {
    assert.equal(cacheControlFor('/d/shell/main.a1eda3b4645ae2dc.js'), 'public, max-age=31536000, immutable');
    assert.equal(cacheControlFor('/d/public/123.0f3e9b8c7d6a5b4c.js'), 'public, max-age=31536000, immutable');
    assert.equal(cacheControlFor('/d/public/remoteEntry.js'), 'no-cache');
    assert.equal(cacheControlFor('/d/shell/index.html'), 'no-cache');
    assert.equal(cacheControlFor('/d/shell/favicon.ico'), 'public, max-age=300');
  });
});

describe('edge server', () => {
  const big = `/* ${'x'.repeat(4000)} */ console.log(1);`;
  let distDir;
  let edge;
  let base;
  let upstream;
  const seen = [];

  before(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'kbe-edge-'));
    const file = (path, content) => {
      mkdirSync(dirname(join(distDir, path)), { recursive: true });
      writeFileSync(join(distDir, path), content);
    };
    file('shell/index.html', '<!doctype html><title>shell</title><div id="root"></div>');
    file('shell/main.a1eda3b4645ae2dc.js', big);
    file('public/remoteEntry.js', big);
    file('public/456.0f3e9b8c7d6a5b4c.js', 'public chunk');
    file('registration/remoteEntry.js', 'registration entry');

    // A stand-in for registration-service; every other service is down (nothing listens).
    upstream = createServer((req, res) => {
      seen.push({ url: req.url, forwardedFor: req.headers['x-forwarded-for'] });
      if (req.url === '/api/candidates/broken-export.csv') {
        // A service whose stream fails after the headers: it closes the connection mid-body.
        res.writeHead(200, { 'Content-Type': 'text/csv' });
        res.write('Code,Name\r\nKBE1,Asha\r\n');
        setTimeout(() => res.destroy(), 50);
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ from: 'registration', url: req.url }));
    });
    await new Promise((r) => upstream.listen(0, '127.0.0.1', r));
    const closedPort = await freePort();
    edge = await startEdge({
      port: 0,
      distDir,
      routes,
      env: {
        REGISTRATION_SERVICE_URL: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (upstream.address()).port}`,
        DOCUMENTS_SERVICE_URL: `http://127.0.0.1:${closedPort}`,
        REMOTE_ADMIN_URL: 'https://cdn.example.org/admin/',
        EDGE_DISABLE_REMOTES: 'downloads',
      },
    });
    base = `http://127.0.0.1:${edge.address().port}`;
  });

  after(async () => {
    await new Promise((r) => edge.close(r));
    await new Promise((r) => upstream.close(r));
    rmSync(distDir, { recursive: true, force: true });
  });

  it('serves the shell index for client-side routes, never cached', async () => {
    // (no shell server module here, so no route table: 404s of unknown paths are page-status.test.mjs's)
    for (const path of ['/', '/einstein-quest/about', '/admin/dashboard']) {
      const res = await fetch(`${base}${path}`);
      assert.equal(res.status, 200, path);
      assert.match(await res.text(), /<title>shell<\/title>/);
      assert.equal(res.headers.get('cache-control'), 'no-cache');
    }
  });

  it('answers 404 for missing asset-looking paths and unknown remotes instead of the SPA page', async () => {
    for (const path of ['/missing.js', '/assets/logo.png', '/remotes/nope/remoteEntry.js', '/remotes/public/missing.js']) {
      const res = await fetch(`${base}${path}`);
      assert.equal(res.status, 404, path);
      assert.doesNotMatch(await res.text(), /<title>shell/);
    }
  });

  it('serves remotes under /remotes/<name>/ with cache headers', async () => {
    const entry = await fetch(`${base}/remotes/registration/remoteEntry.js`);
    assert.equal(entry.status, 200);
    assert.equal(await entry.text(), 'registration entry');
    assert.equal(entry.headers.get('cache-control'), 'no-cache');
    const chunk = await fetch(`${base}/remotes/public/456.0f3e9b8c7d6a5b4c.js`);
    assert.equal(await chunk.text(), 'public chunk');
    assert.equal(chunk.headers.get('cache-control'), 'public, max-age=31536000, immutable');
  });

  it('EDGE_DISABLE_REMOTES makes a remote answer 404', async () => {
    const res = await fetch(`${base}/remotes/downloads/remoteEntry.js`);
    assert.equal(res.status, 404);
  });

  it('serves the remote manifest from the routing table and env', async () => {
    const res = await fetch(`${base}/module-federation.manifest.json`);
    assert.equal(res.headers.get('cache-control'), 'no-cache');
    assert.deepEqual(await res.json(), {
      public: '/remotes/public/remoteEntry.js',
      registration: '/remotes/registration/remoteEntry.js',
      downloads: '/remotes/downloads/remoteEntry.js',
      schools: '/remotes/schools/remoteEntry.js',
      admin: 'https://cdn.example.org/admin/remoteEntry.js',
    });
  });

  it('compresses static files with brotli or gzip as the browser asks', async () => {
    const raw = (encoding) => getRaw(`${base}/remotes/public/remoteEntry.js`, { 'accept-encoding': encoding });
    const br = await raw('br, gzip');
    assert.equal(br.headers['content-encoding'], 'br');
    assert.equal(brotliDecompressSync(br.body).toString(), big);
    const gz = await raw('gzip');
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.body).toString(), big);
    const plain = await raw('identity');
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(plain.body.toString(), big);
  });

  it('proxies /api to the owning service with the full path and query', async () => {
    const res = await fetch(`${base}/api/candidates/KBE123ABC?x=1`);
    assert.equal(res.status, 200);
    assert.deepEqual(await res.json(), { from: 'registration', url: '/api/candidates/KBE123ABC?x=1' });
    assert.equal(seen.at(-1).forwardedFor, '127.0.0.1');
  });

  it('breaks the answer off when the service breaks its off: a cut file never looks complete', async () => {
    // node:http, as a browser would see it (fetch takes a body cut on a closing connection as whole).
    const outcome = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the edge kept the answer open')), 10_000);
      get(`${base}/api/candidates/broken-export.csv`, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('error', () => undefined);
        res.on('close', () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode, complete: res.complete, body });
        });
      }).on('error', reject);
    });
    assert.deepEqual(outcome, { status: 200, complete: false, body: 'Code,Name\r\nKBE1,Asha\r\n' });
  });

  it('answers 502 JSON naming the service when it is unreachable', async () => {
    const res = await fetch(`${base}/api/candidates/KBE123ABC/download/hall-ticket`);
    assert.equal(res.status, 502);
    assert.deepEqual(await res.json(), { statusCode: 502, message: 'documents-service is unavailable' });
  });

  it('answers 404 JSON for an /api path no service owns', async () => {
    const res = await fetch(`${base}/api/nothing-here`);
    assert.equal(res.status, 404);
    const body = await res.json();
    assert.equal(body.statusCode, 404);
    assert.match(body.message, /No service serves GET \/api\/nothing-here/);
  });
});

function freePort() {
  return new Promise((resolvePort) => {
    const probe = createServer();
    probe.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (probe.address());
      probe.close(() => resolvePort(port));
    });
  });
}

async function getRaw(url, headers) {
  const { request } = await import('node:http');
  return new Promise((resolveRes, rejectRes) => {
    request(url, { headers }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolveRes({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', rejectRes)
      .end();
  });
}
