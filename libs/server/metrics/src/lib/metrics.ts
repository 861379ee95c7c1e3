import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry, type Metric } from 'prom-client';

interface Definition<L extends string> {
  /** Prometheus name, with its unit and `_total` for counters (docs/observability.md lists them all). */
  name: string;
  help: string;
  /** Label names. Values must be few and known in advance: never a code, a name, a number or a raw URL. */
  labelNames: readonly L[];
}
export interface CounterDefinition<L extends string = never> extends Definition<L> {
  type: 'counter';
}
export interface GaugeDefinition<L extends string = never> extends Definition<L> {
  type: 'gauge';
}
export interface HistogramDefinition<L extends string = never> extends Definition<L> {
  type: 'histogram';
  /** Upper bounds in seconds (or the metric's unit). */
  buckets: readonly number[];
}
type MetricDefinition = CounterDefinition<string> | GaugeDefinition<string> | HistogramDefinition<string>;

/** One series of a gauge read with `gaugeSeries`. */
export interface GaugeSample<L extends string> {
  labels: Partial<Record<L, string>>;
  value: number;
}

export interface MetricsOptions {
  /** The `service` label on every series. */
  service: string;
  /** Node.js process metrics (CPU, memory, event loop lag, GC, handles); `MetricsModule` turns them on. */
  processMetrics?: boolean;
}

/**
 * One service's metrics: its own prom-client registry (nothing global, so two services in one
 * test process, or two tests, never share a series), with `service` as a default label. A metric
 * is registered on first use from its definition (`metric-catalogue.ts`) and the same instance is
 * handed out afterwards, so every class that records it can ask for it in its constructor.
 */
export class Metrics {
  readonly registry = new Registry();

  constructor(options: MetricsOptions) {
    this.registry.setDefaultLabels({ service: options.service });
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
  }

  counter<L extends string>(definition: CounterDefinition<L>): Counter<L> {
    return (this.existing(definition, Counter) as Counter<L> | undefined) ?? new Counter({ ...this.config(definition), registers: [this.registry] });
  }

  /**
   * A gauge. With `read`, its value is read when scraped (a queue's length, an age): no code has
   * to keep it up to date, and only one source may read it.
   */
  gauge<L extends string>(definition: GaugeDefinition<L>, read?: () => number): Gauge<L> {
    const existing = this.existing(definition, Gauge) as Gauge<L> | undefined;
    if (existing && read) throw new Error(`Metric ${definition.name} is already read from another source`);
    if (existing) return existing;
    return new Gauge({
      ...this.config(definition),
      registers: [this.registry],
      ...(read ? { collect: function (this: Gauge<L>) { this.set(read()); } } : {}),
    });
  }

  /**
   * A gauge with one series per label set, all read when scraped from a source that answers
   * later (a Kafka admin request). A source that fails leaves the gauge without series for that
   * scrape: no stale value, and the scrape itself still answers.
   */
  gaugeSeries<L extends string>(definition: GaugeDefinition<L>, read: () => Promise<readonly GaugeSample<L>[]>): Gauge<L> {
    if (this.existing(definition, Gauge)) throw new Error(`Metric ${definition.name} is already read from another source`);
    return new Gauge({
      ...this.config(definition),
      registers: [this.registry],
      collect: async function (this: Gauge<L>) {
        const samples = await read().catch(() => []);
        this.reset();
        for (const { labels, value } of samples) this.set(labels, value);
      },
    });
  }

  histogram<L extends string>(definition: HistogramDefinition<L>): Histogram<L> {
    return (
      (this.existing(definition, Histogram) as Histogram<L> | undefined) ??
      new Histogram({ ...this.config(definition), buckets: [...definition.buckets], registers: [this.registry] })
    );
  }

  /** Every metric in the Prometheus text format (what `GET /metrics` answers). */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  private config<L extends string>(definition: Definition<L>) {
    return { name: definition.name, help: definition.help, labelNames: [...definition.labelNames] };
  }

  private existing<M extends Metric>(definition: MetricDefinition, kind: abstract new (...args: never[]) => M): M | undefined {
    const metric = this.registry.getSingleMetric(definition.name);
    if (!metric) return undefined;
    if (!(metric instanceof kind)) throw new Error(`Metric ${definition.name} is registered as another type`);
    return metric;
  }
}
