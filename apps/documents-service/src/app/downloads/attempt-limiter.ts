/**
 * Failed download attempts per key (`candidate:<code>`, `client:<address>`): `limit` failures
 * within `windowSeconds` lock the key for `lockoutSeconds`. Each kind of key has its own limits
 * (see `DownloadLimits`).
 */
export interface AttemptLimiter {
  /** Whether any of `keys` is locked, and which of them have failures on record (one read per key). */
  status(keys: string[], now: Date): Promise<AttemptStatus>;
  /** Counts a failure for each key; returns each key's failures and lock as stored after it. */
  recordFailure(keys: string[], now: Date): Promise<AttemptState[]>;
  /**
   * Forget the failures of a key after a successful download, unless the stored record holds a
   * lock (made through another replica, whose announcement may still be on its way): then nothing
   * is forgotten and the answer is the seconds the lock still runs (0 when forgotten).
   */
  reset(key: string, now: Date): Promise<number>;
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

/** The mother's-name gate: wrong names of one candidate, from anywhere. */
export const candidateKey = (candidateCode: string): string => `candidate:${candidateCode}`;
/** Enumeration from one client address: unknown codes and wrong names of distinct candidates. */
export const addressKey = (address: string): string => `${ADDRESS_KEY_PREFIX}${address}`;
const ADDRESS_KEY_PREFIX = 'client:';

/**
 * How a client address is slowed down before it is refused: the answer to each of its failures
 * waits `delayStepMs` per failure beyond `slowdownAfter` within its window, at most `maxDelayMs`.
 */
export interface AddressSlowdown {
  slowdownAfter: number;
  delayStepMs: number;
  maxDelayMs: number;
}

/**
 * The limits of both kinds of keys. A candidate is locked after a few wrong names (the real
 * protection of the gate); an address only after far more failures than a school lab or a mobile
 * carrier's shared address (CGNAT) produces by honest typos, and it is slowed down first.
 */
export interface DownloadLimits {
  candidate: AttemptLimits;
  address: AttemptLimits & AddressSlowdown;
}

/** The limits that apply to a key. */
export function limitsOfKey(limits: DownloadLimits): (key: string) => AttemptLimits {
  return (key) => (key.startsWith(ADDRESS_KEY_PREFIX) ? limits.address : limits.candidate);
}

/** Milliseconds the answer to an address's failure waits, given its failures in the window (this one included). */
export function slowdownDelayMs(failures: number, slowdown: AddressSlowdown): number {
  if (failures <= slowdown.slowdownAfter) return 0;
  return Math.min(slowdown.maxDelayMs, (failures - slowdown.slowdownAfter) * slowdown.delayStepMs);
}
