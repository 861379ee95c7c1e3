import type { CounterDefinition, GaugeDefinition, HistogramDefinition } from './metrics';

/**
 * Every metric the services record, in one place (docs/observability.md explains each). Label values
 * are few and known in advance: a route template, a topic, a document kind, an outcome. Never a
 * candidate code, a name, a phone number, an address or a raw URL.
 */

/** Seconds, for HTTP answers and event handlers: a few ms (a cached read) to a render or a slow page. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
/** Seconds, for Chromium renders: a few hundred ms when warm, seconds under load, 30 s timeouts. */
const RENDER_BUCKETS = [0.1, 0.25, 0.5, 1, 2, 3, 5, 10, 20, 30, 60];

// HTTP (every service, httpMetricsMiddleware)
export const HTTP_REQUESTS: CounterDefinition<'method' | 'route' | 'status'> = {
  type: 'counter',
  name: 'http_requests_total',
  help: 'HTTP requests answered, by method, route template (or "unmatched") and status.',
  labelNames: ['method', 'route', 'status'],
};
export const HTTP_REQUEST_DURATION: HistogramDefinition<'method' | 'route' | 'status'> = {
  type: 'histogram',
  name: 'http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being sent, by method, route template and status.',
  labelNames: ['method', 'route', 'status'],
  buckets: LATENCY_BUCKETS,
};

// Kafka consumers (PrefixedKafkaServer)
export const KAFKA_HANDLER_DURATION: HistogramDefinition<'topic' | 'outcome'> = {
  type: 'histogram',
  name: 'kafka_handler_duration_seconds',
  help: 'Time an event handler took, by logical topic and outcome (ok, error).',
  labelNames: ['topic', 'outcome'],
  buckets: LATENCY_BUCKETS,
};

export const KAFKA_CONSUMER_LAG: GaugeDefinition<'topic'> = {
  type: 'gauge',
  name: 'kafka_consumer_lag_messages',
  help: "Events on a topic the service's consumer group has not committed yet (sum over partitions), read from Kafka when scraped.",
  labelNames: ['topic'],
};

// Outbox (OutboxRelay, every service that publishes)
export const OUTBOX_WAITING: GaugeDefinition = {
  type: 'gauge',
  name: 'outbox_events_waiting',
  help: "Events in the service's outbox not yet relayed to Kafka, as the relay's last pass left them.",
  labelNames: [],
};
export const OUTBOX_OLDEST_AGE: GaugeDefinition = {
  type: 'gauge',
  name: 'outbox_oldest_event_age_seconds',
  help: 'Age of the oldest event still waiting in the outbox (0 when none waits).',
  labelNames: [],
};
export const OUTBOX_RELAYED: CounterDefinition<'result'> = {
  type: 'counter',
  name: 'outbox_relayed_events_total',
  help: 'Outbox events handed to Kafka, by result (published, failed: a send that will be retried).',
  labelNames: ['result'],
};

// documents-service
export const RENDER_DURATION: HistogramDefinition<'outcome'> = {
  type: 'histogram',
  name: 'documents_render_duration_seconds',
  help: 'Time a PDF render took, waiting for a page included, by outcome (ok, busy, timeout, failed).',
  labelNames: ['outcome'],
  buckets: RENDER_BUCKETS,
};
export const RENDER_QUEUE_DEPTH: GaugeDefinition = {
  type: 'gauge',
  name: 'documents_render_queue_depth',
  help: 'Renders waiting for a free Chromium page.',
  labelNames: [],
};
export const DOCUMENTS_RENDERED: CounterDefinition<'kind' | 'reason'> = {
  type: 'counter',
  name: 'documents_rendered_total',
  help: 'PDFs rendered and stored in the cache, by document kind and reason (request: a download or an admin; ahead: a release event; bundle: the hall tickets of a class).',
  labelNames: ['kind', 'reason'],
};
export const PDF_CACHE_LOOKUPS: CounterDefinition<'kind' | 'result'> = {
  type: 'counter',
  name: 'documents_pdf_cache_lookups_total',
  help: 'PDFs asked for (downloads, admins), by document kind and result (hit: served from the cache, miss: rendered).',
  labelNames: ['kind', 'result'],
};
export const DOWNLOAD_LOCKOUTS: CounterDefinition<'key'> = {
  type: 'counter',
  name: 'documents_download_lockouts_total',
  help: 'Download attempts refused (429) because the candidate or the client address is locked, by key (candidate, address).',
  labelNames: ['key'],
};

// admin-service
export const ADMIN_LOGIN_LOCKOUTS: CounterDefinition<'reason'> = {
  type: 'counter',
  name: 'admin_login_lockouts_total',
  help: 'Admin logins refused (429) after failures, by reason (locked, slowed: within the growing wait).',
  labelNames: ['reason'],
};
export const RELEASE_CANDIDATES: CounterDefinition<'kind' | 'outcome'> = {
  type: 'counter',
  name: 'release_job_candidates_total',
  help: 'Candidates processed by bulk release jobs, by document kind and outcome (released, failed or the skip reason).',
  labelNames: ['kind', 'outcome'],
};
export const RELEASE_JOBS_RUNNING: GaugeDefinition = {
  type: 'gauge',
  name: 'release_jobs_running',
  help: 'Bulk release jobs running in this process.',
  labelNames: [],
};

// notifications-service
export const SMS_MESSAGES: CounterDefinition<'outcome'> = {
  type: 'counter',
  name: 'sms_messages_total',
  help: 'SMS outcomes written to the delivery log, by outcome (sent, dead: given up and put on the dead-letter topic).',
  labelNames: ['outcome'],
};
