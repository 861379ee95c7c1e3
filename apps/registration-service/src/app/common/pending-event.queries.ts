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

/** Marks the events of the records whose code field (`codeField`) is one of `codes` as written to the outbox. */
export async function markRecordEventsQueued<D extends PendingEventFields>(
  model: Model<D>,
  codeField: string,
  codes: readonly string[],
): Promise<void> {
  if (codes.length === 0) return;
  // One statement for the whole list: FerretDB scans the collection once per non-_id filter.
  await model.updateMany({ [codeField]: { $in: [...codes] } } as QueryFilter<D>, { $set: { eventQueued: true } }).exec();
}
