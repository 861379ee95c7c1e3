/**
 * Failed download attempts per key (`candidate:<code>`, `client:<address>`): `limit` failures
 * within `windowSeconds` lock the key for `lockoutSeconds`.
 */
export interface AttemptLimiter {
  /** Seconds until the longest lock among `keys` ends; 0 when none is locked. */
  lockedFor(keys: string[], now: Date): Promise<number>;
  recordFailure(keys: string[], now: Date): Promise<void>;
  /** Forget the failures of a key (after a successful download). */
  reset(key: string): Promise<void>;
}

export const ATTEMPT_LIMITER = Symbol('ATTEMPT_LIMITER');

export interface AttemptLimits {
  limit: number;
  windowSeconds: number;
  lockoutSeconds: number;
}
