// Two replicas of every service (the e2e project's `replicas` target, and `npm test`'s replicas
// stage): starts the whole product with KBE_REPLICAS=2 semantics (tools/stack: two processes per
// service, each service's port a round-robin balancer in front of them) on its own test profile,
// runs apps/e2e's `*.replicas.spec.ts` against it and stops what it started. Counts land in
// .kbe/test-results/replicas/.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { readInfraEnv } from '../infra/index.mjs';
import { replicaPort, routes, startStack } from '../stack/stack.mjs';
import { testProfile } from '../stack/profiles.mjs';
import { repoRoot, resultsDir, writeCheckReport } from './test-report.mjs';

const REPLICAS = 2;
const port = Number(process.env.PORT ?? 8080);
/** A port nothing listens on now (the journeys' fake SMS gateway takes it once they run). */
function freePort() {
  return new Promise((resolvePort, rejectPort) => {
    const server = createServer().once('error', rejectPort);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => resolvePort(free));
    });
  });
}

// SMS go to a fake MSG91 gateway the journeys start (the campaign journey counts what each number got).
const smsPort = await freePort();
const smsAuthKey = randomBytes(16).toString('hex');
const profile = {
  ...testProfile(randomBytes(3).toString('hex')),
  SMS_PROVIDER: 'http',
  SMS_HTTP_BASE_URL: `http://127.0.0.1:${smsPort}`,
  SMS_HTTP_AUTH_KEY: smsAuthKey,
  SMS_HTTP_IDEMPOTENCY_HEADER: 'Idempotency-Key',
  SMS_SENDER_ID: 'KBEYSC',
  SMS_DLT_ENTITY_ID: '1201160000000000001',
  SMS_DLT_TEMPLATES: JSON.stringify({ custom: { templateId: '1207160000000000001', text: 'KBE Young Scientist: {#var#}' } }),
};

function run(command, args, env, cwd = repoRoot) {
  return new Promise((resolveRun) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('exit', (code, signal) => resolveRun(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolveRun(1));
  });
}

let stack;
let failed = false;
try {
  // KBE_SKIP_BUILD=1: run dist/ as it is (a developer re-running the journeys after a build)
  stack = await startStack({ port, env: profile, replicas: REPLICAS, build: process.env.KBE_SKIP_BUILD !== '1', logDir: join(resultsDir, 'logs-replicas') });
  const replicaPorts = Object.fromEntries(
    Object.entries(routes.services).map(([name, { port: servicePort }]) => [name, Array.from({ length: REPLICAS }, (_, i) => replicaPort(servicePort, i))]),
  );
  const code = await run(process.execPath, [join(repoRoot, 'tools/test/jest-tier.mjs'), 'replicas', 'e2e'], {
    ...readInfraEnv(),
    KBE_BASE_URL: `http://localhost:${port}`,
    KBE_REPLICA_PORTS: JSON.stringify(replicaPorts),
    KBE_REPLICA_PIDS: JSON.stringify(Object.fromEntries(Object.keys(routes.services).map((name) => [name, stack.children.filter((c) => c.service === name).map((c) => c.pid)]))),
    KBE_FAKE_SMS_PORT: String(smsPort),
    KBE_FAKE_SMS_AUTH_KEY: smsAuthKey,
    KBE_E2E_KAFKA_TOPIC_PREFIX: profile.KAFKA_TOPIC_PREFIX,
    KBE_E2E_ADMIN_USERNAME: profile.ADMIN_USERNAME,
    KBE_E2E_ADMIN_PASSWORD: profile.ADMIN_PASSWORD,
    INTERNAL_API_TOKEN: profile.INTERNAL_API_TOKEN,
  }, join(repoRoot, 'apps/e2e'));
  failed = code !== 0;
} catch (error) {
  process.stderr.write(`\n[replicas] stopped early: ${error.stack ?? error}\n`);
  writeCheckReport('replicas', 'stack-start', false);
  failed = true;
} finally {
  await stack?.stop();
}
process.exit(failed ? 1 : 0);
