import type { Logger } from '@nestjs/common';
import { isDuplicateKeyError } from '@kbe/server-database';
import type { Collection, ObjectId } from 'mongodb';
import { randomUUID } from 'node:crypto';
import type { AuditEntryFields } from './audit-entry.repository';
import type { AuditEntryStore, StoredAuditEntry } from './audit-entry.store';
import { ALL_ENTRIES, filterPositions, positionKey, positionsAfter, streamsOfEntry } from './audit-streams';

/** Where the audit log was kept before it was numbered: ObjectId `_id`, read by sort, skip and count. */
export const LEGACY_AUDIT_COLLECTION = 'audit_log';

/** An entry as written before the log was numbered. */
export interface LegacyAuditEntry extends Omit<AuditEntryFields, 'details'> {
  _id: ObjectId;
  details?: Record<string, unknown>;
  /** The position of the log its copy goes to, noted before the copy is inserted. */
  movingTo?: number;
}

/** The lease of the move, in `audit_counters`. */
export interface MoveLease {
  _id: string;
  holder: string;
  until: Date;
}

const LEASE_ID = `lease:${LEGACY_AUDIT_COLLECTION}`;
const LEASE_MS = 60_000;
const LEASE_POLL_MS = 1_000;
const CHUNK = 200;

export interface LegacyAuditLog {
  entries: Collection<LegacyAuditEntry>;
  leases: Collection<MoveLease>;
}

/**
 * Moves the entries written before the log was numbered (collection `audit_log`) into it, oldest
 * first by `at`, so the page lists them as before. A chunk at a time: each original notes the
 * position of the log it goes to (`movingTo`, in order, before any copy is written), the copies
 * are inserted there (or at the next free position, noted first), then written to their streams,
 * and the originals deleted last. A run stopped at any point is finished by the next one: an
 * original whose noted position holds an entry with its `entryId` was copied already, one whose
 * noted position does not was not. One process at a time (a lease): two would number the same
 * entries from different counts. Runs at start, before the service answers; returns how many moved.
 */
export async function moveLegacyAuditEntries(legacy: LegacyAuditLog, store: AuditEntryStore, logger: Pick<Logger, 'log'>): Promise<number> {
  if ((await legacy.entries.findOne({}, { projection: { _id: 1 } })) === null) return 0;
  return withLease(legacy.leases, async (renew) => {
    // Read again under the lease: another process may have moved them meanwhile.
    const originals = (await legacy.entries.find({}).toArray()).sort(
      (a, b) => a.at.getTime() - b.at.getTime() || a._id.toHexString().localeCompare(b._id.toHexString()),
    );
    // Positions noted by a run cut short are taken by their originals, whatever the count says.
    const noted = originals.reduce((highest, original) => Math.max(highest, original.movingTo ?? 0), 0);
    for (let start = 0; start < originals.length; start += CHUNK) {
      await moveChunk(originals.slice(start, start + CHUNK), legacy.entries, store, noted);
      await renew();
    }
    if (originals.length > 0) logger.log(`Moved ${originals.length} entries of ${LEGACY_AUDIT_COLLECTION} into the numbered audit log`);
    return originals.length;
  });
}

async function moveChunk(chunk: LegacyAuditEntry[], legacy: Collection<LegacyAuditEntry>, store: AuditEntryStore, noted: number): Promise<void> {
  // Copied by an earlier run: the position its original notes holds an entry with its entryId.
  const ofChunk = new Set(chunk.map((original) => original.entryId));
  const holders = await store.entriesAt(
    ALL_ENTRIES,
    chunk.flatMap((original) => (original.movingTo === undefined ? [] : [original.movingTo])),
  );
  const copied = new Map(holders.filter((entry) => ofChunk.has(entry.entryId)).map((entry) => [entry.entryId, entry]));
  const toCopy = chunk.filter((original) => !copied.has(original.entryId));

  const counts = await store.counts([ALL_ENTRIES, ...toCopy.flatMap((original) => Object.values(streamsOfEntry(original)))]);
  counts.set(ALL_ENTRIES, Math.max(counts.get(ALL_ENTRIES) ?? 0, noted));
  const next = positionsAfter(counts);
  const unnoted = toCopy.filter((original) => original.movingTo === undefined);
  for (const original of unnoted) original.movingTo = next(ALL_ENTRIES);
  // In order, so that a run stopped halfway leaves the first ones noted and the rest not.
  if (unnoted.length > 0) {
    await legacy.bulkWrite(
      unnoted.map((original) => ({ updateOne: { filter: { _id: original._id }, update: { $set: { movingTo: original.movingTo } } } })),
      { ordered: true },
    );
  }

  const copies = toCopy.map(
    (original): StoredAuditEntry => ({
      _id: positionKey(original.movingTo ?? 0),
      entryId: original.entryId,
      actor: original.actor,
      role: original.role,
      action: original.action,
      targetType: original.targetType,
      targetId: original.targetId,
      details: original.details ?? {},
      ip: original.ip,
      at: original.at,
      positions: filterPositions(original, next),
      pending: true,
    }),
  );
  const originalOf = new Map(toCopy.map((original) => [original.entryId, original._id]));
  const placed = await store.place(copies, async (moved) => {
    await legacy.bulkWrite(
      moved.flatMap(({ entry, position }) => {
        const _id = originalOf.get(entry.entryId);
        return _id ? [{ updateOne: { filter: { _id }, update: { $max: { movingTo: position } } } }] : [];
      }),
      { ordered: false },
    );
  });
  await store.finish([...placed, ...copied.values()].filter((entry) => entry.pending));
  await legacy.deleteMany({ _id: { $in: chunk.map((original) => original._id) } });
}

/**
 * Runs `work` holding the lease (waiting for another holder to finish or its lease to run out);
 * `renew` pushes the lease's end further. A holder that stopped without releasing it is taken
 * over when its lease runs out.
 */
async function withLease<T>(leases: Collection<MoveLease>, work: (renew: () => Promise<void>) => Promise<T>): Promise<T> {
  const holder = randomUUID();
  const until = () => new Date(Date.now() + LEASE_MS);
  for (;;) {
    try {
      // Matches a lease run out; inserts one where there is none; refuses (duplicate `_id`) while another holds it.
      await leases.updateOne({ _id: LEASE_ID, until: { $lt: new Date() } }, { $set: { holder, until: until() } }, { upsert: true });
      if ((await leases.findOne({ _id: LEASE_ID }))?.holder === holder) break;
    } catch (error) {
      if (!isDuplicateKeyError(error)) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, LEASE_POLL_MS));
  }
  try {
    return await work(async () => {
      await leases.updateOne({ _id: LEASE_ID, holder }, { $set: { until: until() } });
    });
  } finally {
    await leases.deleteOne({ _id: LEASE_ID, holder });
  }
}
