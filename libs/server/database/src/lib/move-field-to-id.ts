import type { Logger } from '@nestjs/common';
import type { Collection, Document, ObjectId } from 'mongodb';
import { duplicateInsertIndexes } from './duplicate-key';

/** A document before (an ObjectId, its key in a field) or after the move (its key as `_id`). */
interface KeyedDocument extends Document {
  _id: ObjectId | string;
}

const NAMESPACE_NOT_FOUND = 26;
const INDEX_NOT_FOUND = 27;
const BATCH = 500;

const codeOf = (error: unknown): unknown => (error as { code?: unknown } | null)?.code;

/**
 * Moves documents stored with an ObjectId `_id` and their key in `field` to `_id` = that key,
 * without `field`, so that every lookup by the key is an `_id` lookup (docs/adr/0004). First
 * drops the indexes on `field`: the moved documents lack it, and on MongoDB a unique index would
 * refuse the second of them as a duplicate of null. Then, a batch at a time, inserts the copies
 * (a copy already there, from an interrupted earlier run or written since under the same key, is
 * kept) and deletes the originals, so the move is safe to repeat after a crash at any point.
 * Reads the whole collection to find the ObjectId documents: for small collections, at start,
 * before the service answers. Returns how many documents moved.
 */
export async function moveFieldToId<T extends Document>(documents: Collection<T>, field: string, logger: Pick<Logger, 'log'>): Promise<number> {
  // The driver types `_id` as an ObjectId unless told otherwise; here it is either.
  const collection = documents as unknown as Collection<KeyedDocument>;
  await dropIndexesOn(collection, field, logger);
  const originals = await collection.find({ _id: { $type: 'objectId' } }).toArray();
  for (let start = 0; start < originals.length; start += BATCH) {
    const batch = originals.slice(start, start + BATCH);
    const copies = batch.map(({ _id, [field]: key, ...rest }) => {
      if (typeof key !== 'string' || key === '') throw new Error(`${collection.collectionName} ${String(_id)} has no ${field}: cannot key it by ${field}`);
      return { ...rest, _id: key };
    });
    try {
      await collection.insertMany(copies, { ordered: false });
    } catch (error) {
      if (duplicateInsertIndexes(error) === null) throw error;
    }
    await collection.deleteMany({ _id: { $in: batch.map((original) => original._id) } });
  }
  if (originals.length > 0) logger.log(`Moved ${originals.length} ${collection.collectionName} document(s) to their ${field} as _id`);
  return originals.length;
}

/** Drops every index whose key includes `field` (none when the collection does not exist yet). */
async function dropIndexesOn(collection: Collection<KeyedDocument>, field: string, logger: Pick<Logger, 'log'>): Promise<void> {
  let indexes: Awaited<ReturnType<Collection['indexes']>>;
  try {
    indexes = await collection.indexes();
  } catch (error) {
    if (codeOf(error) === NAMESPACE_NOT_FOUND) return;
    throw error;
  }
  for (const index of indexes) {
    if (!index.name || !Object.hasOwn(index.key, field)) continue;
    try {
      await collection.dropIndex(index.name);
      logger.log(`Dropped index ${index.name} of ${collection.collectionName}`);
    } catch (error) {
      // Dropped meanwhile by another process starting too.
      if (codeOf(error) !== INDEX_NOT_FOUND && codeOf(error) !== NAMESPACE_NOT_FOUND) throw error;
    }
  }
}
