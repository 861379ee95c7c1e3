// Monitoring in the chart (global.monitoring): a ServiceMonitor per service, the NetworkPolicy rule
// that lets Prometheus scrape them, the PrometheusRule kbe-alerts (helm/kbe/rules/kbe.rules.yaml)
// and the Grafana dashboard (helm/kbe/dashboards/kbe.json). Off by default; every PromQL
// expression parses (promql-parser) and names only metrics and labels the services record
// (libs/server/metrics' catalogue, and prom-client's process metrics); GET /metrics is never
// routed by the Ingress.
// Run: node tools/deploy/toolchain.mjs && node --test tools/deploy/monitoring.deploy.test.mjs
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';

import { loadRoutes } from '../edge/route-table.mjs';
import { appOf, helmLint, productionValues, promqlParse, readYaml, render, repoRoot, umbrellaChart, validateManifests } from './helm.mjs';

const routes = loadRoutes();
const services = Object.keys(routes.services);
const values = readYaml(join(umbrellaChart, 'values.yaml'));
const monitoringValues = values.global.monitoring;
const ON = ['global.monitoring.enabled=true'];
const MONITORING_KINDS = ['PrometheusRule', 'ServiceMonitor'];

const defaults = render();
const production = render({ values: [productionValues] });
const enabled = render({ set: ON });
const enabledProduction = render({ values: [productionValues], set: ON });

const byKind = (objects, kind) => objects.filter((o) => o.kind === kind);
const named = (objects, kind, name) => objects.find((o) => o.kind === kind && o.metadata.name === name);

/**
 * The metrics a service can expose, with their labels: the catalogue of libs/server/metrics (read
 * from its source; a histogram as its _bucket, _sum and _count series) and prom-client's Node.js
 * process metrics (collectDefaultMetrics; names read from the installed prom-client).
 */
function knownMetrics() {
  const source = readFileSync(join(repoRoot, 'libs/server/metrics/src/lib/metric-catalogue.ts'), 'utf8');
  const metrics = new Map();
  const definitions = [...source.matchAll(/type: '(counter|gauge|histogram)',\s*name: '([^']+)',[\s\S]*?labelNames: \[([^\]]*)\]/g)];
  // every exported definition read: a change of the file's layout fails here, not silently
  assert.equal(definitions.length, (source.match(/^export const \w+: \w+Definition/gm) ?? []).length, 'metric-catalogue.ts: a definition was not read');
  for (const [, type, name, labels] of definitions) {
    const labelNames = [...labels.matchAll(/'([^']+)'/g)].map((m) => m[1]);
    if (type === 'histogram') {
      metrics.set(`${name}_bucket`, [...labelNames, 'le']);
      metrics.set(`${name}_sum`, labelNames);
      metrics.set(`${name}_count`, labelNames);
    } else {
      metrics.set(name, labelNames);
    }
  }
  assert.ok(metrics.has('http_requests_total') && metrics.has('sms_messages_total'), 'metric-catalogue.ts not read');
  const processDir = join(repoRoot, 'node_modules/prom-client/lib/metrics');
  for (const file of readdirSync(processDir).filter((f) => f.endsWith('.js'))) {
    // label names of these vary (gc kind, heap space ...): only the name is checked
    for (const [, name] of readFileSync(join(processDir, file), 'utf8').matchAll(/'((?:process|nodejs)_[a-z0-9_]+)'/g)) metrics.set(name, null);
  }
  assert.ok(metrics.has('process_resident_memory_bytes') && metrics.has('process_cpu_seconds_total'), 'prom-client process metrics not read');
  return metrics;
}
const metrics = knownMetrics();
// `service` on every series (the registry's default label); the rest are the Prometheus
// operator's target labels
const SERIES_LABELS = ['service', 'namespace', 'pod', 'container', 'endpoint', 'instance', 'job'];

