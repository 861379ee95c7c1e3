// The Helm charts (helm/kbe, helm/kbe/charts/kbe-app), rendered offline with the pinned helm and
// Kubernetes version: lint, schema validation of every object, the policies every workload must
// follow, values that must be refused, and one app's release holding only that app's objects.
// Run: node tools/deploy/toolchain.mjs && node --test tools/deploy/helm.deploy.test.mjs
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { compileApiRoutes, loadRoutes, matchApiRoute } from '../edge/route-table.mjs';
import { looksLikeAsset } from '../edge/static-files.mjs';
import { appChart, appOf, helmLint, helmTemplate, helmVersion, productionValues, readYaml, render, repoRoot, umbrellaChart, validateManifests } from './helm.mjs';
import { HELM_VERSION } from './toolchain.mjs';

const routes = loadRoutes();
const values = readYaml(join(umbrellaChart, 'values.yaml'));
const services = Object.keys(routes.services);
const frontEnds = ['shell', ...routes.remotes.map((r) => `remote-${r}`)];
// pages: the page server (tools/edge/page-server.mjs), the shell's pages with the public ones prerendered
const apps = [...services, ...frontEnds, 'pages'];

const defaults = render();
const production = render({ values: [productionValues] });
const renders = { default: defaults, production };

const byKind = (objects, kind) => objects.filter((o) => o.kind === kind);
const named = (objects, kind, name) => objects.find((o) => o.kind === kind && o.metadata.name === name);
const podSpecs = (objects) => [
  ...byKind(objects, 'Deployment').map((d) => ({ where: `Deployment ${d.metadata.name}`, spec: d.spec.template.spec, deployment: true })),
  ...byKind(objects, 'Pod').map((p) => ({ where: `Pod ${p.metadata.name}`, spec: p.spec, deployment: false })),
];

describe('helm lint', () => {
  it(`the helm in use is the pinned ${HELM_VERSION}`, () => {
    assert.equal(helmVersion(), HELM_VERSION);
  });

  it('the umbrella chart lints cleanly with default and production values', () => {
    for (const options of [{}, { values: [productionValues] }]) {
      const result = helmLint(options);
      assert.equal(result.code, 0, `${result.stdout}${result.stderr}`);
      assert.match(result.stdout, /0 chart\(s\) failed/);
    }
  });

  it('the kbe-app chart lints on its own, with one app\'s values', () => {
    const result = helmLint({ chart: appChart, set: ['nameOverride=remote-public', 'image.repository=kbe/remote-public', 'image.tag=1.0.0'] });
    assert.equal(result.code, 0, `${result.stdout}${result.stderr}`);
  });
});

