// The Dockerfiles (hadolint plus the policies of this project) and the nginx configurations of
// the static front ends and of the compose edge (crossplane, NGINX's parser). Run: node tools/deploy/toolchain.mjs && node --test tools/deploy/docker.deploy.test.mjs
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { hadolint, nginxParse, render, repoRoot } from './helm.mjs';

const dockerfiles = ['docker/node-service.Dockerfile', 'docker/static.Dockerfile'];
const read = (file) => readFileSync(join(repoRoot, file), 'utf8');

/** Stages of a Dockerfile: { name, from, lines } (continuation lines joined). */
function stages(text) {
  const lines = text.replace(/\\\n/g, ' ').split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('#'));
  const result = [];
  for (const line of lines) {
    const from = /^FROM\s+(\S+)(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) result.push({ from: from[1], name: from[2] ?? `stage${result.length}`, lines: [] });
    else result.at(-1)?.lines.push(line);
  }
  return result;
}

describe('Dockerfiles', () => {
  it('pass hadolint (.hadolint.yaml: every rule, any finding fails)', () => {
    const result = hadolint(dockerfiles.map((f) => join(repoRoot, f)));
    assert.equal(result.code, 0, `${result.stdout}${result.stderr}`);
  });

  it('hadolint fails on a Dockerfile that breaks its rules (the linter is live)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kbe-hadolint-'));
    try {
      const bad = join(dir, 'Dockerfile');
      writeFileSync(bad, 'FROM node:latest\nRUN apt-get update && apt-get install -y curl\nCOPY . /app\n');
      const result = hadolint([bad]);
      assert.notEqual(result.code, 0);
      assert.match(result.stdout, /DL3007/);
      assert.match(result.stdout, /DL3015/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  for (const file of dockerfiles) {
    it(`${file}: pinned base images, multi-stage, non-root runtime with a health check`, () => {
      const all = stages(read(file));
      assert.ok(all.length >= 2, 'multi-stage');
      const known = new Set(all.map((s) => s.name));
      for (const { from } of all) {
        if (known.has(from)) continue;
        assert.match(from, /^[a-z0-9./-]+:[0-9][A-Za-z0-9._-]*$/, `${from}: a version tag`);
        assert.doesNotMatch(from, /:latest$/);
      }
      const runtimes = all.filter((s) => s.name !== 'build' && s.name !== 'deps');
      for (const stage of runtimes) {
        const chain = [];
        for (let s = stage; s; s = all.find((x) => x.name === s.from)) chain.unshift(s);
        const lines = chain.flatMap((s) => s.lines);
        const user = lines.filter((l) => /^USER\s/.test(l)).at(-1);
        assert.ok(user, `${stage.name}: USER`);
        assert.doesNotMatch(user, /^USER\s+(0|root)(:|$)/, `${stage.name} runs as root`);
        assert.ok(lines.some((l) => /^HEALTHCHECK\s/.test(l)), `${stage.name}: HEALTHCHECK`);
      }
    });
  }

  it('services: production dependencies only, and Chromium and fonts only in the documents image', () => {
    const all = stages(read('docker/node-service.Dockerfile'));
    const deps = all.find((s) => s.name === 'deps');
    assert.ok(deps.lines.some((l) => /npm ci --omit=dev/.test(l)));
    const runtime = all.find((s) => s.name === 'runtime');
    assert.ok(runtime.lines.some((l) => /^COPY --from=deps /.test(l)), 'runtime copies from deps');
    assert.ok(!runtime.lines.some((l) => /--from=build/.test(l)), 'runtime takes nothing from the build stage');
    const withChromium = all.filter((s) => s.lines.some((l) => /chromium/.test(l) && /apt-get install/.test(l))).map((s) => s.name);
    assert.deepEqual(withChromium, ['documents']);
    assert.equal(all.at(-1).name, 'service', 'the default target is the plain service');
    assert.equal(all.find((s) => s.name === 'service').from, 'runtime');
  });

  it('.dockerignore keeps dependencies, builds, secrets and git out of the context', () => {
    const ignore = read('.dockerignore').split('\n');
    for (const entry of ['.git', '**/node_modules', 'dist', '.env', '.kbe']) assert.ok(ignore.includes(entry), entry);
  });
});

describe('static front ends: nginx', () => {
  const confs = ['docker/nginx/shell.conf', 'docker/nginx/remote.conf'];
  /**
   * location blocks: { match, body (its own lines, nested locations left out) }. Braces inside
   * quoted regexes ({16,}) are not blocks; our files open a block at the end of its line.
   */
  const locations = (text) => {
    const found = [];
    const open = [];
    for (const line of text.split('\n')) {
      const bare = line.replace(/"[^"]*"/g, '""');
      const start = /^\s*location\s+(.*?)\s*\{\s*$/.exec(line);
      if (start) {
        const block = { match: start[1], body: '' };
        found.push(block);
        open.push(block);
        continue;
      }
      if (open.length) open.at(-1).body += `${line}\n`;
      const closes = (bare.match(/\}/g) ?? []).length - (bare.match(/\{/g) ?? []).length;
      for (let i = 0; i < closes && open.length; i += 1) open.pop();
    }
    return found;
  };

  it('every location that adds a header also adds the security headers', () => {
    let checked = 0;
    for (const file of confs) {
      for (const { match, body } of locations(read(file))) {
        if (/add_header|try_files|return 404/.test(body)) assert.match(body, /include \/etc\/nginx\/security-headers\.conf;/, `${file} ${match}`);
        checked += 1;
      }
    }
    assert.equal(checked, 12, 'locations found in shell.conf and remote.conf');
  });

  it('hashed files are cached for a year; the manifest and runtime config never', () => {
    const shell = locations(read('docker/nginx/shell.conf'));
    const cache = (match) => /Cache-Control "([^"]+)"/.exec(shell.find((l) => l.match === match).body)[1];
    assert.equal(cache('= /module-federation.manifest.json'), 'no-store');
    assert.equal(cache('= /runtime-config.js'), 'no-store');
    assert.equal(cache('~* "\\.[0-9a-f]{16,}\\.[a-z0-9]+$"'), 'public, max-age=31536000, immutable');
    assert.equal(cache('= /index.html'), 'no-cache');
    const remote = read('docker/nginx/remote.conf');
    assert.match(remote, /remoteEntry\\\.js[^{]*\{[^}]*Cache-Control "no-cache"/);
  });

  it('every nginx configuration parses (crossplane, strict), with the headers the chart renders', () => {
    // a value with double quotes (a Reporting-Endpoints header) must come out as valid nginx too
    const headersFromChart = render({
      release: 'shell',
      set: ['tags.all=false', 'tags.shell=true', 'ingress.enabled=false'],
      setString: ['global.securityHeaders.Reporting-Endpoints=csp-endpoint="/api/csp-report"'],
    }).objects.find((o) => o.metadata.name === 'shell-files').data['security-headers.conf'];
    assert.match(headersFromChart, /add_header Reporting-Endpoints "csp-endpoint=\\"\/api\/csp-report\\"" always;/);
    for (const headers of [read('docker/nginx/security-headers.conf'), headersFromChart]) {
      const dir = mkdtempSync(join(tmpdir(), 'kbe-headers-'));
      try {
        writeFileSync(join(dir, 'security-headers.conf'), headers);
        const withHeaders = (conf) => conf.replaceAll('/etc/nginx/security-headers.conf', join(dir, 'security-headers.conf'));
        for (const conf of [read('docker/nginx/shell.conf'), read('docker/nginx/remote.conf').replaceAll('__BASE_PATH__', '/remotes/public/'), read('docker/nginx/edge.conf')]) {
          assert.deepEqual(nginxParse(withHeaders(conf)), { status: 'ok', errors: [] });
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('the nginx parser refuses a broken configuration (the check is live)', () => {
    const result = nginxParse('server {\n  listen 8080;\n  location / {\n    add_header X-Only-A-Name;\n    proxy_passs http://shell:8080;\n  }\n}\n');
    assert.equal(result.status, 'failed');
    assert.match(result.errors.join('\n'), /add_header|proxy_passs/);
  });

  it('nginx runs unprivileged on 8080 and answers /healthz for the probes', () => {
    for (const file of confs) {
      assert.match(read(file), /listen 8080;/);
      assert.match(read(file), /location = \/healthz/);
    }
    assert.match(read('docker/static.Dockerfile'), /FROM nginxinc\/nginx-unprivileged:/);
  });
});

describe('the page server image (docker/static.Dockerfile, target pages)', () => {
  const all = stages(read('docker/static.Dockerfile'));
  const pages = all.find((s) => s.name === 'pages');

  it('runs tools/edge/page-server.mjs over the shell build, with its Node bundle, non-root', () => {
    assert.ok(pages, 'a pages stage');
    assert.ok(pages.lines.includes('CMD ["node", "tools/edge/page-server.mjs"]'));
    assert.ok(pages.lines.some((l) => /^COPY --from=build .*\/prerender\/ \.\/dist\/shell\/$/.test(l)), 'the shell\'s server bundle and first-paint.json');
    assert.ok(pages.lines.some((l) => /^COPY --from=build .*\/out\/index\.html \.\/dist\/shell\/index\.html$/.test(l)), 'the shell\'s index.html');
    assert.match(pages.lines.find((l) => /^USER\s/.test(l)), /^USER 1000:1000$/);
  });

  it('installs express and compression at the versions of package-lock.json', () => {
    const lock = JSON.parse(read('package-lock.json'));
    const deps = all.find((s) => s.name === 'deps');
    const install = deps.lines.find((l) => /npm install --no-save/.test(l));
    for (const name of ['express', 'compression']) assert.match(install, new RegExp(` ${name}@${lock.packages[`node_modules/${name}`].version.replace(/\./g, '\\.')}( |$)`), name);
  });

  it('every front end keeps its Node bundle outside the web root, where the page server\'s pod copies it from', () => {
    const runtime = all.find((s) => s.name === 'runtime');
    assert.equal(all.at(-1).name, 'runtime', 'nginx stays the default target');
    assert.ok(runtime.lines.some((l) => /^COPY --from=build .*\/prerender\/ \/opt\/kbe\/prerender\/$/.test(l)));
    assert.ok(!runtime.lines.some((l) => /--from=build .*\/usr\/share\/nginx\/html\/.*server/.test(l)));
  });
});
