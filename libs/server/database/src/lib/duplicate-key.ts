/** MongoDB's duplicate key error code (FerretDB answers it too). */
export const DUPLICATE_KEY = 11000;

/** What `duplicateKeyField` answers when the error does not say which unique index refused. */
export const UNNAMED_INDEX = '_unknown';

type DuplicateLike = { code?: unknown; keyPattern?: Record<string, unknown>; message?: unknown; writeErrors?: unknown } | null;

/**
 * The field a unique index refused, when `error` is a duplicate key error (else null).
 * MongoDB names it in `keyPattern` (and in the message: `index: candidateCode_1`, `index: _id_`);
 * FerretDB names no index (`E11000 duplicate key error collection: db.coll`): then UNNAMED_INDEX.
 */
export function duplicateKeyField(error: unknown): string | null {
  const candidate = error as DuplicateLike;
  if (candidate?.code !== DUPLICATE_KEY) return null;
  const fromPattern = candidate.keyPattern ? Object.keys(candidate.keyPattern)[0] : undefined;
  if (fromPattern) return fromPattern;
  const message = typeof candidate.message === 'string' ? candidate.message : '';
  if (/index:\s*_id_\b/.test(message)) return '_id';
  const index = /index:\s*([\w.]+?)_-?1\b/.exec(message);
  return index?.[1] ?? UNNAMED_INDEX;
}

export const isDuplicateKeyError = (error: unknown): boolean => duplicateKeyField(error) !== null;

/** An error shaped like the server's duplicate key error, for stores that detect one themselves. */
export function duplicateKeyError(message: string): Error & { code: number } {
  return Object.assign(new Error(`E11000 duplicate key error: ${message}`), { code: DUPLICATE_KEY });
}

/**
 * The indexes of the documents an unordered `insertMany` refused as duplicates, when duplicates are
 * all it refused; null when the error is anything else (then the caller throws it).
 */
export function duplicateInsertIndexes(error: unknown): Set<number> | null {
  const raw = (error as DuplicateLike)?.writeErrors;
  // The driver's write errors: a list, one object, or (older shapes) each wrapping `err`.
  const entries = (Array.isArray(raw) ? raw : raw ? [raw] : []) as Array<{ index?: number; code?: unknown; err?: { index?: number; code?: unknown } }>;
  if (entries.length === 0) return (error as DuplicateLike)?.code === DUPLICATE_KEY ? new Set([0]) : null;
  if (entries.some((entry) => (entry.code ?? entry.err?.code) !== DUPLICATE_KEY)) return null;
  return new Set(entries.map((entry) => entry.index ?? entry.err?.index ?? -1));
}

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
