// The scan for committed secrets: gitleaks, built from the Go module proxy at a pinned version
// into the infrastructure cache (~/.cache/kbe-infra, like tools/infra builds its servers), run
// with the repository's own config (.gitleaks.toml: the default rules plus the few allowed
// false positives).
// Usage: node tools/security/secret-scan.mjs            every commit of the branch + uncommitted changes
//        node tools/security/secret-scan.mjs --dir DIR  the files under DIR (no git)
// Exit 0: nothing found; 1: a secret was found (gitleaks lists where, with the value redacted);
// 2: the scanner could not run.
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { InfraError, paths } from '../infra/lib/config.mjs';
import { ensureInstalled } from '../infra/lib/installs.mjs';
import { requireGo, runStep } from '../infra/lib/toolchain.mjs';

export const GITLEAKS_VERSION = 'v8.30.1';
const GITLEAKS_MODULE = 'github.com/zricethezav/gitleaks/v8';
const BINARY = join('bin', 'gitleaks');

const repoRoot = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const gitleaksConfig = join(repoRoot, '.gitleaks.toml');

/** Path of the gitleaks binary, built on first use (about a minute) and reused afterwards. */
export async function ensureGitleaks(env = process.env) {
  const p = paths(env);
  const dir = p.install(`gitleaks-${GITLEAKS_VERSION}`);
  await ensureInstalled({
    dir,
    stamp: undefined,
    artifact: BINARY,
    build: async (staging) => {
      const go = requireGo('Building gitleaks');
      await runStep({
        title: `go install gitleaks ${GITLEAKS_VERSION}`,
        command: go,
        args: ['install', '-trimpath', `${GITLEAKS_MODULE}@${GITLEAKS_VERSION}`],
        cwd: p.home,
        env: { ...env, CGO_ENABLED: '0', GOTOOLCHAIN: 'local', GOBIN: join(staging, 'bin') },
        logFile: p.installLog('gitleaks'),
        timeoutMs: 30 * 60_000,
      });
    },
  });
  return join(dir, BINARY);
}

const COMMON = ['--no-banner', '--no-color', '--verbose', '--redact', '--exit-code', '1', '--config', gitleaksConfig];

/** Runs gitleaks; returns { code, output }. `code` is gitleaks' own: 0 clean, 1 leaks found. */
export function runGitleaks(binary, args, cwd = repoRoot) {
  const result = spawnSync(binary, [...args, ...COMMON], { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { code: result.status ?? 1, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

/** The scans of the repository: the history of the branch, then what is not committed yet. */
export function repositoryScans() {
  return [
    { title: 'committed history', args: ['git', '--log-opts=HEAD', '.'] },
    { title: 'staged changes', args: ['git', '--staged', '.'] },
    { title: 'unstaged changes', args: ['git', '--pre-commit', '.'] },
  ];
}

async function main() {
  const dirIndex = process.argv.indexOf('--dir');
  const binary = await ensureGitleaks();
  const scans =
    dirIndex > 0 ? [{ title: `files under ${process.argv[dirIndex + 1]}`, args: ['dir', resolve(process.argv[dirIndex + 1])] }] : repositoryScans();
  let failed = false;
  for (const scan of scans) {
    const { code, output } = runGitleaks(binary, scan.args);
    process.stdout.write(`secret scan (gitleaks ${GITLEAKS_VERSION}), ${scan.title}: ${code === 0 ? 'no secrets found' : 'FAILED'}\n`);
    if (code !== 0) {
      process.stdout.write(output);
      failed = true;
    }
  }
  process.exit(failed ? 1 : 0);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((error) => {
    process.stderr.write(`secret scan: ${error instanceof InfraError ? error.message : (error.stack ?? error)}\n`);
    process.exit(2);
  });
}