describe('rendered manifests', () => {
  for (const [name, { text, objects }] of Object.entries(renders)) {
    it(`${name} values: every object validates against the Kubernetes schemas (strict, offline)`, () => {
      const result = validateManifests(text);
      assert.deepEqual(result.errors, [], result.output);
      assert.deepEqual(result.missingSchemas, [], result.output);
      assert.equal(result.code, 0, result.output);
      assert.ok(objects.length > 50, `only ${objects.length} objects`);
    });

    it(`${name} values: every app has its Deployment, Service, HPA, PDB, NetworkPolicy and helm test`, () => {
      for (const app of apps) {
        for (const kind of ['Deployment', 'Service', 'HorizontalPodAutoscaler', 'PodDisruptionBudget', 'NetworkPolicy']) {
          assert.ok(named(objects, kind, app), `${kind} ${app}`);
        }
        const test = named(objects, 'Pod', `${app}-test-health`);
        assert.equal(test?.metadata.annotations['helm.sh/hook'], 'test', app);
      }
    });

    it(`${name} values: policies (pinned images, probes, limits, non-root, read-only root, no capabilities, no token)`, () => {
      for (const { where, spec, deployment } of podSpecs(objects)) {
        assert.equal(spec.automountServiceAccountToken, false, `${where}: service-account token`);
        assert.equal(spec.securityContext?.runAsNonRoot, true, `${where}: runAsNonRoot`);
        assert.equal(spec.securityContext?.seccompProfile?.type, 'RuntimeDefault', `${where}: seccomp`);
        for (const c of [...spec.containers, ...(spec.initContainers ?? [])]) {
          const at = `${where} container ${c.name}`;
          assert.match(c.image, /^[^:@]+(:[^:@/]+)$/, `${at}: image ${c.image} has no tag`);
          assert.doesNotMatch(c.image, /:latest$/, `${at}: latest`);
          assert.equal(c.securityContext?.readOnlyRootFilesystem, true, `${at}: read-only root`);
          assert.equal(c.securityContext?.runAsNonRoot, true, `${at}: runAsNonRoot`);
          assert.equal(c.securityContext?.allowPrivilegeEscalation, false, `${at}: privilege escalation`);
          assert.deepEqual(c.securityContext?.capabilities?.drop, ['ALL'], `${at}: capabilities`);
          for (const r of ['cpu', 'memory']) {
            assert.ok(c.resources?.requests?.[r], `${at}: requests.${r}`);
            assert.ok(c.resources?.limits?.[r], `${at}: limits.${r}`);
          }
          if (deployment && spec.containers.includes(c)) {
            for (const probe of ['startupProbe', 'readinessProbe', 'livenessProbe']) assert.ok(c[probe], `${at}: ${probe}`);
          }
        }
      }
    });
  }

  it('services are probed (startup, readiness, liveness) and tested on their own health endpoint; front ends on /healthz', () => {
    const { objects } = defaults;
    for (const app of apps) {
      const health = services.includes(app) ? `/api/health/${app}` : '/healthz';
      const container = named(objects, 'Deployment', app).spec.template.spec.containers[0];
      assert.equal(container.startupProbe.httpGet.path, health, app);
      assert.equal(container.readinessProbe.httpGet.path, health, app);
      // liveness: the process answers (a dependency outage must not restart every replica)
      if (services.includes(app)) assert.equal(container.livenessProbe.httpGet.path, `${health}/live`, app);
      const test = named(objects, 'Pod', `${app}-test-health`).spec.containers[0];
      assert.equal(test.command.at(-1), `http://${app}:80${health}`, app);
      const service = named(objects, 'Service', app);
      assert.equal(service.spec.ports[0].targetPort, 'http');
    }
    for (const [service, { port }] of Object.entries(routes.services)) {
      assert.equal(named(objects, 'Deployment', service).spec.template.spec.containers[0].ports[0].containerPort, port, service);
    }
  });

  it('secrets are referenced, never inlined: no Secret objects, no secret-looking plain values', () => {
    for (const { objects } of Object.values(renders)) {
      assert.deepEqual(byKind(objects, 'Secret'), []);
      for (const cm of byKind(objects, 'ConfigMap')) {
        for (const key of Object.keys(cm.data ?? {})) assert.doesNotMatch(key, /SECRET|PASSWORD|TOKEN|_KEY$|_URI$/, `${cm.metadata.name}: ${key}`);
      }
      for (const { where, spec } of podSpecs(objects)) {
        for (const env of spec.containers.flatMap((c) => c.env ?? [])) {
          if (/SECRET|PASSWORD|TOKEN|_KEY$|MONGODB_URI/.test(env.name)) assert.ok(env.valueFrom?.secretKeyRef && env.value === undefined, `${where}: ${env.name}`);
        }
      }
    }
    const registration = named(defaults.objects, 'Deployment', 'registration-service').spec.template.spec.containers[0];
    const refs = Object.fromEntries(registration.env.filter((e) => e.valueFrom).map((e) => [e.name, e.valueFrom.secretKeyRef.name]));
    assert.deepEqual(Object.keys(refs).sort(), ['INTERNAL_API_TOKEN', 'JWT_PUBLIC_KEYS', 'MINIO_ACCESS_KEY', 'MINIO_SECRET_KEY', 'MONGODB_URI']);
  });

  it('ConfigMaps come from values and a change rolls the pods', () => {
    const cm = named(defaults.objects, 'ConfigMap', 'registration-service-config');
    assert.equal(cm.data.KAFKA_BROKERS, values['registration-service'].config.KAFKA_BROKERS);
    const changed = render({ set: ['registration-service.config.LOG_LEVEL=debug'] }).objects;
    assert.equal(named(changed, 'ConfigMap', 'registration-service-config').data.LOG_LEVEL, 'debug');
    const checksum = (objects) => named(objects, 'Deployment', 'registration-service').spec.template.metadata.annotations['checksum/config'];
    assert.notEqual(checksum(changed), checksum(defaults.objects));
    assert.equal(checksum(render({ set: ['admin-service.config.LOG_LEVEL=debug'] }).objects), checksum(defaults.objects));
  });

  it('no deployment offers the development test-login: the shell\'s runtime config never says development', () => {
    for (const [name, { objects }] of Object.entries(renders)) {
      const script = named(objects, 'ConfigMap', 'shell-files').data['runtime-config.js'];
      const browser = JSON.parse(/^window\.__KBE_CONFIG__ = (.*);\n?$/.exec(script)[1]);
      assert.equal(browser.deployment, undefined, name);
      assert.equal(named(objects, 'ConfigMap', 'admin-service-config').data.NODE_ENV, 'production', name);
    }
  });

  it('the browser and registration-service see the same edition (deadline, year)', () => {
    for (const [name, { objects }] of Object.entries(renders)) {
      const config = named(objects, 'ConfigMap', 'registration-service-config').data;
      const script = named(objects, 'ConfigMap', 'shell-files').data['runtime-config.js'];
      const browser = JSON.parse(/^window\.__KBE_CONFIG__ = (.*);\n?$/.exec(script)[1]);
      assert.equal(browser.edition.registrationDeadline, config.EDITION_REGISTRATION_DEADLINE, name);
      assert.equal(String(browser.edition.year), config.EDITION_YEAR, name);
    }
  });

  it('documents-service scales on CPU, notifications-service on its consumer lag', () => {
    const documents = named(defaults.objects, 'HorizontalPodAutoscaler', 'documents-service');
    assert.equal(documents.spec.metrics[0].resource.name, 'cpu');
    const notifications = named(defaults.objects, 'HorizontalPodAutoscaler', 'notifications-service');
    assert.equal(notifications.spec.metrics[0].type, 'External');
    assert.equal(notifications.spec.metrics[0].external.metric.selector.matchLabels.consumergroup, 'notifications-service');
    // with an HPA the Deployment leaves replicas to it
    assert.equal(named(defaults.objects, 'Deployment', 'documents-service').spec.replicas, undefined);
    const fixed = render({ set: ['documents-service.autoscaling.enabled=false', 'documents-service.replicaCount=5'] }).objects;
    assert.equal(named(fixed, 'Deployment', 'documents-service').spec.replicas, 5);
    assert.equal(named(fixed, 'HorizontalPodAutoscaler', 'documents-service'), undefined);
  });
});

