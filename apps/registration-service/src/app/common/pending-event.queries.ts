import type { Model, QueryFilter } from 'mongoose';
import { WriteBatcher } from '@kbe/server-database';
import type { PendingEventFields } from './pending-event.schema';

/** Records stored before `before` whose event is not marked queued, oldest first (PendingEventSource). */
export function findRecordsWithPendingEvent<D extends PendingEventFields>(
  model: Model<D>,
  before: Date,
  limit: number,
): Promise<D[]> {
  const filter = { eventQueued: false, createdAt: { $lt: before } } as QueryFilter<D>;
  return model.find(filter).sort({ createdAt: 1 }).limit(limit).lean<D[]>().exec();
}

/**
 * Marks the events of records (by code, their `_id`) as written to the outbox. Concurrent
 * registrations' marks are coalesced (WriteBatcher): one round trip per batch, one update
 * statement per record, each addressed by `_id` (docs/adr/0005).
 */
export class RecordEventMarks<D extends PendingEventFields> {
  private readonly batcher: WriteBatcher<string>;

  constructor(model: Model<D>) {
    this.batcher = new WriteBatcher<string>(async (codes) => {
      const operations = codes.map((code) => ({
        updateOne: { filter: { _id: code }, update: { $set: { eventQueued: true } } },
      }));
      // The driver's bulkWrite: a boolean set by `_id` has nothing for mongoose to cast.
      // (the driver types `_id` as an ObjectId; these collections are keyed by code, docs/adr/0005)
      await model.collection.bulkWrite(operations as unknown as Parameters<Model<D>['collection']['bulkWrite']>[0], { ordered: false });
    });
  }

  async markQueued(codes: readonly string[]): Promise<void> {
    await Promise.all(codes.map((code) => this.batcher.submit(code)));
  }
}
