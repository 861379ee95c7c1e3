// The browser journeys (the e2e project's `e2e` target, and `npm test`'s e2e stage): builds every
// app, starts the whole product at http://localhost:$PORT (8080) with a test profile of its own
// (fresh databases, topics, buckets, admin password), a second edge without the public remote
// (the shell's fallback journey), runs apps/e2e, checks the first-load budgets of the public pages
// on the running stack, and stops what it started. Counts land in .kbe/test-results/e2e/.
//   KBE_E2E_PATTERN=<regular expression over journey file paths> runs only some journeys.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { readInfraEnv } from '../infra/index.mjs';
import { startStack } from '../stack/stack.mjs';
import { testProfile } from '../stack/profiles.mjs';
import { repoRoot, resultsDir, writeCheckReport } from './test-report.mjs';

const port = Number(process.env.PORT ?? 8080);
const fallbackPort = port + 1;
const profile = testProfile(randomBytes(3).toString('hex'));

/** Runs a command to its end; answers its exit code. */
function run(command, args, env, cwd = repoRoot) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolveRun(1));
  });
}

let stack;
let fallbackEdge;
let failed = false;
try {
  stack = await startStack({ port, env: profile, logDir: join(resultsDir, 'logs') });
  fallbackEdge = spawn(process.execPath, ['tools/edge/server.mjs'], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(fallbackPort), EDGE_DISABLE_REMOTES: 'public' },
    stdio: 'inherit',
  });
  const pattern = process.env.KBE_E2E_PATTERN ? ['--testPathPatterns', process.env.KBE_E2E_PATTERN] : [];
  const journeys = await run(process.execPath, [join(repoRoot, 'tools/test/jest-tier.mjs'), 'e2e', 'e2e', ...pattern], {
    ...readInfraEnv(),
    KBE_BASE_URL: `http://localhost:${port}`,
    KBE_FALLBACK_BASE_URL: `http://localhost:${fallbackPort}`,
    // The admin journey logs in with this run's admin account (a fresh password per run).
    KBE_E2E_ADMIN_USERNAME: profile.ADMIN_USERNAME,
    KBE_E2E_ADMIN_PASSWORD: profile.ADMIN_PASSWORD,
    // Journeys that need a state no public page can set (e.g. a released hall ticket) use
    // registration-service's internal API, as the admin service would.
    INTERNAL_API_TOKEN: profile.INTERNAL_API_TOKEN,
    // The deadline-spike journey checks every accepted registration's event on this run's topics.
    KBE_E2E_KAFKA_TOPIC_PREFIX: profile.KAFKA_TOPIC_PREFIX,
  }, join(repoRoot, 'apps/e2e'));
  // The first-load budgets of every public page (bench/first-load-budgets.json), on the running stack.
  const budgets = await run(process.execPath, ['bench/bundle-size.mjs'], { KBE_BASE_URL: `http://localhost:${port}` });
  writeCheckReport('e2e', 'first-load-budgets', budgets === 0);
  failed = journeys !== 0 || budgets !== 0;
} catch (error) {
  process.stderr.write(`\n[e2e] stopped early: ${error.stack ?? error}\n`);
  writeCheckReport('e2e', 'stack-start', false);
  failed = true;
} finally {
  fallbackEdge?.kill('SIGTERM');
  await stack?.stop();
}
process.exit(failed ? 1 : 0);
