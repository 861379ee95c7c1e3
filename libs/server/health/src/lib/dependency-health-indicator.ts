/**
 * One dependency of a service (MongoDB, Kafka, MinIO, Chromium). `check` resolves with details
 * to report when the dependency answers and rejects with the reason when it does not; the
 * health module adds the status, the timing and the timeout.
 */
export interface DependencyHealthIndicator {
  /** Key under `checks` in the health answer, e.g. `mongodb`. */
  readonly dependency: string;
  /** Overrides the module's per-dependency timeout (slow checks such as a browser launch). */
  readonly timeoutMs?: number;
  check(): Promise<Record<string, unknown> | void>;
}