/** Problems of each PromQL expression: unparsable, an unknown metric, a label the metric does not have. */
function promqlProblems(expressions) {
  const parsed = promqlParse(expressions);
  return expressions.flatMap((expr, i) => {
    const { error, selectors = [], groupings = [] } = parsed[i];
    if (error) return [`${expr}: ${error}`];
    const problems = [];
    if (!selectors.length) problems.push(`${expr}: names no metric`);
    const allowed = new Set(SERIES_LABELS);
    let anyProcess = false;
    for (const { metric, labels } of selectors) {
      if (!metrics.has(metric)) {
        problems.push(`${expr}: ${metric} is not a metric of libs/server/metrics' catalogue nor a process metric`);
        continue;
      }
      const own = metrics.get(metric);
      if (own === null) anyProcess = true;
      for (const label of own ?? []) allowed.add(label);
      for (const label of labels) if (own && !own.includes(label) && !SERIES_LABELS.includes(label)) problems.push(`${expr}: ${metric} has no label ${label}`);
    }
    if (!anyProcess) for (const label of groupings.flat()) if (!allowed.has(label)) problems.push(`${expr}: grouped by ${label}, which none of its metrics has`);
    return problems;
  });
}

/** GitHub's anchors of the headings of docs/operations.md. */
function runbookAnchors() {
  const text = readFileSync(join(repoRoot, 'docs/operations.md'), 'utf8');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => m[1].trim().toLowerCase().replace(/[^\p{L}\p{N} _-]/gu, '').replace(/ /g, '-')));
}

describe('monitoring is off by default', () => {
  it('no ServiceMonitor, PrometheusRule or dashboard, no Prometheus in any NetworkPolicy (default and production values)', () => {
    for (const { objects } of [defaults, production]) {
      for (const kind of MONITORING_KINDS) assert.deepEqual(byKind(objects, kind), [], kind);
      assert.equal(named(objects, 'ConfigMap', 'kbe-dashboard'), undefined);
      assert.ok(!objects.some((o) => o.apiVersion?.startsWith('monitoring.coreos.com/')));
      for (const policy of byKind(objects, 'NetworkPolicy')) assert.equal(policy.spec.ingress.length, 1, policy.metadata.name);
    }
  });
});

