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
  /**
   * Stores a new entry; an id already waiting or already relayed is refused (duplicate key,
   * code 11000). With `firstWrite` the caller vouches that the id was made for this write and
   * never written before: the look-up of relayed copies is skipped, here and by the relay.
   */
  add(record: OutboxRecord, options?: { firstWrite?: boolean }): Promise<void>;
  /** Oldest unpublished records first. */
  findUnpublished(limit: number): Promise<OutboxRecord[]>;
  /** `records` as `findUnpublished` returned them, now acknowledged by the broker. */
  markPublished(records: readonly OutboxRecord[], publishedAt: Date): Promise<void>;
  recordFailure(ids: readonly string[], error: string): Promise<void>;
  /** How many records wait to be published (the backlog metric, after a failed send). */
  countWaiting(): Promise<number>;
  /** Deletes published records older than `before` (FerretDB has no TTL index). */
  deletePublishedBefore(before: Date): Promise<number>;
}

export const OUTBOX_STORE = Symbol('OUTBOX_STORE');