describe('NetworkPolicies', () => {
  const policy = (app) => named(defaults.objects, 'NetworkPolicy', app);
  const peerApps = (rules) => rules.flatMap((r) => r.from ?? r.to).map((p) => p.podSelector?.matchLabels?.['app.kubernetes.io/name']).filter(Boolean);

  it('only the ingress controller (and the apps that call it) reach an app', () => {
    for (const app of apps) {
      const p = policy(app);
      assert.deepEqual(p.spec.policyTypes, ['Ingress', 'Egress']);
      const from = p.spec.ingress[0].from;
      assert.ok(from.some((peer) => peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'ingress-nginx'), app);
    }
    // exams-service reads the candidates to seat from registration-service (seat allocation)
    assert.deepEqual(peerApps(policy('registration-service').spec.ingress).sort(), ['admin-service', 'documents-service', 'exams-service', 'ingress-nginx', 'notifications-service']);
    assert.deepEqual(peerApps(policy('admin-service').spec.ingress).sort(), [
      'admin-service',
      'documents-service',
      'exams-service',
      'ingress-nginx',
      'notifications-service',
      'registration-service',
    ]);
    assert.deepEqual(peerApps(policy('remote-public').spec.ingress), ['ingress-nginx']);
  });

  it('apps reach only what they use; the front ends reach nothing', () => {
    for (const app of [...frontEnds, 'pages']) assert.deepEqual(policy(app).spec.egress ?? [], [], app);
    const egressNamespaces = (app) => policy(app).spec.egress.flatMap((r) => r.to).map((p) => p.podSelector?.matchLabels?.app ?? p.podSelector?.matchLabels?.['v1.min.io/tenant'] ?? p.podSelector?.matchLabels?.['strimzi.io/cluster'] ?? p.podSelector?.matchLabels?.['k8s-app'] ?? p.podSelector?.matchLabels?.['app.kubernetes.io/name']);
    // admin-service: whether an admin token was revoked (logout) is asked there; documents-service renders a guardian's data export
    assert.deepEqual(egressNamespaces('registration-service'), ['kube-dns', 'kbe-mongodb-svc', 'kbe-kafka', 'kbe-minio', 'admin-service', 'documents-service']);
    assert.ok(peerApps(policy('documents-service').spec.ingress).includes('registration-service'));
    assert.ok(egressNamespaces('documents-service').includes('admin-service'));
    assert.deepEqual(egressNamespaces('notifications-service'), ['kube-dns', 'kbe-mongodb-svc', 'kbe-kafka', 'registration-service', 'admin-service']);
    // exams-service: the candidates to seat at registration-service, the centres' printed lists rendered at documents-service
    assert.deepEqual(egressNamespaces('exams-service'), ['kube-dns', 'kbe-mongodb-svc', 'kbe-kafka', 'registration-service', 'admin-service', 'documents-service']);
    assert.ok(peerApps(policy('documents-service').spec.ingress).includes('exams-service'));
    assert.deepEqual(peerApps(policy('exams-service').spec.ingress), ['ingress-nginx']);
    assert.ok(!egressNamespaces('admin-service').includes('kbe-minio'));
  });
});

