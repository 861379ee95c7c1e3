export interface RetryPolicyOptions {
  maxAttempts: number;
  baseMs: number;
  maxMs: number;
}

/**
 * Pause before attempt `attempt + 1` after `attempt` failed ones: "full jitter" exponential
 * backoff (a random pause up to base * 2^(attempt-1), capped), so that many messages failing
 * together do not retry together; never shorter than the provider's Retry-After.
 */
export function retryDelayMs(attempt: number, options: RetryPolicyOptions, retryAfterMs?: number, random = Math.random): number {
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.max(0, attempt - 1));
  const jittered = Math.round(ceiling / 2 + random() * (ceiling / 2));
  return Math.max(jittered, retryAfterMs ?? 0);
}
