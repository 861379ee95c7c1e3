import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter } from '@opentelemetry/sdk-trace-base';

import { traceContext, withEventSpan } from './event-trace';
import { startTracing } from './tracing';

describe('without tracing', () => {
  it('starts nothing unless OTEL_EXPORTER_OTLP_ENDPOINT is set, and events carry no context', async () => {
    expect(startTracing({ service: 'probe-service', env: {} })).toBeUndefined();
    expect(traceContext()).toBeUndefined();
    await expect(withEventSpan('school.registered', undefined, async () => 'handled')).resolves.toBe('handled');
  });
});

describe('an event continues the trace of the request that published it', () => {
  const exporter = new InMemorySpanExporter();
  let stop: (() => Promise<void>) | undefined;
  beforeAll(() => {
    stop = startTracing({ service: 'probe-service', exporter })?.shutdown;
  });
  afterAll(async () => {
    await stop?.();
  });
  beforeEach(() => exporter.reset());

  /** A span once exported (the processor hands spans over asynchronously). */
  async function finishedSpan(name: string) {
    for (let waited = 0; waited < 2_000; waited += 20) {
      const span = exporter.getFinishedSpans().find((finished) => finished.name === name);
      if (span) return span;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no span ${name} was exported`);
  }

  it('puts the active span in the envelope, and the handler span joins its trace as a child', async () => {
    const tracer = trace.getTracer('probe');
    const { carrier, requestSpan } = tracer.startActiveSpan('POST /api/schools', (span) => {
      const result = { carrier: traceContext(), requestSpan: span.spanContext() };
      span.end();
      return result;
    });
    expect(carrier?.['traceparent']).toMatch(new RegExp(`^00-${requestSpan.traceId}-${requestSpan.spanId}-01$`));

    await withEventSpan('school.registered', carrier, async () => undefined);
    const handled = await finishedSpan('process school.registered');
    expect(handled.spanContext().traceId).toBe(requestSpan.traceId);
    expect(handled.parentSpanContext?.spanId).toBe(requestSpan.spanId);
    expect(handled.attributes['messaging.destination.name']).toBe('school.registered');
    expect(handled.resource.attributes['service.name']).toBe('probe-service');
  });

  it('marks the span of a handler that throws, and lets the error through', async () => {
    await expect(withEventSpan('candidate.registered', undefined, async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    const failed = await finishedSpan('process candidate.registered');
    expect(failed.status.code).toBe(2);
    expect(failed.events.map((event) => event.name)).toEqual(['exception']);
  });
});
