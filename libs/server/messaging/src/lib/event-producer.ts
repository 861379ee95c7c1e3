/** One message ready for the broker; `topic` already carries the environment prefix. */
export interface OutgoingMessage {
  topic: string;
  key: string;
  value: string;
  /** Optional: per record, encoded and decoded on both sides. */
  headers?: Record<string, string>;
}

/**
 * Sends messages to the broker. Resolves only when the broker acknowledged every message and
 * rejects otherwise (some may then have been delivered: the outbox retries them, at least once).
 */
export interface EventProducer {
  sendBatch(messages: readonly OutgoingMessage[]): Promise<void>;
  close(): Promise<void>;
}

export const EVENT_PRODUCER = Symbol('EVENT_PRODUCER');
