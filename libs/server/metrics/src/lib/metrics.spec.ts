import { Metrics, type CounterDefinition, type GaugeDefinition, type HistogramDefinition } from './metrics';

const JOBS: CounterDefinition<'outcome'> = { type: 'counter', name: 'probe_jobs_total', help: 'Jobs done, by outcome.', labelNames: ['outcome'] };
const QUEUE: GaugeDefinition = { type: 'gauge', name: 'probe_queue_depth', help: 'Jobs waiting.', labelNames: [] };
const DURATION: HistogramDefinition<'outcome'> = {
  type: 'histogram',
  name: 'probe_duration_seconds',
  help: 'Time a job took.',
  labelNames: ['outcome'],
  buckets: [0.1, 1],
};

describe('Metrics', () => {
  it('writes the Prometheus text format, every series labelled with the service', async () => {
    const metrics = new Metrics({ service: 'probe-service' });
    metrics.counter(JOBS).inc({ outcome: 'ok' }, 2);
    metrics.histogram(DURATION).observe({ outcome: 'ok' }, 0.5);

    const text = await metrics.text();
    expect(text).toContain('# HELP probe_jobs_total Jobs done, by outcome.\n# TYPE probe_jobs_total counter\n');
    expect(text).toContain('probe_jobs_total{outcome="ok",service="probe-service"} 2\n');
    expect(text).toContain('# TYPE probe_duration_seconds histogram\n');
    expect(text).toContain('probe_duration_seconds_bucket{le="0.1",service="probe-service",outcome="ok"} 0\n');
    expect(text).toContain('probe_duration_seconds_bucket{le="1",service="probe-service",outcome="ok"} 1\n');
    expect(text).toContain('probe_duration_seconds_count{service="probe-service",outcome="ok"} 1\n');
  });

  it('hands out the metric registered first, so every class that records it may ask for it', () => {
    const metrics = new Metrics({ service: 'probe-service' });
    expect(metrics.counter(JOBS)).toBe(metrics.counter(JOBS));
    expect(() => metrics.gauge({ ...QUEUE, name: JOBS.name })).toThrow('probe_jobs_total is registered as another type');
  });

  it('reads a gauge from its source when scraped, and lets only one source read it', async () => {
    const metrics = new Metrics({ service: 'probe-service' });
    const waiting: string[] = [];
    metrics.gauge(QUEUE, () => waiting.length);
    waiting.push('a', 'b');
    expect(await metrics.text()).toContain('probe_queue_depth{service="probe-service"} 2\n');
    expect(() => metrics.gauge(QUEUE, () => 0)).toThrow('probe_queue_depth is already read from another source');
  });

  it('reads a gauge\'s series from a source that answers later, and drops them when it fails', async () => {
    const metrics = new Metrics({ service: 'probe-service' });
    let lag: () => Promise<{ labels: { topic: string }; value: number }[]> = async () => [
      { labels: { topic: 'a' }, value: 3 },
      { labels: { topic: 'b' }, value: 0 },
    ];
    metrics.gaugeSeries({ type: 'gauge', name: 'probe_lag', help: 'lag', labelNames: ['topic'] }, () => lag());
    const first = await metrics.text();
    expect(first).toContain('probe_lag{topic="a",service="probe-service"} 3\n');
    expect(first).toContain('probe_lag{topic="b",service="probe-service"} 0\n');
    lag = async () => {
      throw new Error('Kafka away');
    };
    expect(await metrics.text()).not.toMatch(/^probe_lag\{/m);
  });

  it('keeps each service to its own registry: nothing is shared through a global one', async () => {
    const first = new Metrics({ service: 'first-service' });
    const second = new Metrics({ service: 'second-service' });
    first.counter(JOBS).inc({ outcome: 'ok' });
    second.counter(JOBS);
    expect(await second.text()).not.toContain('first-service');
    expect(await second.text()).not.toContain('probe_jobs_total{');
  });

  it('adds the Node.js process metrics when asked', async () => {
    const plain = await new Metrics({ service: 'probe-service' }).text();
    expect(plain).not.toContain('process_cpu_user_seconds_total');
    const text = await new Metrics({ service: 'probe-service', processMetrics: true }).text();
    expect(text).toMatch(/^process_cpu_user_seconds_total\{service="probe-service"\} [\d.e-]+$/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds\{service="probe-service"\} [\d.e-]+$/m);
    expect(text).toMatch(/^process_resident_memory_bytes\{service="probe-service"\} \d+$/m);
  });
});
