// `npm start`: the whole product at http://localhost:${PORT:-8080}, development profile.
// Ctrl-C stops the edge, the services and the infrastructure servers this start brought up.
import { startStack } from './stack.mjs';
import { developmentProfile } from './profiles.mjs';

const port = Number(process.env.PORT ?? 8080);
const profile = developmentProfile();

let stack;
let stopping = false;
async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  process.stdout.write('\n[stack] stopping ...\n');
  try {
    await stack?.stop();
  } finally {
    process.stdout.write('[stack] stopped\n');
    process.exit(code);
  }
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  // KBE_REPLICAS=2: two processes of every service, each service's port balancing between them
  const replicas = Math.max(1, Number.parseInt(process.env.KBE_REPLICAS ?? '1', 10) || 1);
  stack = await startStack({ port, env: profile, echoLogs: process.env.KBE_ECHO_LOGS === '1', replicas });
  process.stdout.write(
    [
      '',
      `  KBE portal running at http://localhost:${port}`,
      `  API health:          http://localhost:${port}/api/health`,
      `  Admin login:         http://localhost:${port}/admin/login`,
      `    username: ${profile.ADMIN_USERNAME}   password: ${profile.ADMIN_PASSWORD}   (ADMIN_USERNAME / ADMIN_PASSWORD to change)`,
      `  Registration deadline (development): ${profile.EDITION_REGISTRATION_DEADLINE} (edition ${profile.EDITION_YEAR ?? 'of that year'})`,
      `  SMS provider: ${profile.SMS_PROVIDER} (messages are written to the notifications-service log)`,
      replicas > 1
        ? `  Replicas: ${replicas} of every service (logs .kbe/logs/<service>-<n>.log; KBE_ECHO_LOGS=1 to see them here)`
        : '  Service logs: .kbe/logs/<service>.log (KBE_ECHO_LOGS=1 to see them here)',
      '  Press Ctrl-C to stop everything.',
      '',
    ].join('\n'),
  );
  // A service that dies brings the whole stack down instead of leaving a half-working product.
  for (const child of stack.children) {
    child.once('exit', (code) => {
      if (!stopping) {
        process.stderr.write(`[stack] a service exited (code ${code}); read ${child.logFile}\n`);
        void shutdown(1);
      }
    });
  }
} catch (error) {
  process.stderr.write(`[stack] could not start: ${error.message}\n`);
  await shutdown(1);
}