describe('monitoring enabled', () => {
  it('lints, and every built-in object validates (strict, offline); only the Prometheus operator kinds lack a schema', () => {
    for (const { options, render } of [
      { options: { set: ON }, render: enabled },
      { options: { values: [productionValues], set: ON }, render: enabledProduction },
    ]) {
      const lint = helmLint(options);
      assert.equal(lint.code, 0, `${lint.stdout}${lint.stderr}`);
      const result = validateManifests(render.text);
      assert.deepEqual(result.errors, [], result.output);
      assert.equal(result.code, 0, result.output);
      // no registry package ships the operator's CRD schemas (as for k8s/'s operators): the
      // ServiceMonitors and the PrometheusRule are checked below by what Prometheus needs from them
      assert.deepEqual([...new Set(result.missingSchemas)].sort(), MONITORING_KINDS);
    }
  });

  it('adds only the ServiceMonitors, the PrometheusRule and the dashboard ConfigMap', () => {
    const key = (o) => `${o.kind}/${o.metadata.name}`;
    const added = enabled.objects.map(key).filter((k) => !defaults.objects.map(key).includes(k)).sort();
    assert.deepEqual(added, ['ConfigMap/kbe-dashboard', 'PrometheusRule/kbe-alerts', ...services.map((s) => `ServiceMonitor/${s}`)].sort());
  });

  it('a ServiceMonitor per service scrapes GET /metrics on the Service port every 30 s', () => {
    assert.deepEqual(byKind(enabled.objects, 'ServiceMonitor').map((m) => m.metadata.name).sort(), [...services].sort());
    for (const service of services) {
      const monitor = named(enabled.objects, 'ServiceMonitor', service);
      assert.equal(monitor.apiVersion, 'monitoring.coreos.com/v1');
      const svc = named(enabled.objects, 'Service', service);
      for (const [label, value] of Object.entries(monitor.spec.selector.matchLabels)) assert.equal(svc.metadata.labels[label], value, `${service}: ${label}`);
      // no other Service of the release is selected
      const selected = byKind(enabled.objects, 'Service').filter((s) => Object.entries(monitor.spec.selector.matchLabels).every(([l, v]) => s.metadata.labels[l] === v));
      assert.deepEqual(selected.map((s) => s.metadata.name), [service]);
      assert.equal(monitor.spec.endpoints.length, 1);
      const [endpoint] = monitor.spec.endpoints;
      assert.equal(endpoint.port, svc.spec.ports[0].name);
      assert.equal(endpoint.path, '/metrics');
      assert.equal(endpoint.interval, '30s');
      assert.equal(endpoint.honorLabels, true, 'the services\' own `service` label is kept');
    }
  });

  it('the Prometheus pods (values) reach each service\'s port, and nothing else changes in the NetworkPolicies', () => {
    const { namespaceSelector, podSelector } = monitoringValues.prometheus;
    for (const policy of byKind(enabled.objects, 'NetworkPolicy')) {
      const name = policy.metadata.name;
      const before = named(defaults.objects, 'NetworkPolicy', name);
      assert.deepEqual(policy.spec.egress, before.spec.egress, name);
      assert.deepEqual(policy.spec.ingress[0], before.spec.ingress[0], name);
      if (!services.includes(name)) {
        assert.deepEqual(policy.spec, before.spec, `${name} exposes no metrics`);
        continue;
      }
      assert.deepEqual(policy.spec.ingress.slice(1), [{ from: [{ namespaceSelector, podSelector }], ports: [{ port: 'http', protocol: 'TCP' }] }], name);
    }
    const custom = render({ set: [...ON, 'global.monitoring.prometheus.namespaceSelector.matchLabels.kubernetes\\.io/metadata\\.name=observability'] }).objects;
    assert.equal(named(custom, 'NetworkPolicy', 'documents-service').spec.ingress[1].from[0].namespaceSelector.matchLabels['kubernetes.io/metadata.name'], 'observability');
  });

  it('the operator\'s selector labels (global.monitoring.labels) land on the ServiceMonitors and the PrometheusRule', () => {
    const objects = render({ set: [...ON, 'global.monitoring.labels.release=kube-prometheus-stack'] }).objects;
    for (const o of [...byKind(objects, 'ServiceMonitor'), ...byKind(objects, 'PrometheusRule')]) assert.equal(o.metadata.labels.release, 'kube-prometheus-stack', o.metadata.name);
  });

  it('a team\'s release carries its own ServiceMonitor; the rules and the dashboard go with the Ingress release', () => {
    const objects = render({ release: 'documents-service', set: [...ON, 'tags.all=false', 'tags.documents-service=true', 'ingress.enabled=false'] }).objects;
    assert.ok(named(objects, 'ServiceMonitor', 'documents-service'));
    for (const object of objects) assert.equal(appOf(object), 'documents-service', `${object.kind} ${object.metadata.name}`);
    const umbrella = render({ set: [...ON, 'tags.all=false'] }).objects;
    assert.deepEqual(umbrella.filter((o) => o.kind !== 'Ingress' && o.metadata.name !== 'kbe-security-headers').map((o) => `${o.kind}/${o.metadata.name}`).sort(), ['ConfigMap/kbe-dashboard', 'PrometheusRule/kbe-alerts']);
  });
});

