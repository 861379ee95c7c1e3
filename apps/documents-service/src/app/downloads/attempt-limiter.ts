/**
 * Failed download attempts per key (`candidate:<code>`, `client:<address>`): `limit` failures
 * within `windowSeconds` lock the key for `lockoutSeconds`.
 */
export interface AttemptLimiter {
  /** Whether any of `keys` is locked, and which of them have failures on record (one read per key). */
  status(keys: string[], now: Date): Promise<AttemptStatus>;
  /** Counts a failure for each key; returns each key's failures and lock as stored after it. */
  recordFailure(keys: string[], now: Date): Promise<AttemptState[]>;
  /** Forget the failures of a key (after a successful download). */
  reset(key: string): Promise<void>;
}

export interface AttemptStatus {
  /** Seconds until the longest lock among the keys ends; 0 when none is locked. */
  lockedFor: number;
  /** The keys with failures on record: only these have something for a success to forget. */
  withFailures: ReadonlySet<string>;
}

/** One key's failures within its window and its lock, as stored. */
export interface AttemptState {
  key: string;
  failures: number;
  lockedUntil: Date | null;
}

export const ATTEMPT_LIMITER = Symbol('ATTEMPT_LIMITER');

export interface AttemptLimits {
  limit: number;
  windowSeconds: number;
  lockoutSeconds: number;
}
