import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { MongoDBInstrumentation } from '@opentelemetry/instrumentation-mongodb';
import { NestInstrumentation } from '@opentelemetry/instrumentation-nestjs-core';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';

export interface TracingOptions {
  /** `service.name` of every span, e.g. `registration-service`. */
  service: string;
  env?: NodeJS.ProcessEnv;
  /** Where spans go instead of OTLP (tests); tracing then starts whatever the environment says. */
  exporter?: SpanExporter;
}

export interface Tracing {
  /** Sends what is buffered and stops. */
  shutdown(): Promise<void>;
}

/** Paths nobody wants a trace of: probes and scrapes, every few seconds. */
const UNTRACED_PATHS = /^\/(metrics|healthz|readyz|api\/health)(\/|$|\?)/;

/**
 * OpenTelemetry traces of one service, exported by OTLP/HTTP when `OTEL_EXPORTER_OTLP_ENDPOINT`
 * is set and off otherwise (then nothing is patched and nothing costs anything). Spans come from
 * incoming and outgoing HTTP (Node's http and fetch), Express and Nest handlers and MongoDB
 * commands; Kafka events carry the context in their envelope (`traceContext`, `withEventSpan`).
 * Log lines written inside a span get its `trace_id` and `span_id` (pino).
 *
 * Start it before anything it instruments is loaded: each service's `src/tracing.ts`, imported
 * first by its `main.ts`.
 */
export function startTracing({ service, env = process.env, exporter }: TracingOptions): Tracing | undefined {
  if (!exporter && !env['OTEL_EXPORTER_OTLP_ENDPOINT']) return undefined;
  // Traces only: metrics are served at /metrics (prom-client) and logs go to stdout. The SDK
  // would otherwise also export both by OTLP (it reads these from the environment).
  env['OTEL_METRICS_EXPORTER'] ??= 'none';
  env['OTEL_LOGS_EXPORTER'] ??= 'none';
  const sdk = new NodeSDK({
    serviceName: service,
    // tests see every span at once; OTLP gets them in batches
    ...(exporter ? { spanProcessors: [new SimpleSpanProcessor(exporter)] } : { traceExporter: new OTLPTraceExporter() }),
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? '') }),
      new UndiciInstrumentation(),
      new ExpressInstrumentation(),
      new NestInstrumentation(),
      new MongoDBInstrumentation(),
      new PinoInstrumentation(),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}
