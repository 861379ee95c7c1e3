// node --test tools/k8s/generate.test.mjs
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { compileApiRoutes, loadRoutes, matchApiRoute } from '../edge/route-table.mjs';
import { ingressPaths } from './catalogue.mjs';
import { generateFiles, staleFiles, writeFiles } from './generate.mjs';

const routes = loadRoutes();

/** ingress-nginx tries regex locations longest first (and our order is the same): the first match wins. */
function ingressService(paths, path) {
  const ordered = [...paths].sort((a, b) => b.path.length - a.path.length);
  return ordered.find((p) => new RegExp(p.path, 'i').test(path))?.service;
}

describe('k8s generator', () => {
  it('the committed k8s/ and helm/ files are up to date', () => {
    assert.deepEqual(staleFiles(generateFiles(routes)), []);
  });

  it('--check notices a hand edit and a stray file', () => {
    const root = mkdtempSync(join(tmpdir(), 'kbe-k8s-'));
    try {
      const files = generateFiles(routes);
      writeFiles(files, root);
      assert.deepEqual(staleFiles(files, root), []);
      writeFileSync(join(root, 'k8s/ingress.yaml'), 'edited');
      writeFileSync(join(root, 'helm/kbe/extra.yaml'), 'stray');
      assert.deepEqual(staleFiles(files, root), [
        'out of date: k8s/ingress.yaml',
        'not generated (remove it or change the generator): helm/kbe/extra.yaml',
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('the Ingress sends every path to the same place as the local edge', () => {
    const paths = ingressPaths(routes);
    const compiled = compileApiRoutes(routes);
    const samples = [
      '/api/candidates/KBE123ABC/download',
      '/api/candidates/KBE123ABC/download/certificate',
      '/api/candidates/KBE123ABC',
      '/api/candidates',
      '/api/health',
      '/api/health/documents-service',
      '/api/schools/SCH-7KQ2XM',
      '/api/admin/login',
      '/api/sms/bulk',
      '/api/notifications/log',
      '/api/documents/x',
      '/api/contact',
      '/api/statistics',
      '/api/mentors',
    ];
    for (const path of samples) assert.equal(ingressService(paths, path), matchApiRoute(compiled, path), path);
    assert.equal(ingressService(paths, '/api/healthz'), 'shell');
    assert.equal(ingressService(paths, '/remotes/public/remoteEntry.js'), 'remote-public');
    assert.equal(ingressService(paths, '/einstein-quest/about'), 'shell');
  });

  it('every service and front end has its own chart, probed on its health path', () => {
    const files = generateFiles(routes);
    for (const service of Object.keys(routes.services)) {
      const values = files.get(`helm/kbe/charts/${service}/values.yaml`);
      assert.ok(values, service);
      assert.match(values, new RegExp(`path: /api/health/${service}\\n`));
    }
    for (const chart of ['shell', ...routes.remotes.map((r) => `remote-${r}`)]) assert.ok(files.get(`helm/kbe/charts/${chart}/Chart.yaml`), chart);
    assert.match(files.get('helm/kbe/charts/shell/values.yaml'), /module-federation.manifest.json/);
  });

  it('values never carry secret values, only references to Secrets', () => {
    for (const [path, content] of generateFiles(routes)) {
      if (!path.endsWith('values.yaml')) continue;
      assert.doesNotMatch(content, /(PASSWORD|SECRET|TOKEN|ACCESS_KEY|MONGODB_URI): ["']?[^\n{]*\S/, path);
    }
  });
});
