import type { Metrics } from './metrics';

/**
 * Something built before the app and outside Nest's container (a Kafka consumer transport) that
 * records metrics once createServiceApp hands it the app's `Metrics`.
 */
export interface RecordsMetrics {
  recordMetricsIn(metrics: Metrics): void;
}

export function recordsMetrics(value: unknown): value is RecordsMetrics {
  return typeof (value as Partial<RecordsMetrics> | null)?.recordMetricsIn === 'function';
}
