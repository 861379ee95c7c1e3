// Small helpers to time steps and wait for conditions with a bounded timeout.
import { setTimeout as sleep } from 'node:timers/promises';

export function stopwatch() {
  const started = process.hrtime.bigint();
  return () => Number(process.hrtime.bigint() - started) / 1e9;
}

export function seconds(value) {
  return `${value.toFixed(1)}s`;
}

/**
 * Calls `probe` until it resolves truthy or `timeoutMs` passes. `abort()` may return a reason
 * (string) to give up early, e.g. when the process being waited for has exited.
 * Resolves with the probe's value, rejects with the last probe error or the abort reason.
 */
export async function waitFor(probe, { timeoutMs, intervalMs = 500, abort = () => undefined }) {
  const deadline = Date.now() + timeoutMs;
  let lastError;
  for (;;) {
    const reason = abort();
    if (reason) throw new Error(reason);
    try {
      const value = await probe();
      if (value) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const detail = lastError ? `: ${lastError.message}` : '';
      throw new Error(`not ready after ${Math.round(timeoutMs / 1000)}s${detail}`);
    }
    await sleep(intervalMs);
  }
}
