import { Injectable } from '@nestjs/common';
import type { Model } from 'mongoose';

const DUPLICATE_KEY = 11000;

interface CoalescedInsert {
  docs: readonly object[];
  resolve: (refused: Set<number>) => void;
  reject: (error: unknown) => void;
}

/**
 * This process's writes to its database, one command at a time. FerretDB's SQLite backend has
 * one writer per database: writes sent at once only contend for it (a one-document insert of the
 * fan-out took 115 ms beside the sender's inserts, the same insert 5 ms alone), so the sender
 * and the fan-out queue their writes here. Inserts into one collection that wait in the queue
 * together go out as one command (`insertCoalesced`).
 */
@Injectable()
export class DatabaseWriteQueue {
  /** Tail of the chain of writes. */
  private writes: Promise<unknown> = Promise.resolve();
  /** Per collection, the inserts waiting for the queued command that will write them together. */
  private readonly coalescing = new Map<string, CoalescedInsert[]>();

  /** Runs `write` once every write queued before it has finished (failed or not). */
  serial<T>(write: () => Promise<T>): Promise<T> {
    const next = this.writes.then(write, write);
    this.writes = next.catch(() => undefined);
    return next;
  }

  /**
   * Inserts `docs` (duplicates refused, their indexes returned) in the next queued insert into
   * that collection: what several callers insert while the queue is busy is one command.
   */
  insertCoalesced<T>(model: Model<T>, docs: readonly object[]): Promise<Set<number>> {
    if (docs.length === 0) return Promise.resolve(new Set());
    const collection = model.collection.collectionName;
    return new Promise((resolve, reject) => {
      const waiting = this.coalescing.get(collection);
      if (waiting) {
        waiting.push({ docs, resolve, reject });
        return;
      }
      const entries: CoalescedInsert[] = [{ docs, resolve, reject }];
      this.coalescing.set(collection, entries);
      void this.serial(async () => {
        this.coalescing.delete(collection); // later inserts start the next command
        try {
          const refused = await insertIgnoringDuplicates(model, entries.flatMap((entry) => entry.docs));
          let offset = 0;
          for (const entry of entries) {
            const own = new Set<number>();
            for (let index = 0; index < entry.docs.length; index += 1) if (refused.has(offset + index)) own.add(index);
            offset += entry.docs.length;
            entry.resolve(own);
          }
        } catch (error) {
          for (const entry of entries) entry.reject(error);
        }
      });
    });
  }
}

/** Inserts, skipping documents whose `_id` exists; returns the indexes refused as duplicates. */
export async function insertIgnoringDuplicates<T>(model: Model<T>, docs: readonly object[]): Promise<Set<number>> {
  if (docs.length === 0) return new Set();
  try {
    await model.collection.insertMany(docs as never[], { ordered: false });
    return new Set();
  } catch (error) {
    const writeErrors = writeErrorsOf(error);
    if (writeErrors.length === 0 || writeErrors.some((entry) => entry.code !== DUPLICATE_KEY)) throw error;
    return new Set(writeErrors.map((entry) => entry.index));
  }
}

function writeErrorsOf(error: unknown): Array<{ index: number; code: number }> {
  const raw = (error as { writeErrors?: unknown } | null)?.writeErrors;
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((entry: { index?: number; code?: number; err?: { index?: number; code?: number } }) => ({
    index: entry.index ?? entry.err?.index ?? -1,
    code: entry.code ?? entry.err?.code ?? -1,
  }));
}
