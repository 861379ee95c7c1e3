// docker/compose.yaml: the Compose Specification (checked by compose-go, the loader of Docker
// Compose itself), the same ports and routing as `npm start` (tools/stack/routes.json).
// Run: node tools/deploy/toolchain.mjs && node --test tools/deploy/compose.deploy.test.mjs
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { compileApiRoutes, loadRoutes, matchApiRoute } from '../edge/route-table.mjs';
import { repoRoot } from './helm.mjs';
import { deployTools } from './toolchain.mjs';

const routes = loadRoutes();
const composeFile = join(repoRoot, 'docker/compose.yaml');
const edgeConf = readFileSync(join(repoRoot, 'docker/nginx/edge.conf'), 'utf8');
// placeholders for the variables the file requires; never real secrets
const secrets = { JWT_PUBLIC_KEYS: '{"keys":[]}', JWT_PRIVATE_KEY: '{}', INTERNAL_API_TOKEN: 't'.repeat(48), MINIO_ROOT_PASSWORD: 'm'.repeat(32), DOCUMENT_SIGNING_SECRET: 'd'.repeat(64) };

/**
 * @param {string} file
 * @param {Record<string, string>} [env] the variables the compose file may read
 */
function composeCheck(file, env = secrets) {
  const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !(k in secrets) && !/^(PORT|MONGO_PORT|KAFKA_PORT|MINIO_PORT|MINIO_CONSOLE_PORT)$/.test(k)));
  const result = spawnSync(deployTools().composeCheck, [file], { encoding: 'utf8', env: { ...clean, ...env }, maxBuffer: 32 * 1024 * 1024 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

const checked = composeCheck(composeFile);
const project = checked.code === 0 ? JSON.parse(checked.stdout) : undefined;
const published = (service) => (project.services[service].ports ?? []).map((p) => `${p.published}:${p.target}`);

/** The edge's locations in file order: { regex, upstream } ; `location /` last. */
function edgeLocations() {
  const list = [...edgeConf.matchAll(/location ~ "([^"]+)" \{ proxy_pass http:\/\/([^;]+); \}/g)].map((m) => ({ source: m[1], regex: new RegExp(m[1]), upstream: m[2] }));
  const root = /location \/ \{ proxy_pass http:\/\/([^;]+); \}/.exec(edgeConf);
  return { list, fallback: root?.[1] };
}

/** nginx: regex locations are tried in file order and the first match wins; else `location /`. */
function viaEdge(path) {
  const { list, fallback } = edgeLocations();
  return list.find((l) => l.regex.test(path))?.upstream ?? fallback;
}

describe('docker/compose.yaml', () => {
  it('passes the Compose Specification schema and model checks (compose-go)', () => {
    assert.equal(checked.code, 0, checked.stderr);
    assert.deepEqual(Object.keys(project.services).sort(), [
      'admin-service', 'documents-service', 'edge', 'exams-service', 'kafka', 'minio', 'mongo', 'notifications-service', 'registration-service',
      'remote-admin', 'remote-downloads', 'remote-public', 'remote-registration', 'remote-schools', 'shell',
    ]);
  });

  it('a file that breaks the schema is refused (the check is live)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kbe-compose-'));
    try {
      mkdirSync(join(dir, 'nginx'));
      copyFileSync(join(repoRoot, 'docker/nginx/edge.conf'), join(dir, 'nginx/edge.conf'));
      const broken = join(dir, 'compose.yaml');
      writeFileSync(broken, readFileSync(composeFile, 'utf8').replace('    read_only: true\n    tmpfs: [/tmp]\n    cap_drop: [ALL]\n    security_opt: ["no-new-privileges:true"]\n    ports: ["${PORT:-8080}:8080"]', '    read_only: true\n    tmpfs: [/tmp]\n    cap_drop: [ALL]\n    security_opt: ["no-new-privileges:true"]\n    portz: ["${PORT:-8080}:8080"]'));
      const result = composeCheck(broken);
      assert.notEqual(result.code, 0);
      assert.match(result.stderr, /portz/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('no secret is in the file: without the variables it refuses to load', () => {
    const result = composeCheck(composeFile, {});
    assert.notEqual(result.code, 0);
    for (const name of Object.keys(secrets)) assert.match(result.stderr, new RegExp(`required variable ${name} is missing`));
  });

  it('the same ports as npm start', () => {
    for (const [service, { port }] of Object.entries(routes.services)) {
      assert.deepEqual(published(service), [`${port}:${port}`], service);
      assert.equal(project.services[service].environment.PORT, String(port), service);
      assert.equal(project.services[service].build.args.APP_PORT, String(port), service);
    }
    assert.deepEqual(published('edge'), ['8080:8080']);
    assert.deepEqual(published('mongo'), ['27017:27017']);
    assert.deepEqual(published('kafka'), ['9092:9092']);
    assert.deepEqual(published('minio'), ['9000:9000', '9001:9001']);
  });

  it('the edge routes every path like tools/stack/routes.json', () => {
    const compiled = compileApiRoutes(routes);
    const upstreamOf = (service) => `${service}:${routes.services[service].port}`;
    const samples = routes.api.flatMap((r) => (r.prefix ? [r.prefix, `${r.prefix}/x`, `${r.prefix}x`] : []));
    samples.push('/api/candidates/KBE123ABC/download', '/api/candidates/KBE123ABC/download/certificate', '/api/candidates/KBE123ABC', '/api/unknown', '/', '/einstein-quest/about');
    for (const path of samples) {
      const service = matchApiRoute(compiled, path);
      assert.equal(viaEdge(path), service ? upstreamOf(service) : 'shell:8080', path);
    }
    for (const remote of routes.remotes) {
      assert.equal(viaEdge(`/remotes/${remote}/remoteEntry.js`), `remote-${remote}:8080`, remote);
      assert.equal(project.services[`remote-${remote}`].build.args.APP, remote);
    }
    // one location per route, nothing else
    const expected = [
      ...routes.api.map((r) => r.pattern ?? `^${r.prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/|$)`),
      ...routes.remotes.map((r) => `^/remotes/${r}/`),
    ].sort();
    assert.deepEqual(edgeLocations().list.map((l) => l.source).sort(), expected);
    // every upstream is a service of the file, on the port it listens on
    for (const { upstream } of edgeLocations().list) assert.ok(project.services[upstream.split(':')[0]], upstream);
    assert.deepEqual(project.services.edge.volumes.map((v) => v.target), ['/etc/nginx/conf.d/default.conf']);
  });

  it('apps run hardened: read-only root, no capabilities, no new privileges', () => {
    for (const name of [...Object.keys(routes.services), 'shell', ...routes.remotes.map((r) => `remote-${r}`), 'edge']) {
      const service = project.services[name];
      assert.equal(service.read_only, true, name);
      assert.deepEqual(service.cap_drop, ['ALL'], name);
      assert.deepEqual(service.security_opt, ['no-new-privileges:true'], name);
    }
  });
});
