/**
 * What one batched write did to each of its items, in the items' order: `undefined` when the
 * item was written, its own error when only that item was refused (e.g. a duplicate key).
 */
export type ItemOutcomes = ReadonlyArray<Error | undefined>;

interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/**
 * Coalesces the writes of concurrent callers into one statement (group commit): an item waits
 * for the current turn of the event loop, and while a batch is with the database the next one
 * gathers, so under load each round trip carries everything that arrived meanwhile and a quiet
 * server still writes a lone item at once. Every caller awaits its own item: the promise
 * resolves when that item was written and rejects with that item's error (or with the
 * statement's error, which fails every item of the batch).
 *
 * Why: every statement is a round trip and, on the local store, a transaction of its own; twenty
 * requests' inserts as one `insertMany` cost little more than one insert (docs/adr/0004).
 */
export class WriteBatcher<T> {
  private queue: Waiting<T>[] = [];
  private scheduled = false;
  private inFlight = false;

  constructor(
    private readonly write: (items: T[]) => Promise<ItemOutcomes | void>,
    private readonly maxBatch = 500,
  ) {
    if (!Number.isInteger(maxBatch) || maxBatch < 1) throw new Error(`Batch size must be a positive integer, got ${maxBatch}`);
  }

  submit(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, this.maxBatch);
    if (batch.length === 0) return;
    this.inFlight = true;
    try {
      const outcomes = await this.write(batch.map((waiting) => waiting.item));
      batch.forEach((waiting, i) => {
        const error = outcomes?.[i];
        if (error) waiting.reject(error);
        else waiting.resolve();
      });
    } catch (error) {
      for (const waiting of batch) waiting.reject(error);
    } finally {
      this.inFlight = false;
      if (this.queue.length > 0) this.schedule();
    }
  }
}

interface BulkWriteErrorLike {
  writeErrors?: unknown;
  insertedCount?: unknown;
}

interface WriteErrorLike {
  index: number;
  code?: number;
  errmsg?: string;
  err?: { keyPattern?: Record<string, unknown>; keyValue?: Record<string, unknown> };
  keyPattern?: Record<string, unknown>;
  keyValue?: Record<string, unknown>;
}

/**
 * The per-item outcomes of an unordered `insertMany` that threw: a bulk write error names the
 * refused documents by index (each gets an error shaped like a single insert's, with `code`
 * 11000 and `keyPattern` for a duplicate), the others were inserted. Any other error is thrown.
 */
export function insertManyOutcomes(error: unknown, count: number): ItemOutcomes {
  const writeErrors = (error as BulkWriteErrorLike | null)?.writeErrors;
  if (!Array.isArray(writeErrors) || writeErrors.length === 0) throw error;
  const outcomes: Array<Error | undefined> = new Array(count).fill(undefined);
  for (const entry of writeErrors as WriteErrorLike[]) {
    const keyPattern = entry.keyPattern ?? entry.err?.keyPattern;
    const keyValue = entry.keyValue ?? entry.err?.keyValue;
    outcomes[entry.index] = Object.assign(new Error(entry.errmsg ?? 'write error'), { code: entry.code, keyPattern, keyValue });
  }
  return outcomes;
}

/** The native collection method a batched insert needs (a mongoose `Model.collection` has it). */
export interface InsertManyTarget<D> {
  insertMany(docs: D[], options: { ordered: false }): Promise<unknown>;
}

/** A WriteBatcher of inserts into one collection: one unordered `insertMany` per batch. */
export function insertBatcher<D>(collection: InsertManyTarget<D>, maxBatch?: number): WriteBatcher<D> {
  return new WriteBatcher<D>(async (docs) => {
    try {
      await collection.insertMany(docs, { ordered: false });
      return undefined;
    } catch (error) {
      return insertManyOutcomes(error, docs.length);
    }
  }, maxBatch);
}
