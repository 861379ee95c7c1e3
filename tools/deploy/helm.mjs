// Running the deployment tools for the checks: helm (lint, template), kubernetes-validate, and
// reading what they print. Paths come from toolchain.mjs (installed by `node tools/deploy/toolchain.mjs`).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';

import { deployTools } from './toolchain.mjs';

export const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const umbrellaChart = join(repoRoot, 'helm/kbe');
export const appChart = join(repoRoot, 'helm/kbe/charts/kbe-app');
export const productionValues = join(repoRoot, 'helm/kbe/values-production.yaml');
export const NAMESPACE = 'kbe';

const tools = deployTools();
export const { kubernetesVersion } = tools;

function run(command, args, input) {
  const result = spawnSync(command, args, { cwd: repoRoot, encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, HELM_CACHE_HOME: join(tmpdir(), 'kbe-helm-cache'), HELM_CONFIG_HOME: join(tmpdir(), 'kbe-helm-config'), HELM_DATA_HOME: join(tmpdir(), 'kbe-helm-data') } });
  if (result.error) throw result.error;
  return { code: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

/**
 * @typedef {{ values?: string[], set?: string[], setString?: string[] }} ValueOptions
 * @typedef {ValueOptions & { chart?: string, release?: string, namespace?: string }} TemplateOptions
 */

/** @param {ValueOptions} options */
function valueArgs({ values = [], set = [], setString = [] }) {
  return [...values.flatMap((file) => ['--values', file]), ...set.flatMap((s) => ['--set', s]), ...setString.flatMap((s) => ['--set-string', s])];
}

/**
 * `helm template` (release `kbe` of the umbrella chart by default); never throws on a failed render.
 * @param {TemplateOptions} [options]
 */
export function helmTemplate({ chart = umbrellaChart, release = 'kbe', namespace = NAMESPACE, ...values } = {}) {
  return run(tools.helm, ['template', release, chart, '--namespace', namespace, '--kube-version', kubernetesVersion, ...valueArgs(values)]);
}

/**
 * Renders and parses; throws with helm's message when the render fails.
 * @param {TemplateOptions} [options]
 */
export function render(options = {}) {
  const result = helmTemplate(options);
  if (result.code !== 0) throw new Error(`helm template failed: ${result.stderr}`);
  return { text: result.stdout, objects: parseManifests(result.stdout) };
}

export function helmVersion() {
  return run(tools.helm, ['version', '--template', '{{ .Version }}']).stdout.trim();
}

/** @param {TemplateOptions} [options] */
export function helmLint({ chart = umbrellaChart, ...values } = {}) {
  return run(tools.helm, ['lint', chart, '--strict', '--kube-version', kubernetesVersion, '--namespace', NAMESPACE, ...valueArgs(values)]);
}

/** Every non-empty YAML document of a multi-document stream, as plain objects. */
export function parseManifests(text) {
  return parseAllDocuments(text, { merge: true })
    .map((doc) => {
      if (doc.errors.length) throw new Error(`unparsable YAML: ${doc.errors[0].message}`);
      return doc.toJS();
    })
    .filter((doc) => doc && typeof doc === 'object');
}

/** A values or compose file, YAML merge keys (<<) resolved as Helm and Compose do. */
export function readYaml(file) {
  return parse(readFileSync(file, 'utf8'), { merge: true });
}

/**
 * kubernetes-validate --strict against the pinned Kubernetes version (schemas shipped inside the
 * package: offline). Answers { code, errors: [...lines], missingSchemas: [...kinds], output }.
 */
export function validateManifests(text) {
  const dir = mkdtempSync(join(tmpdir(), 'kbe-validate-'));
  try {
    const file = join(dir, 'manifests.yaml');
    writeFileSync(file, text);
    // called through the venv's python: the venv was built in a staging directory and moved
    const result = run(tools.python, ['-m', 'kubernetes_validate', '--strict', '-k', kubernetesVersion, file]);
    const lines = `${result.stdout}\n${result.stderr}`.split('\n').filter(Boolean);
    return {
      code: result.code,
      errors: lines.filter((l) => l.startsWith('ERROR')),
      missingSchemas: lines.filter((l) => /Couldn't find schema/.test(l)).map((l) => /for kind (\S+)/.exec(l)?.[1]),
      output: lines.join('\n'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * crossplane (NGINX's own parser, strict: unknown directives too) on a server{} configuration,
 * wrapped in the http{} context nginx includes it in. Answers { status, errors }.
 */
export function nginxParse(serverConf) {
  const dir = mkdtempSync(join(tmpdir(), 'kbe-nginx-'));
  try {
    writeFileSync(join(dir, 'server.conf'), serverConf);
    writeFileSync(join(dir, 'nginx.conf'), `events {}\nhttp {\n  include ${join(dir, 'server.conf')};\n}\n`);
    const result = run(tools.python, ['-m', 'crossplane', 'parse', '--strict', join(dir, 'nginx.conf')]);
    if (result.code !== 0 && !result.stdout) throw new Error(`crossplane failed: ${result.stderr}`);
    const parsed = JSON.parse(result.stdout);
    return { status: parsed.status, errors: parsed.errors.map((e) => e.error.replaceAll(dir, '')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function hadolint(files, config = join(repoRoot, '.hadolint.yaml')) {
  return run(tools.hadolint, ['--config', config, '--no-color', ...files]);
}

/** The app an object belongs to (label app.kubernetes.io/name; a helm test pod names its target). */
export function appOf(object) {
  const labels = object.metadata?.labels ?? {};
  return labels['kbe.dev/test-target'] ?? labels['app.kubernetes.io/name'];
}

/**
 * PromQL expressions parsed by promql-parser (./promql-check.py): for each, { error } or
 * { selectors: [{ metric, labels }], groupings: [[label]] } (the `by`/`without` labels).
 * @param {string[]} expressions
 */
export function promqlParse(expressions) {
  const result = run(tools.python, [join(repoRoot, 'tools/deploy/promql-check.py')], JSON.stringify(expressions));
  if (result.code !== 0) throw new Error(`promql-check failed: ${result.stderr}`);
  return JSON.parse(result.stdout);
}