describe('GET /metrics is never routed by the Ingress', () => {
  const probes = ['/metrics', '/metrics/', '/Metrics', '/METRICS', '/metrics/x'];
  for (const [name, { objects }] of Object.entries({ default: defaults, production, 'monitoring enabled': enabled })) {
    it(`${name} values: no Ingress path reaching a service is a prefix of /metrics`, () => {
      const ingress = named(objects, 'Ingress', 'kbe');
      const paths = ingress.spec.rules.flatMap((r) => r.http.paths);
      for (const p of paths) {
        const at = `${p.path} -> ${p.backend.service.name}`;
        if (p.pathType === 'Prefix' || p.pathType === 'Exact') {
          // (the catch-all "/" would be; none of these exists today)
          assert.ok(!'/metrics'.startsWith(p.path.replace(/\/$/, '')) || p.path === '/', at);
          assert.ok(!services.includes(p.backend.service.name) || p.path !== '/', at);
          continue;
        }
        // ingress-nginx regex paths, case-insensitive: those of the services start with /api/
        if (services.includes(p.backend.service.name)) {
          assert.match(p.path, /^\^\/api\//, at);
          for (const path of probes) assert.doesNotMatch(path, new RegExp(p.path, 'i'), `${at} matches ${path}`);
        }
      }
      // the path that does win (longest first) is a page or the shell, never a service
      const regexes = paths.map((p) => ({ regex: new RegExp(p.path, 'i'), length: p.path.length, service: p.backend.service.name })).sort((a, b) => b.length - a.length);
      for (const path of probes) assert.ok(!services.includes(regexes.find((p) => p.regex.test(path))?.service), path);
    });
  }
});

describe('the alerts (PrometheusRule kbe-alerts, helm/kbe/rules/kbe.rules.yaml)', () => {
  const file = readYaml(join(umbrellaChart, 'rules/kbe.rules.yaml'));
  const rule = named(enabled.objects, 'PrometheusRule', 'kbe-alerts');
  const alerts = rule.spec.groups.flatMap((g) => g.rules);

  it('ships the rule file as it is, each runbook_url under global.monitoring.runbookBaseUrl', () => {
    assert.equal(rule.apiVersion, 'monitoring.coreos.com/v1');
    const fileAlerts = file.groups.flatMap((g) => g.rules);
    assert.deepEqual(rule.spec.groups.map((g) => g.name), file.groups.map((g) => g.name));
    assert.equal(alerts.length, fileAlerts.length);
    for (const [i, alert] of alerts.entries()) {
      const { runbook_url: anchor, ...annotations } = fileAlerts[i].annotations;
      assert.deepEqual({ ...alert, annotations: { ...alert.annotations, runbook_url: undefined } }, { ...fileAlerts[i], annotations: { ...annotations, runbook_url: undefined } });
      assert.equal(alert.annotations.runbook_url, `${monitoringValues.runbookBaseUrl}${anchor}`);
    }
    const elsewhere = render({ set: [...ON, 'global.monitoring.runbookBaseUrl=https://docs.example.org/kbe/operations'] }).objects;
    assert.match(named(elsewhere, 'PrometheusRule', 'kbe-alerts').spec.groups[0].rules[0].annotations.runbook_url, /^https:\/\/docs\.example\.org\/kbe\/operations#/);
  });

  it('every alert has a unique name, a severity, a summary, a duration and a runbook section of docs/operations.md', () => {
    const anchors = runbookAnchors();
    assert.equal(new Set(alerts.map((a) => a.alert)).size, alerts.length);
    for (const alert of alerts) {
      assert.match(alert.alert, /^Kbe[A-Z][A-Za-z0-9]+$/);
      assert.ok(['critical', 'warning'].includes(alert.labels?.severity), `${alert.alert}: severity`);
      assert.ok(alert.annotations.summary && alert.annotations.description, `${alert.alert}: summary, description`);
      if (alert.for !== undefined) assert.match(alert.for, /^[0-9]+[smh]$/, `${alert.alert}: for`);
      const anchor = alert.annotations.runbook_url.split('#')[1];
      assert.ok(anchors.has(anchor), `${alert.alert}: no heading of docs/operations.md has the anchor #${anchor}`);
    }
  });

  it('every expression parses and names only metrics and labels the services record', () => {
    assert.deepEqual(promqlProblems(alerts.map((a) => a.expr)), []);
  });

  it('the parser and the name check do refuse a broken expression, an unknown metric and an unknown label', () => {
    const problems = promqlProblems(['sum(rate(http_requests_total[5m])', 'rate(http_requests_count[5m]) > 0', 'sum by (code) (rate(http_requests_total{status_code="500"}[5m]))']);
    assert.equal(problems.length, 4, problems.join('\n'));
  });

  it('covers 5xx rate, p95 latency, handler errors, outbox age, SMS dead letters and the render queue', () => {
    const uses = (metric, alert) => alert.expr.includes(metric);
    const expected = {
      KbeHttpErrorRate: ['http_requests_total{status=~"5.."}', 'http_requests_total[5m]', '> 0.02'],
      KbeSlowRoute: ['histogram_quantile(0.95', 'http_request_duration_seconds_bucket', 'route', '> 1'],
      KbeKafkaHandlerErrors: ['kafka_handler_duration_seconds_count{outcome="error"}'],
      KbeOutboxBacklog: ['outbox_oldest_event_age_seconds', '> 300'],
      KbeSmsDeadLetters: ['sms_messages_total{outcome="dead"}[15m]', '> 0'],
      KbeRenderQueueHigh: ['documents_render_queue_depth'],
    };
    for (const [name, parts] of Object.entries(expected)) {
      const alert = alerts.find((a) => a.alert === name);
      assert.ok(alert, name);
      for (const part of parts) assert.ok(uses(part, alert), `${name}: ${part}`);
    }
    assert.equal(alerts.find((a) => a.alert === 'KbeSlowRoute').for, '10m');
  });
});

describe('the Grafana dashboard (ConfigMap kbe-dashboard, helm/kbe/dashboards/kbe.json)', () => {
  const text = readFileSync(join(umbrellaChart, 'dashboards/kbe.json'), 'utf8');
  const dashboard = JSON.parse(text);
  const rows = dashboard.panels.filter((p) => p.type === 'row');
  const panels = dashboard.panels.filter((p) => p.type !== 'row');
  /** The panels under a row (until the next one). */
  const under = (title) => {
    const start = dashboard.panels.findIndex((p) => p.type === 'row' && p.title === title);
    const next = dashboard.panels.findIndex((p, i) => i > start && p.type === 'row');
    return dashboard.panels.slice(start + 1, next === -1 ? undefined : next);
  };
  const exprs = (list) => list.flatMap((p) => p.targets.map((t) => t.expr));

  it('ships the file as it is, labelled for Grafana\'s dashboard sidecar', () => {
    const configMap = named(enabled.objects, 'ConfigMap', 'kbe-dashboard');
    assert.equal(configMap.metadata.labels.grafana_dashboard, '1');
    assert.equal(configMap.data['kbe.json'], text.replace(/\n$/, ''));
    const foldered = render({ set: [...ON, 'global.monitoring.dashboard.annotations.grafana_folder=KBE'] }).objects;
    assert.equal(named(foldered, 'ConfigMap', 'kbe-dashboard').metadata.annotations.grafana_folder, 'KBE');
  });

  it('is a dashboard: uid, title, a Prometheus datasource variable, unique panel ids, panels within 24 columns', () => {
    assert.ok(dashboard.uid && dashboard.title && Number.isInteger(dashboard.schemaVersion));
    assert.ok(dashboard.templating.list.some((v) => v.name === 'datasource' && v.type === 'datasource' && v.query === 'prometheus'));
    assert.equal(new Set(dashboard.panels.map((p) => p.id)).size, dashboard.panels.length);
    for (const p of dashboard.panels) {
      const { x, y, w, h } = p.gridPos ?? {};
      assert.ok([x, y, w, h].every(Number.isInteger) && x >= 0 && w > 0 && h > 0 && x + w <= 24, `${p.title}: gridPos`);
    }
  });

  it('every panel has a title, a datasource and at least one target with a query', () => {
    for (const p of rows) assert.ok(p.title, `row ${p.id}: title`);
    for (const p of panels) {
      assert.ok(p.title, `panel ${p.id}: title`);
      assert.equal(p.datasource?.type, 'prometheus', `${p.title}: datasource`);
      assert.equal(p.datasource?.uid, '${datasource}', `${p.title}: datasource`);
      assert.ok(p.targets?.length >= 1, `${p.title}: targets`);
      for (const t of p.targets) assert.ok(t.expr && t.refId, `${p.title}: target ${t.refId}`);
      assert.equal(new Set(p.targets.map((t) => t.refId)).size, p.targets.length, `${p.title}: refIds`);
    }
  });

  it('every query parses and names only metrics and labels the services record', () => {
    // Grafana's own variables, replaced as Grafana does before the query reaches Prometheus
    const grafana = (expr) => expr.replaceAll('$__rate_interval', '1m').replaceAll('$__interval', '30s').replaceAll('$__range', '6h');
    assert.deepEqual(promqlProblems(exprs(panels).map(grafana)), []);
  });

  it('one row per service (requests, 5xx, p95 latency, memory, CPU) and a release-day row', () => {
    assert.deepEqual(rows.map((r) => r.title), [...services, 'Release day']);
    for (const service of services) {
      const queries = exprs(under(service));
      for (const metric of ['http_requests_total', 'status=~"5.."', 'http_request_duration_seconds_bucket', 'process_resident_memory_bytes', 'process_cpu_seconds_total']) {
        assert.ok(queries.some((q) => q.includes(metric)), `${service}: ${metric}`);
      }
      assert.ok(queries.every((q) => q.includes(`service="${service}"`)), `${service}: a query of another service`);
    }
    const releaseDay = exprs(under('Release day'));
    for (const metric of ['release_job_candidates_total', 'documents_render_duration_seconds_bucket', 'documents_render_queue_depth', 'documents_pdf_cache_lookups_total{result="hit"}', 'sms_messages_total', 'outbox_events_waiting']) {
      assert.ok(releaseDay.some((q) => q.includes(metric)), `release day: ${metric}`);
    }
  });
});

describe('traces (global.tracing.otlpEndpoint)', () => {
  const ENDPOINT = 'http://otel-collector.monitoring:4318';
  const traced = render({ values: [productionValues], set: [`global.tracing.otlpEndpoint=${ENDPOINT}`] });
  const envOf = (deployment) => deployment.spec.template.spec.containers[0].env ?? [];
  const serviceDeployments = (objects) => byKind(objects, 'Deployment').filter((d) => services.includes(appOf(d)));

  it('are off by default: no service is given an OTLP endpoint', () => {
    for (const { objects } of [defaults, production]) {
      for (const deployment of byKind(objects, 'Deployment')) assert.ok(!envOf(deployment).some((e) => e.name === 'OTEL_EXPORTER_OTLP_ENDPOINT'), deployment.metadata.name);
    }
  });

  it('set, every service exports to the endpoint and its NetworkPolicy lets it reach the collector, and nothing else is opened', () => {
    const deployments = serviceDeployments(traced.objects);
    assert.deepEqual(deployments.map(appOf).sort(), [...services].sort());
    for (const deployment of deployments) {
      assert.deepEqual(envOf(deployment).find((e) => e.name === 'OTEL_EXPORTER_OTLP_ENDPOINT'), { name: 'OTEL_EXPORTER_OTLP_ENDPOINT', value: ENDPOINT }, deployment.metadata.name);
      const policy = byKind(traced.objects, 'NetworkPolicy').find((p) => appOf(p) === appOf(deployment));
      const untracedPolicy = byKind(production.objects, 'NetworkPolicy').find((p) => appOf(p) === appOf(deployment));
      const added = policy.spec.egress.filter((rule) => !untracedPolicy.spec.egress.some((old) => JSON.stringify(old) === JSON.stringify(rule)));
      assert.deepEqual(added, [
        {
          to: [{ namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'monitoring' } }, podSelector: { matchLabels: { 'app.kubernetes.io/name': 'opentelemetry-collector' } } }],
          ports: [{ port: 4318, protocol: 'TCP' }],
        },
      ], policy.metadata.name);
    }
    assert.deepEqual(validateManifests(traced.text).errors, []);
  });
});