describe('values that must be refused (values.schema.json)', () => {
  /** @type {Array<[what: string, set: string[], message: RegExp]>} */
  const refused = [
    ['a negative replica count', ['registration-service.replicaCount=-1'], /replicaCount/],
    ['a missing image tag', ['remote-public.image.tag='], /tag/],
    ['the latest tag', ['shell.image.tag=latest'], /tag/],
    ['a secret inlined as a value', ['admin-service.secretEnv.JWT_PRIVATE_KEY=abc'], /JWT_PRIVATE_KEY|secretEnv/],
    ['a secret in the ConfigMap', ['admin-service.config.JWT_PRIVATE_KEY=0123456789abcdef0123456789abcdef'], /JWT_PRIVATE_KEY|config/],
    ['missing limits', ['documents-service.resources.limits=null'], /limits/],
    ['an unknown setting (typo)', ['documents-service.replicas=3'], /replicas/],
    ['a health path that is not a path', ['admin-service.probes.path=health'], /path/],
    ['a typo in the Ingress settings', ['ingress.hots=register.example.org'], /hots/],
    ['a shell that says it is a development deployment (the test-login button)', ['shell.runtimeConfig.deployment=development'], /deployment/],
  ];
  for (const [what, set, message] of refused) {
    it(`refuses ${what}`, () => {
      const result = helmTemplate({ set });
      assert.notEqual(result.code, 0, `rendered although ${what}`);
      assert.match(result.stderr, /values don't meet the specifications of the schema/);
      assert.match(result.stderr, message);
    });
  }

  it('a release of the app chart alone without an image tag fails', () => {
    const result = helmTemplate({ chart: appChart, release: 'remote-public', set: ['image.repository=kbe/remote-public'] });
    assert.notEqual(result.code, 0);
    assert.match(result.stderr, /tag/);
  });
});

describe('one team\'s release', () => {
  const release = (app) => render({ release: app, set: ['tags.all=false', `tags.${app}=true`, 'ingress.enabled=false'] }).objects;

  for (const app of apps) {
    it(`${app}: only ${app}'s objects`, () => {
      const objects = release(app);
      assert.ok(objects.length >= 6, `${objects.length} objects`);
      for (const object of objects) assert.equal(appOf(object), app, `${object.kind} ${object.metadata.name}`);
      assert.deepEqual([...new Set(objects.map((o) => o.kind))].sort(), ['ConfigMap', 'Deployment', 'HorizontalPodAutoscaler', 'NetworkPolicy', 'Pod', 'PodDisruptionBudget', 'Service']);
    });
  }

  it('the team releases and the ingress release together are exactly the whole product', () => {
    const key = (o) => `${o.kind}/${o.metadata.name}`;
    const parts = [...apps.flatMap(release), ...render({ set: ['tags.all=false'] }).objects].map(key).sort();
    assert.deepEqual(parts, defaults.objects.map(key).sort());
  });

  it('a new remote version: the remote\'s release plus a manifest value on the shell, no shell image change', () => {
    const objects = render({ release: 'shell', set: ['tags.all=false', 'tags.shell=true', 'ingress.enabled=false', 'shell.files.module-federation\\.manifest\\.json.public=https://cdn.example.org/public/1.4.0/remoteEntry.js'] }).objects;
    const manifest = JSON.parse(named(objects, 'ConfigMap', 'shell-files').data['module-federation.manifest.json']);
    assert.equal(manifest.public, 'https://cdn.example.org/public/1.4.0/remoteEntry.js');
    assert.equal(named(objects, 'Deployment', 'shell').spec.template.spec.containers[0].image, named(defaults.objects, 'Deployment', 'shell').spec.template.spec.containers[0].image);
  });
});

describe('the Ingress and the shell follow the routing table', () => {
  it('values.yaml ingress.routes equals tools/stack/routes.json', () => {
    const table = { ...routes };
    delete table.$comment;
    assert.deepEqual(values.ingress.routes, table);
  });

  it('the shell\'s remote manifest lists every remote at its Ingress path', () => {
    const manifest = JSON.parse(named(defaults.objects, 'ConfigMap', 'shell-files').data['module-federation.manifest.json']);
    assert.deepEqual(manifest, Object.fromEntries(routes.remotes.map((r) => [r, `/remotes/${r}/remoteEntry.js`])));
    const script = named(defaults.objects, 'ConfigMap', 'shell-files').data['runtime-config.js'];
    assert.match(script, /^window\.__KBE_CONFIG__ = \{.*"year":2025.*\};\n?$/);
  });

  it('every path reaches the same place through the Ingress as through the local edge', () => {
    const ingress = named(defaults.objects, 'Ingress', 'kbe');
    assert.equal(ingress.metadata.annotations['nginx.ingress.kubernetes.io/use-regex'], 'true');
    // ingress-nginx orders regex locations longest first; the first match wins
    const paths = ingress.spec.rules[0].http.paths.map((p) => ({ regex: new RegExp(p.path, 'i'), length: p.path.length, service: p.backend.service.name }));
    paths.sort((a, b) => b.length - a.length);
    const viaIngress = (path) => paths.find((p) => p.regex.test(path))?.service;
    const compiled = compileApiRoutes(routes);
    const samples = routes.api.flatMap((r) => (r.prefix ? [r.prefix, `${r.prefix}/x`, `${r.prefix}x`] : []));
    samples.push('/api/candidates/KBE123ABC/download', '/api/candidates/KBE123ABC/download/certificate', '/api/candidates/KBE123ABC', '/api/unknown');
    // an /api path no service serves: the edge answers 404 itself, in the cluster the page server does
    for (const path of samples) assert.equal(viaIngress(path), matchApiRoute(compiled, path) ?? 'pages', path);
    for (const remote of routes.remotes) assert.equal(viaIngress(`/remotes/${remote}/remoteEntry.js`), `remote-${remote}`);
    // a page: composed (prerendered for the public pages) by the page server as by the edge's page handler; a file: the shell
    for (const path of ['/', '/einstein-quest', '/einstein-quest/about', '/einstein-quest/online-registrations', '/admin/login', '/main.0123456789abcdef.js', '/module-federation.manifest.json', '/runtime-config.js', '/favicon.ico']) {
      assert.equal(viaIngress(path), looksLikeAsset(path) ? 'shell' : 'pages', path);
    }
    const withoutPages = render({ set: ['ingress.pages.enabled=false'] }).objects;
    assert.ok(!named(withoutPages, 'Ingress', 'kbe').spec.rules[0].http.paths.some((p) => p.backend.service.name === 'pages'));
    // every backend is a Service of the release
    for (const p of paths) assert.ok(named(defaults.objects, 'Service', p.service), p.service);
  });
});

describe('security headers', () => {
  const headers = values.global.securityHeaders;

  it('default to the headers of the security issue (13)', () => {
    for (const name of ['Content-Security-Policy', 'Cross-Origin-Opener-Policy', 'Permissions-Policy', 'Referrer-Policy', 'X-Content-Type-Options']) assert.ok(headers[name], name);
    assert.equal(headers['X-Content-Type-Options'], 'nosniff');
    assert.equal(headers['Referrer-Policy'], 'strict-origin-when-cross-origin');
    assert.equal(headers['Cross-Origin-Opener-Policy'], 'same-origin');
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'", "script-src 'self'"]) assert.ok(headers['Content-Security-Policy'].includes(directive), directive);
    assert.doesNotMatch(headers['Content-Security-Policy'], /script-src[^;]*unsafe-(inline|eval)/);
  });

  it('the Ingress adds every header of the values map to every answer, HSTS when served over TLS', () => {
    const check = (objects, expected) => {
      const ingress = named(objects, 'Ingress', 'kbe');
      assert.equal(ingress.metadata.annotations['nginx.ingress.kubernetes.io/custom-headers'], 'kbe/kbe-security-headers');
      assert.deepEqual(named(objects, 'ConfigMap', 'kbe-security-headers').data, expected);
    };
    check(defaults.objects, headers);
    check(production.objects, { ...headers, ...values.ingress.tlsSecurityHeaders });
    check(render({ set: ['global.securityHeaders.X-Frame-Options=DENY'] }).objects, { ...headers, 'X-Frame-Options': 'DENY' });
  });

  it('every static front end\'s nginx adds the same headers (mounted over the image\'s file)', () => {
    for (const app of frontEnds) {
      const conf = named(defaults.objects, 'ConfigMap', `${app}-files`).data['security-headers.conf'];
      for (const [name, value] of Object.entries(headers)) assert.ok(conf.includes(`add_header ${name} ${JSON.stringify(value)} always;`), `${app}: ${name}`);
      const mounts = named(defaults.objects, 'Deployment', app).spec.template.spec.containers[0].volumeMounts;
      assert.ok(mounts.some((m) => m.mountPath === '/etc/nginx/security-headers.conf' && m.subPath === 'security-headers.conf'), app);
    }
  });

  it('the image\'s default headers file says the same as the values', () => {
    const file = readFileSync(join(repoRoot, 'docker/nginx/security-headers.conf'), 'utf8');
    // nginx quoting: "..." with \" inside, or '...'
    const inFile = Object.fromEntries(
      [...file.matchAll(/^add_header (\S+) (?:"((?:[^"\\]|\\.)*)"|'([^']*)') always;$/gm)].map((m) => [m[1], m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]]),
    );
    assert.deepEqual(inFile, headers);
  });
});

describe('the page server serves the public pages prerendered (like the local edge)', () => {
  const deployment = (objects) => named(objects, 'Deployment', 'pages');
  const remoteImage = (objects, remote) => named(objects, 'Deployment', `remote-${remote}`).spec.template.spec.containers[0].image;

  it("copies each prerendered remote's Node bundle from that remote's image (its release's tag) before it starts", () => {
    for (const [name, { objects }] of Object.entries(renders)) {
      const spec = deployment(objects).spec.template.spec;
      assert.deepEqual(spec.initContainers.map((c) => c.name).sort(), ['prerender-downloads', 'prerender-public', 'prerender-registration', 'prerender-schools'], name);
      for (const remote of ['public', 'registration', 'downloads', 'schools']) {
        const copy = spec.initContainers.find((c) => c.name === `prerender-${remote}`);
        assert.equal(copy.image, remoteImage(objects, remote), name);
        assert.deepEqual(copy.command, ['cp', '-R', '/opt/kbe/prerender/.', `/prerender/${remote}/`]);
        assert.deepEqual(copy.volumeMounts, [{ name: 'prerender', mountPath: `/prerender/${remote}`, subPath: remote }]);
        const mount = spec.containers[0].volumeMounts.find((m) => m.name === 'prerender' && m.subPath === remote);
        assert.deepEqual(mount, { name: 'prerender', mountPath: `/app/dist/${remote}`, subPath: remote, readOnly: true });
      }
      assert.ok(spec.volumes.some((v) => v.name === 'prerender' && v.emptyDir));
    }
  });

  it('renders with the settings the browser reads (edition year and deadline of the shell\'s runtime config)', () => {
    const config = named(defaults.objects, 'ConfigMap', 'pages-config').data;
    const script = named(defaults.objects, 'ConfigMap', 'shell-files').data['runtime-config.js'];
    const browser = JSON.parse(/^window\.__KBE_CONFIG__ = (.*);\n?$/.exec(script)[1]);
    assert.equal(config.EDITION_REGISTRATION_DEADLINE, browser.edition.registrationDeadline);
    assert.equal(config.EDITION_YEAR, String(browser.edition.year));
    assert.equal(deployment(defaults.objects).spec.template.spec.containers[0].image, 'kbe/pages:0.1.0');
  });

  it('a new public remote version: its release plus the same tag on the page server, no new page server image', () => {
    const objects = render({ release: 'pages', set: ['tags.all=false', 'tags.pages=true', 'ingress.enabled=false', 'pages.prerenderFrom.remotes.public.image.tag=1.4.0'] }).objects;
    const spec = deployment(objects).spec.template.spec;
    assert.equal(spec.initContainers.find((c) => c.name === 'prerender-public').image, 'kbe/remote-public:1.4.0');
    assert.equal(spec.containers[0].image, deployment(defaults.objects).spec.template.spec.containers[0].image);
  });
});
