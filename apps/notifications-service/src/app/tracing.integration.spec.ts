import { loadConfig } from '@kbe/server-config';
import { createKafkaClient, topicName } from '@kbe/server-messaging';
import { freePort, isolatedInfraEnv, waitFor } from '@kbe/server-testing';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Producer } from 'kafkajs';
import { ServiceProcess } from '../testing/service-process';
import { notificationsEnvSchema } from './notifications.config';

interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  service?: string;
}

/**
 * A real notifications-service process with OTEL_EXPORTER_OTLP_ENDPOINT set, exporting to a
 * real HTTP server that keeps what OTLP/HTTP (JSON) posts: an HTTP request continues the caller's
 * trace, an event continues the trace in its envelope, and log lines name the trace.
 */
describe('traces of a service, exported by OTLP', () => {
  const spans: ExportedSpan[] = [];
  const unexpected: string[] = [];
  const collector: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // traces only: the service exports no metrics or logs by OTLP
      if (request.url !== '/v1/traces') {
        unexpected.push(`${request.method} ${request.url}`);
        response.writeHead(200).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as {
        resourceSpans?: { resource?: { attributes?: { key: string; value: { stringValue?: string } }[] }; scopeSpans?: { spans?: ExportedSpan[] }[] }[];
      };
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = resourceSpans.resource?.attributes?.find((a) => a.key === 'service.name')?.value.stringValue;
        for (const scope of resourceSpans.scopeSpans ?? []) for (const span of scope.spans ?? []) spans.push({ ...span, service });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  const infra = isolatedInfraEnv();
  const config = loadConfig(notificationsEnvSchema, infra);
  const kafka = createKafkaClient({ clientId: 'tracing-test', brokers: config.KAFKA_BROKERS });
  let producer: Producer;
  let service: ServiceProcess;

  const hex = (bytes: number) => randomBytes(bytes).toString('hex');
  const spanOf = (what: string, match: (span: ExportedSpan) => boolean) =>
    waitFor(() => spans.find(match), { timeoutMs: 30_000, what }).catch((error: Error) => {
      throw new Error(`${error.message}; exported: ${JSON.stringify(spans.map(({ name, kind, traceId }) => ({ name, kind, traceId })))}`);
    });

  beforeAll(async () => {
    await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
    producer = kafka.producer({ allowAutoTopicCreation: true });
    await producer.connect();
    service = new ServiceProcess(
      'notifications-traced',
      {
        ...infra,
        NODE_ENV: 'test',
        LOG_LEVEL: 'info',
        SMS_STATS_REPORT_INTERVAL_MS: '0',
        OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
        OTEL_BSP_SCHEDULE_DELAY: '200',
      },
      await freePort(),
    );
    await service.start();
  }, 120_000);

  afterAll(async () => {
    await service?.stop();
    await producer?.disconnect();
    await new Promise((resolve) => collector.close(resolve));
  });

  it('continues the caller’s trace through an HTTP request, and its log line names the trace', async () => {
    const traceId = hex(16);
    const callerSpan = hex(8);
    const response = await fetch(`${service.baseUrl}/api/notifications/campaigns/${randomUUID()}`, { headers: { traceparent: `00-${traceId}-${callerSpan}-01` } });
    expect(response.status).toBe(401);
    const server = await spanOf('the server span of the request', (span) => span.traceId === traceId && span.parentSpanId === callerSpan);
    expect(server).toMatchObject({ service: 'notifications-service', kind: 2 });
    await waitFor(() => service.log.includes(`"trace_id":"${traceId}"`), { timeoutMs: 10_000, what: 'a log line with the trace id' });
  }, 60_000);

  it('continues the trace an event carries in its envelope when handling it', async () => {
    const traceId = hex(16);
    const publisherSpan = hex(8);
    const envelope = {
      id: randomUUID(),
      topic: 'candidate.erased',
      occurredAt: new Date().toISOString(),
      payload: { candidateCode: 'KBE100009TRC', erasedAt: new Date().toISOString(), reason: 'withdrawal' },
      trace: { traceparent: `00-${traceId}-${publisherSpan}-01` },
    };
    await producer.send({ topic: topicName(config.KAFKA_TOPIC_PREFIX, 'candidate.erased'), acks: -1, messages: [{ key: 'KBE100009TRC', value: JSON.stringify(envelope) }] });
    const handled = await spanOf('the span of the event handler', (span) => span.name === 'process candidate.erased' && span.traceId === traceId);
    expect(handled).toMatchObject({ parentSpanId: publisherSpan, service: 'notifications-service', kind: 5 });
    expect(unexpected).toEqual([]);
  }, 90_000);
});
