import type { Model, QueryFilter } from 'mongoose';
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

/** Marks the event of the record that `filter` (its code) selects as written to the outbox. */
export async function markRecordEventQueued<D extends PendingEventFields>(model: Model<D>, filter: QueryFilter<D>): Promise<void> {
  await model.updateOne(filter, { $set: { eventQueued: true } }).exec();
}
