import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';

/** The W3C trace context an event carries from the request that published it (`traceparent`, `tracestate`). */
export type TraceCarrier = Record<string, string>;

const tracer = trace.getTracer('@kbe/server-messaging');

/**
 * The trace context of the code running now, to put in an event's envelope (it waits in the
 * outbox with it); undefined when tracing is off or nothing is being traced.
 */
export function traceContext(): TraceCarrier | undefined {
  const carrier: TraceCarrier = {};
  propagation.inject(context.active(), carrier);
  return carrier['traceparent'] ? carrier : undefined;
}

/**
 * Runs an event's handler in a span that continues the trace of the request that published the
 * event (a new trace when it carries none), so one trace shows a registration's HTTP request, its
 * event and what each consumer did with it.
 */
export function withEventSpan<T>(topic: string, carrier: TraceCarrier | undefined, handle: () => Promise<T>): Promise<T> {
  const parent = propagation.extract(ROOT_CONTEXT, carrier ?? {});
  const attributes = { 'messaging.system': 'kafka', 'messaging.destination.name': topic, 'messaging.operation.type': 'process' };
  return tracer.startActiveSpan(`process ${topic}`, { kind: SpanKind.CONSUMER, attributes }, parent, async (span) => {
    try {
      return await handle();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}
