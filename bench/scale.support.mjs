// Helpers of bench/scale.mjs: HTTP calls against the running stack, percentiles, a worker pool
// with progress lines, and the machine facts printed beside every figure.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { performance } from 'node:perf_hooks';

export const out = (line = '') => process.stdout.write(`${line}\n`);
export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const round = (value, digits = 1) => (value === undefined || value === null ? null : Number(value.toFixed(digits)));

/** The p-th percentile (nearest rank) of `values`. */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** Cores, CPU model, memory, load average, Node and the checkout's commit. */
export function machineFacts() {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    // not a checkout
  }
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model?.trim() ?? 'unknown',
    memoryGiB: round(totalmem() / 2 ** 30, 1),
    loadAverage: loadavg().map((l) => round(l, 2)),
    node: process.version,
    commit,
  };
}

/**
 * A client of the stack at `baseUrl`. `call` answers `{ status, ms, body, headers }` (body parsed
 * as JSON when it is JSON) and throws on an unexpected status, naming the call.
 */
export function stackClient(baseUrl) {
  let token;
  async function call(method, path, { body, form, headers = {}, expect = [200], auth = true } = {}) {
    const init = { method, headers: { ...headers } };
    if (auth && token) init.headers.authorization = `Bearer ${token}`;
    if (form) init.body = form;
    else if (body !== undefined) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    const t0 = performance.now();
    const res = await fetch(`${baseUrl}${path}`, init);
    const text = await res.text();
    const ms = performance.now() - t0;
    const parsed = (res.headers.get('content-type') ?? '').includes('json') && text ? JSON.parse(text) : text;
    if (!expect.includes(res.status)) {
      const error = new Error(`${method} ${path}: ${res.status} ${text.slice(0, 300)}`);
      error.status = res.status;
      error.retryAfter = res.headers.get('retry-after');
      throw error;
    }
    return { status: res.status, ms, body: parsed, headers: res.headers };
  }
  return {
    baseUrl,
    call,
    setToken: (value) => (token = value),
    authHeader: () => ({ authorization: `Bearer ${token}` }),
  };
}

/**
 * Runs `task(i)` for every i < count with `concurrency` workers. Every `progressMs` prints
 * `label: done/count, rate/s, elapsed`. A task that throws is retried (same i, so the same
 * idempotency key) up to `attempts` times; a 429 stops the run with its message.
 */
export async function runPool({ label, count, concurrency, task, attempts = 3, progressMs = 5000 }) {
  let next = 0;
  let done = 0;
  const started = performance.now();
  const line = () => {
    const seconds = (performance.now() - started) / 1000;
    return `  ${label}: ${done}/${count}, ${(done / seconds || 0).toFixed(1)}/s, ${seconds.toFixed(0)} s`;
  };
  const timer = setInterval(() => out(line()), progressMs);
  try {
    await Promise.all(
      Array.from({ length: Math.min(concurrency, count) }, async () => {
        while (next < count) {
          const i = next++;
          for (let attempt = 1; ; attempt++) {
            try {
              await task(i);
              break;
            } catch (error) {
              if (error.status === 429) throw rateLimitError(error);
              if (attempt >= attempts || (error.status && error.status < 500)) throw error;
              await sleep(500 * attempt);
            }
          }
          done++;
        }
      }),
    );
  } finally {
    clearInterval(timer);
  }
  const seconds = (performance.now() - started) / 1000;
  out(line());
  return { count, seconds, perSecond: count / seconds };
}

function rateLimitError(error) {
  return new Error(
    `${error.message}\nThe stack limits registrations per client address (RATE_LIMIT_REGISTER, 120 a minute by default). ` +
      'Seed against a stack started with the limits raised, e.g. `RATE_LIMIT_REGISTER=1000000 RATE_LIMIT_SEARCH=1000000 npm start`.',
  );
}

/** `fn(i)` called `warmups` times unmeasured, then `calls` times measured one after another. */
export async function sample({ calls, warmups, fn }) {
  for (let i = 0; i < warmups; i++) await fn(i, true);
  const latencies = [];
  for (let i = 0; i < calls; i++) {
    const t0 = performance.now();
    await fn(warmups + i, false);
    latencies.push(performance.now() - t0);
  }
  return { n: calls, p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: Math.max(...latencies) };
}

/** Pauses (SIGSTOP) every process whose command line matches one of `patterns`; returns their pids. */
export function pauseProcesses(patterns) {
  const pids = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    let command;
    try {
      command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0/g, ' ');
    } catch {
      continue; // gone meanwhile
    }
    if (!patterns.some((pattern) => pattern.test(command))) continue;
    try {
      process.kill(Number(entry), 'SIGSTOP');
      pids.push(Number(entry));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

/** Lets processes paused by pauseProcesses run again. */
export function resumeProcesses(pids) {
  for (const pid of pids) {
    try {
      process.kill(pid, 'SIGCONT');
    } catch {
      // gone meanwhile
    }
  }
}
