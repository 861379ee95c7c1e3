import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import type { OutboxRecord, OutboxStore } from './outbox-record';
import { OutboxDocument } from './outbox.schema';

@Injectable()
export class MongoOutboxStore implements OutboxStore {
  constructor(@InjectModel(OutboxDocument.name) private readonly model: Model<OutboxDocument>) {}

  async add(record: OutboxRecord): Promise<void> {
    const { id, ...rest } = record;
    await this.model.create({ _id: id, ...rest });
  }

  async findUnpublished(limit: number): Promise<OutboxRecord[]> {
    const docs = await this.model.find({ publishedAt: null }).sort({ createdAt: 1 }).limit(limit).lean().exec();
    return docs.map(({ _id, ...rest }) => ({ id: _id, ...rest }));
  }

  async markPublished(ids: readonly string[], publishedAt: Date): Promise<void> {
    await this.model.updateMany({ _id: { $in: [...ids] } }, { $set: { publishedAt } }).exec();
  }

  async recordFailure(ids: readonly string[], error: string): Promise<void> {
    await this.model
      .updateMany({ _id: { $in: [...ids] } }, { $inc: { attempts: 1 }, $set: { lastError: error.slice(0, 500) } })
      .exec();
  }

  async deletePublishedBefore(before: Date): Promise<number> {
    const result = await this.model.deleteMany({ publishedAt: { $ne: null, $lt: before } }).exec();
    return result.deletedCount;
  }
}
