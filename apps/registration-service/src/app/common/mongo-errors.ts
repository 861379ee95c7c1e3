/** MongoDB (and FerretDB) duplicate key error code. */
const DUPLICATE_KEY = 11000;

/** What `duplicateKeyField` answers when the error does not say which unique index refused. */
export const UNNAMED_INDEX = '_unknown';

/**
 * The field a unique index refused, when `error` is a duplicate key error (else null).
 * MongoDB names it in `keyPattern` (and in the message: `index: candidateCode_1`, `index: _id_`);
 * FerretDB v1 on SQLite names no index at all (`E11000 duplicate key error collection: db.coll`):
 * then UNNAMED_INDEX.
 */
export function duplicateKeyField(error: unknown): string | null {
  const candidate = error as { code?: unknown; keyPattern?: Record<string, unknown>; message?: unknown } | null;
  if (candidate?.code !== DUPLICATE_KEY) return null;
  const fromPattern = candidate.keyPattern ? Object.keys(candidate.keyPattern)[0] : undefined;
  if (fromPattern) return fromPattern;
  const message = typeof candidate.message === 'string' ? candidate.message : '';
  if (/index:\s*_id_\b/.test(message)) return '_id';
  const index = /index:\s*([\w.]+?)_-?1\b/.exec(message);
  return index?.[1] ?? UNNAMED_INDEX;
}

export const isDuplicateKeyError = (error: unknown): boolean => duplicateKeyField(error) !== null;

/** What an insert into a collection with unique indexes came to. */
export type InsertOutcome<Duplicate extends string> = { inserted: true } | { duplicate: Duplicate };

/**
 * Runs `insert`; a duplicate key on one of `uniqueFields` (field name -> what the caller calls
 * it) is an outcome, not an error. Any other failure, duplicates on other fields included, is
 * thrown. When the server does not say which index refused (FerretDB), `identify` finds out (e.g.
 * "is the `_id` taken?", one primary-key lookup); without it such a duplicate is thrown.
 */
export async function insertUnlessDuplicate<Duplicate extends string>(
  insert: () => Promise<unknown>,
  uniqueFields: Readonly<Record<string, Duplicate>>,
  identify?: () => Promise<Duplicate>,
): Promise<InsertOutcome<Duplicate>> {
  try {
    await insert();
    return { inserted: true };
  } catch (error) {
    const field = duplicateKeyField(error);
    if (field !== null && Object.hasOwn(uniqueFields, field)) return { duplicate: uniqueFields[field] as Duplicate };
    if (field === UNNAMED_INDEX && identify) return { duplicate: await identify() };
    throw error;
  }
}
