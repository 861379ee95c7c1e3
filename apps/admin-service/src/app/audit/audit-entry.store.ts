import { duplicateInsertIndexes } from '@kbe/server-database';
import type { Collection, Document, Filter } from 'mongodb';
import type { AuditCounterDocument, AuditEntryDocument, AuditPostingDocument } from './audit-entry.schema';
import { ALL_ENTRIES, AUDIT_FILTERS, positionKey, postingKey, streamsOfEntry } from './audit-streams';

/** An entry as stored; `_id` is its position in the log. */
export type StoredAuditEntry = AuditEntryDocument;

/** Called before entries try further positions of the log (the move of old entries notes them on the originals first). */
export type BeforeNextPositions = (moved: ReadonlyArray<{ entry: StoredAuditEntry; position: number }>) => Promise<void>;

/**
 * The audit log's three collections (audit-streams.ts): entries, postings and stream counts.
 * Every statement is an insert or a lookup, update or batch by `_id`.
 */
export class AuditEntryStore {
  constructor(
    private readonly entries: Collection<AuditEntryDocument>,
    private readonly postings: Collection<AuditPostingDocument>,
    private readonly counters: Collection<AuditCounterDocument>,
  ) {}

  /** The count of each stream (0 for a stream without entries yet). */
  async counts(streams: readonly string[]): Promise<Map<string, number>> {
    const unique = [...new Set(streams)];
    const found = await this.counters.find({ _id: { $in: unique } }).toArray();
    const counts = new Map(unique.map((stream) => [stream, 0]));
    for (const counter of found) counts.set(counter._id, counter.count);
    return counts;
  }

  /**
   * Inserts pending entries, each at the position of the log its `_id` names or, when another
   * entry holds that one, at the first free position after it. An entry already there (the same
   * `entryId`: an earlier attempt got that far) is taken as stored. Answers the entries as stored.
   */
  async place(entries: readonly StoredAuditEntry[], before?: BeforeNextPositions): Promise<StoredAuditEntry[]> {
    const claims = entries.map((entry) => ({
      entry,
      position: Number(entry._id),
      at: (position: number): StoredAuditEntry => ({ ...entry, _id: positionKey(position) }),
      isOwn: (holder: StoredAuditEntry) => holder.entryId === entry.entryId,
    }));
    const placed = await claimPositions(this.entries, claims, async (moved) => {
      await before?.(moved.map(({ claim, position }) => ({ entry: claim.entry, position })));
    });
    return placed.map(({ document }) => document);
  }

  /**
   * Entries a sender may post again (a retry after an answer it lost) are kept once per
   * `entryId`: each notes where it starts looking for its position in a receipt (`entry:<entryId>`
   * in the postings) before it is placed, and an attempt that finds a receipt starts at the
   * position noted there, so that placing finds the entry (its own, the same `entryId`) rather
   * than writing it again: two attempts from the same start end at the same position (`place`).
   * The positions noted in the receipts of these `entryId`s, for those that have one.
   */
  async receipts(entryIds: readonly string[]): Promise<Map<string, string>> {
    if (entryIds.length === 0) return new Map();
    const found = await this.postings.find({ _id: { $in: entryIds.map(receiptKey) } }).toArray();
    const noted = new Map(found.map((receipt) => [receipt._id, receipt.entry]));
    return new Map(entryIds.flatMap((entryId) => (noted.has(receiptKey(entryId)) ? [[entryId, noted.get(receiptKey(entryId)) ?? '']] : [])));
  }

  /**
   * Writes the receipts of entries that had none (`receipts`), noting their positions. One whose
   * receipt another attempt wrote meanwhile (the same entry posted twice at once) starts at the
   * position noted there; the position it was given stays unused when another entry of its
   * batch comes after it (a page there shows one entry fewer than its size). Answers the entries
   * with their start positions as `_id`.
   */
  async receive(entries: readonly StoredAuditEntry[]): Promise<StoredAuditEntry[]> {
    const refused = await insertAll(
      this.postings,
      entries.map((entry) => ({ _id: receiptKey(entry.entryId), entry: entry._id })),
    );
    if (refused.size === 0) return [...entries];
    const keys = entries.filter((_, i) => refused.has(i)).map((entry) => receiptKey(entry.entryId));
    const noted = new Map((await this.postings.find({ _id: { $in: keys } }).toArray()).map((receipt) => [receipt._id, receipt.entry]));
    return entries.map((entry, i) => (refused.has(i) ? { ...entry, _id: noted.get(receiptKey(entry.entryId)) ?? entry._id } : entry));
  }

  /** Notes in their receipts where received entries were placed, when past their start, so that a later attempt finds them at once. */
  async received(started: readonly StoredAuditEntry[], placed: readonly StoredAuditEntry[]): Promise<void> {
    const moved = placed.filter((entry, i) => entry._id !== started[i]?._id);
    if (moved.length === 0) return;
    await this.postings.bulkWrite(
      moved.map((entry) => ({ updateOne: { filter: { _id: receiptKey(entry.entryId) }, update: { $set: { entry: entry._id } } } })),
      { ordered: false },
    );
  }

