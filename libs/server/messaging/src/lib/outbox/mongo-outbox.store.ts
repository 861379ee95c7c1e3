import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import { BatchedInsert, duplicateInsertIndexes, duplicateKeyError } from '@kbe/server-database';
import type { Model } from 'mongoose';
import type { OutboxRecord, OutboxStore } from './outbox-record';
import { OutboxDocument, PUBLISHED_OUTBOX_MODEL } from './outbox.schema';


/**
 * Waiting entries live in `outbox`, relayed ones move to `outbox_published`, so the relay's
 * reads stay proportional to what is waiting, not to everything ever published.
 */
@Injectable()
export class MongoOutboxStore implements OutboxStore {
  /** Concurrent publishers' entries are inserted together: one `insertMany` per batch. */
  private readonly inserts: BatchedInsert<OutboxDocument>;

  constructor(
    @InjectModel(OutboxDocument.name) private readonly waiting: Model<OutboxDocument>,
    @InjectModel(PUBLISHED_OUTBOX_MODEL) private readonly published: Model<OutboxDocument>,
  ) {
    this.inserts = new BatchedInsert(waiting);
  }

  async add(record: OutboxRecord, options: { firstWrite?: boolean } = {}): Promise<void> {
    const { id, ...rest } = record;
    // An event already relayed is refused like one still waiting: the same id is never sent twice.
    if (!options.firstWrite && (await this.published.exists({ _id: id }))) throw duplicateKeyError(`outbox event ${id} was already published`);
    await this.inserts.insert({ _id: id, ...rest, firstWrite: options.firstWrite === true });
  }

  async findUnpublished(limit: number): Promise<OutboxRecord[]> {
    const docs = await this.waiting.find({ publishedAt: null }).sort({ createdAt: 1 }).limit(limit).lean().exec();
    if (docs.length === 0) return [];
    // `add` checks `outbox_published` before it inserts, but the relay may move the same id in
    // between (a re-driven event racing its first relay). Such a copy is dropped here, before it
    // could be sent a second time. A first write (its id made for it) has no relayed copy to
    // find; should its writer stall past the re-drive's grace period and the re-driven copy be
    // relayed first, the event goes out twice, which delivery at least once allows (consumers
    // are idempotent on the event id, docs/adr/0002).
    // One lookup by `_id` per entry, at once (served by the `_id` index).
    const relayed = await Promise.all(
      docs.map(async (doc) => (!doc.firstWrite && (await this.published.exists({ _id: doc._id })) ? doc._id : null)),
    );
    const relayedIds = new Set(relayed.filter((id): id is string => id !== null));
    if (relayedIds.size === 0) return docs.map(({ _id, ...rest }) => ({ id: _id, ...rest }));
    await this.deleteWaiting([...relayedIds]);
    return docs.filter((doc) => !relayedIds.has(doc._id)).map(({ _id, ...rest }) => ({ id: _id, ...rest }));
  }

  async markPublished(records: readonly OutboxRecord[], publishedAt: Date): Promise<void> {
    try {
      await this.published.insertMany(
        records.map(({ id, ...rest }) => ({ ...rest, _id: id, publishedAt })),
        { ordered: false },
      );
    } catch (error) {
      // A retry after a crash between the two steps finds some already moved.
      if (!isOnlyDuplicates(error)) throw error;
    }
    await this.deleteWaiting(records.map((record) => record.id));
  }

  /** One round trip, one delete by `_id` per entry (an `$in` filter would scan, see above). */
  private async deleteWaiting(ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.waiting.bulkWrite(
      ids.map((id) => ({ deleteOne: { filter: { _id: id } } })),
      { ordered: false },
    );
  }

  async recordFailure(ids: readonly string[], error: string): Promise<void> {
    await this.waiting
      .updateMany({ _id: { $in: [...ids] } }, { $inc: { attempts: 1 }, $set: { lastError: error.slice(0, 500) } })
      .exec();
  }

  async countWaiting(): Promise<number> {
    return this.waiting.countDocuments({ publishedAt: null }).exec();
  }

  async deletePublishedBefore(before: Date): Promise<number> {
    // Entries published before the split into two collections still sit in `outbox`.
    await this.waiting.deleteMany({ publishedAt: { $ne: null } }).exec();
    const result = await this.published.deleteMany({ publishedAt: { $lt: before } }).exec();
    return result.deletedCount;
  }
}

function isOnlyDuplicates(error: unknown): boolean {
  return duplicateInsertIndexes(error) !== null;
}
