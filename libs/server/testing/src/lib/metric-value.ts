import type { CounterDefinition, GaugeDefinition, HistogramDefinition, Metrics } from '@kbe/server-metrics';

/**
 * What a service's metric says now, summed over the series with these labels (0 before its first
 * use): a counter's count, a gauge's value, how many observations a histogram has.
 */
export async function metricValue<L extends string>(
  metrics: Metrics,
  definition: CounterDefinition<L> | GaugeDefinition<L> | HistogramDefinition<L>,
  labels: Partial<Record<L, string>> = {},
): Promise<number> {
  const metric = metrics.registry.getSingleMetric(definition.name);
  if (!metric) return 0;
  const series = definition.type === 'histogram' ? `${definition.name}_count` : definition.name;
  const { values } = (await metric.get()) as { values: Array<{ value: number; labels: Record<string, unknown>; metricName?: string }> };
  return values
    .filter((value) => (value.metricName ?? definition.name) === series)
    .filter((value) => Object.entries(labels).every(([label, wanted]) => value.labels[label] === wanted))
    .reduce((sum, value) => sum + value.value, 0);
}