  /**
   * Writes the postings of pending entries and their streams' counts, then marks them finished.
   * Safe to run again, and by two processes at once: a posting goes to the position the entry
   * notes (`positions`), or to the first one after it that no other entry holds, noted first.
   */
  async finish(entries: readonly StoredAuditEntry[]): Promise<void> {
    if (entries.length === 0) return;
    const claims = entries.flatMap((entry) =>
      AUDIT_FILTERS.map((filter) => {
        const stream = streamsOfEntry(entry)[filter];
        return {
          entry,
          filter,
          stream,
          position: entry.positions[filter],
          at: (position: number): AuditPostingDocument => ({ _id: postingKey(stream, position), entry: entry._id }),
          isOwn: (holder: AuditPostingDocument) => holder.entry === entry._id,
        };
      }),
    );
    const posted = await claimPositions(this.postings, claims, async (moved) => {
      await this.entries.bulkWrite(
        moved.map(({ claim, position }) => ({ updateOne: { filter: { _id: claim.entry._id }, update: { $max: { [`positions.${claim.filter}`]: position } } } })),
        { ordered: false },
      );
    });

    const last = new Map<string, number>();
    const reach = (stream: string, position: number) => last.set(stream, Math.max(last.get(stream) ?? 0, position));
    for (const entry of entries) reach(ALL_ENTRIES, Number(entry._id));
    for (const { claim, position } of posted) reach(claim.stream, position);
    await this.counters.bulkWrite(
      [...last].map(([stream, count]) => ({ updateOne: { filter: { _id: stream }, update: { $max: { count } }, upsert: true } })),
      { ordered: false },
    );
    await this.entries.bulkWrite(
      entries.map((entry) => ({ updateOne: { filter: { _id: entry._id }, update: { $unset: { pending: '' } } } })),
      { ordered: false },
    );
  }

  /** Entries left pending by a writer that stopped (or still writing). */
  pending(): Promise<StoredAuditEntry[]> {
    return this.entries.find({ pending: true }).toArray();
  }

  /** The entries at these positions of a stream, in the order asked; positions not (yet) taken are left out. */
  async entriesAt(stream: string, positions: readonly number[]): Promise<StoredAuditEntry[]> {
    if (positions.length === 0) return [];
    let ids = positions.map(positionKey);
    if (stream !== ALL_ENTRIES) {
      const keys = positions.map((position) => postingKey(stream, position));
      const postings = await this.postings.find({ _id: { $in: keys } }).toArray();
      const entryOf = new Map(postings.map((posting) => [posting._id, posting.entry]));
      ids = keys.flatMap((key) => entryOf.get(key) ?? []);
    }
    const found = await this.entries.find({ _id: { $in: ids } }).toArray();
    const byId = new Map(found.map((entry) => [entry._id, entry]));
    return ids.flatMap((id) => byId.get(id) ?? []);
  }
}

/** The receipt of an entry a sender may post again: the position where it is, or where it starts looking. */
const receiptKey = (entryId: string): string => `entry:${entryId}`;

/** A document to insert at a position of a stream (its `_id` names the position). */
interface PositionClaim<D> {
  position: number;
  at(position: number): D;
  /** Whether the document holding a position is its own (an earlier attempt got there). */
  isOwn(holder: D): boolean;
}

interface Settling<D, C> {
  claim: C;
  position: number;
  document: D;
}

/**
 * Inserts each claim's document at its position or, when another document holds that one, at the
 * first position after it that is free or already its own. The claims refused move on one
 * position per round, all together: a read of the holders, `note` (called with those moving on
 * and their next position, before they try it), one insert. Positions are tried one by one, so
 * two processes settling the same claim end at the same position. Answers each claim's position
 * and the document there.
 */
async function claimPositions<D extends { _id: string }, C extends PositionClaim<D>>(
  collection: Collection<D>,
  claims: readonly C[],
  note: (moved: ReadonlyArray<Settling<D, C>>) => Promise<void>,
): Promise<Array<Settling<D, C>>> {
  const settling = claims.map((claim): Settling<D, C> => ({ claim, position: claim.position, document: claim.at(claim.position) }));
  let open = settling;
  while (open.length > 0) {
    const refused = await insertAll(
      collection,
      open.map((item) => item.document),
    );
    open = open.filter((_, i) => refused.has(i));
    if (open.length === 0) break;
    const holders = await collection.find({ _id: { $in: open.map((item) => item.document._id) } } as Filter<D>).toArray();
    const holderOf = new Map(holders.map((holder) => [String(holder._id), holder as D]));
    const moved: Array<Settling<D, C>> = [];
    open = open.filter((item) => {
      const holder = holderOf.get(item.document._id);
      if (holder && item.claim.isOwn(holder)) {
        item.document = holder;
        return false;
      }
      if (holder) {
        item.position += 1;
        item.document = item.claim.at(item.position);
        moved.push(item);
      }
      // No holder: it went again (never, the stores delete nothing), the same position is tried again.
      return true;
    });
    if (moved.length > 0) await note(moved);
  }
  return settling;
}

/** One unordered insert; answers the indexes refused as duplicates (anything else is thrown). */
async function insertAll<D extends Document>(collection: Collection<D>, docs: readonly D[]): Promise<Set<number>> {
  if (docs.length === 0) return new Set();
  try {
    await collection.insertMany(docs as Parameters<Collection<D>['insertMany']>[0], { ordered: false });
    return new Set();
  } catch (error) {
    const refused = duplicateInsertIndexes(error);
    if (refused === null) throw error;
    return refused;
  }
}
