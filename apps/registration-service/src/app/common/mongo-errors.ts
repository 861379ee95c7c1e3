/** MongoDB (and FerretDB) duplicate key error code. */
const DUPLICATE_KEY = 11000;

/**
 * The field a unique index refused, when `error` is a duplicate key error (else null).
 * MongoDB names it in `keyPattern`; FerretDB v1 only in the message (`index: candidateCode_1`).
 */
export function duplicateKeyField(error: unknown): string | null {
  const candidate = error as { code?: unknown; keyPattern?: Record<string, unknown>; message?: unknown } | null;
  if (candidate?.code !== DUPLICATE_KEY) return null;
  const fromPattern = candidate.keyPattern ? Object.keys(candidate.keyPattern)[0] : undefined;
  if (fromPattern) return fromPattern;
  const message = typeof candidate.message === 'string' ? candidate.message : '';
  const index = /index:\s*([\w.]+?)_-?1\b/.exec(message);
  return index?.[1] ?? '_unknown';
}

export const isDuplicateKeyError = (error: unknown): boolean => duplicateKeyField(error) !== null;

/** What an insert into a collection with unique indexes came to. */
export type InsertOutcome<Duplicate extends string> = { inserted: true } | { duplicate: Duplicate };

/**
 * Runs `insert`; a duplicate key on one of `uniqueFields` (field name -> what the caller calls
 * it) is an outcome, not an error. Any other failure, duplicates on other fields included, is thrown.
 */
export async function insertUnlessDuplicate<Duplicate extends string>(
  insert: () => Promise<unknown>,
  uniqueFields: Readonly<Record<string, Duplicate>>,
): Promise<InsertOutcome<Duplicate>> {
  try {
    await insert();
    return { inserted: true };
  } catch (error) {
    const field = duplicateKeyField(error);
    if (field !== null && Object.hasOwn(uniqueFields, field)) return { duplicate: uniqueFields[field] as Duplicate };
    throw error;
  }
}
