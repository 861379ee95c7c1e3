/** One event waiting in (or already relayed from) the service's `outbox` collection. */
export interface OutboxRecord {
  /** Stable event id (uuid). */
  id: string;
  /** Logical topic, without the prefix. */
  topic: string;
  /** Partition key; the event id unless the publisher names an entity. */
  key: string;
  /** The serialized event envelope (stored as a string: payload keys need no Mongo escaping). */
  value: string;
  createdAt: Date;
  publishedAt: Date | null;
  attempts: number;
  lastError: string | null;
}

/** Persistence of the outbox, behind an interface so the relay logic can be tested alone. */
export interface OutboxStore {
  add(record: OutboxRecord): Promise<void>;
  /** Oldest unpublished records first. */
  findUnpublished(limit: number): Promise<OutboxRecord[]>;
  /** `records` as `findUnpublished` returned them, now acknowledged by the broker. */
  markPublished(records: readonly OutboxRecord[], publishedAt: Date): Promise<void>;
  recordFailure(ids: readonly string[], error: string): Promise<void>;
  /** Deletes published records older than `before` (FerretDB has no TTL index). */
  deletePublishedBefore(before: Date): Promise<number>;
}

export const OUTBOX_STORE = Symbol('OUTBOX_STORE');
