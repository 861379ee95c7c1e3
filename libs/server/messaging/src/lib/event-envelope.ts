/**
 * What travels on Kafka for every event. The value is this envelope as JSON; the id is also in
 * the `event-id` header so consumers can deduplicate (delivery is at least once).
 */
export interface EventEnvelope<TPayload = unknown> {
  /** Stable uuid given when the event was written to the outbox; the same on every redelivery. */
  id: string;
  /** Logical topic, without the environment prefix, e.g. `school.registered`. */
  topic: string;
  occurredAt: string;
  payload: TPayload;
  /**
   * The W3C trace context (`traceparent`, `tracestate`) of the request that published the event,
   * when tracing is on: it waits in the outbox with the event, and each consumer's handling
   * continues that trace (@kbe/server-tracing).
   */
  trace?: Record<string, string>;
}

export const EVENT_ID_HEADER = 'event-id';
export const EVENT_TOPIC_HEADER = 'event-topic';
