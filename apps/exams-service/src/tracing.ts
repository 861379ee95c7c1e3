// Imported first by main.ts: OpenTelemetry (on when OTEL_EXPORTER_OTLP_ENDPOINT is set) patches
// http, fetch, express, Nest, MongoDB and pino as they load, so it must start before them.
import { startTracing } from '@kbe/server-tracing';

const tracing = startTracing({ service: 'exams-service' });
// the spans still buffered go out before the process ends
if (tracing) process.once('SIGTERM', () => void tracing.shutdown());
