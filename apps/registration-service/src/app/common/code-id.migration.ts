import type { Logger } from '@nestjs/common';
import type { Collection, Document, ObjectId } from 'mongodb';
import { duplicateKeyField, UNNAMED_INDEX } from '@kbe/server-database';

/** Appended to the unique values of a document while it is being moved (see below). */
export const MOVING_SUFFIX = ':moving-to-code-id';

export interface CodeIdMigration {
  /** The field holding the issued code, which becomes the `_id`. */
  codeField: string;
  /** Other fields with a unique index: the copy needs their values while the original still holds them. */
  uniqueFields: readonly string[];
}

/** A registration record, before (ObjectId) or after (its code) the move. */
export interface CodeIdDocument extends Document {
  _id: ObjectId | string;
}

const unmarked = (value: unknown): unknown =>
  typeof value === 'string' && value.endsWith(MOVING_SUFFIX) ? value.slice(0, -MOVING_SUFFIX.length) : value;

/**
 * Moves records stored before their issued code became their `_id` (they carry an ObjectId) to
 * `_id` = code, so lookups by code find them (docs/adr/0005). `_id` cannot be changed in place,
 * and without transactions each record moves in three steps that are safe to repeat after a
 * crash at any point:
 *   1. mark the original's unique values (code included) with MOVING_SUFFIX, freeing them;
 *   2. insert the copy with `_id` = code and the unmarked values (already there: fine);
 *   3. delete the original.
 * A record interrupted between 1 and 2 is found again (its `_id` is still an ObjectId) and
 * finished with its unmarked values. Runs at start, before the service answers; returns how
 * many records moved.
 */
export async function moveRecordsToCodeIds(
  documents: Collection,
  migration: CodeIdMigration,
  logger: Pick<Logger, 'log'>,
): Promise<number> {
  // The driver types `_id` as an ObjectId unless told otherwise; here it is either.
  const collection = documents as unknown as Collection<CodeIdDocument>;
  const olds = await collection.find({ _id: { $type: 'objectId' } }).toArray();
  const fields = [migration.codeField, ...migration.uniqueFields];
  let moved = 0;
  for (const original of olds) {
    const code = unmarked(original[migration.codeField]);
    if (typeof code !== 'string' || code === '') throw new Error(`${collection.collectionName} ${String(original._id)} has no ${migration.codeField}: cannot move it to its code`);

    const toMark = fields.filter((field) => typeof original[field] === 'string' && !original[field].endsWith(MOVING_SUFFIX));
    if (toMark.length > 0) {
      await collection.updateOne({ _id: original._id }, { $set: Object.fromEntries(toMark.map((field) => [field, `${original[field]}${MOVING_SUFFIX}`])) });
    }

    const copy: CodeIdDocument = { ...original, _id: code };
    for (const field of fields) if (field in original) copy[field] = unmarked(original[field]);
    try {
      await collection.insertOne(copy);
    } catch (error) {
      // Already copied by an interrupted earlier run; anything else (a value held by another record) stops the start.
      const field = duplicateKeyField(error);
      const copied = field === '_id' || (field === UNNAMED_INDEX && (await collection.findOne({ _id: code }, { projection: { _id: 1 } })) !== null);
      if (!copied) throw error;
    }
    await collection.deleteOne({ _id: original._id });
    moved += 1;
  }
  if (moved > 0) logger.log(`Moved ${moved} ${collection.collectionName} record(s) to their code as _id`);
  return moved;
}
