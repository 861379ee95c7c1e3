// Preloaded into a service under benchmark (`node --require bench/cpu-profile.cjs`, set by
// bench/documents.mjs with BENCH_CPU_PROFILE_DIR=<dir>): a CPU profile of one phase only. The
// first SIGUSR2 starts the V8 profiler, the next writes `<dir>/<service>-<pid>-<n>.cpuprofile`
// (open it in Chrome DevTools or summarise it with bench/cpu-profile-summary.mjs), and so on.
// `--cpu-prof` profiles the whole life of the process (renders, start-up) and is written only on
// a normal exit, which a Nest service stopped by SIGTERM does not make.
const { Session } = require('node:inspector');
const { writeFileSync, mkdirSync } = require('node:fs');
const { join } = require('node:path');

const dir = process.env.BENCH_CPU_PROFILE_DIR;
const name = process.env.BENCH_CPU_PROFILE_NAME ?? 'service';
const session = new Session();
session.connect();
let profiling = false;
let written = 0;

process.on('SIGUSR2', () => {
  if (!profiling) {
    session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 200 }, () => session.post('Profiler.start')));
    profiling = true;
    return;
  }
  profiling = false;
  session.post('Profiler.stop', (error, result) => {
    if (error) return process.stderr.write(`cpu-profile: ${error.message}\n`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, `${name}-${process.pid}-${++written}.cpuprofile`), JSON.stringify(result.profile));
  });
});
