import type { Model } from 'mongoose';
import { insertBatcher, type WriteBatcher } from './write-batcher';

/**
 * Inserts into a mongoose model's collection through a WriteBatcher: each document is cast and
 * validated as `Model.create` would (a validation error rejects that caller alone), then written
 * with the other callers' documents of its batch in one unordered `insertMany`. A duplicate key
 * rejects only its own caller, with an error shaped like a single insert's (code 11000).
 */
export class BatchedInsert<D> {
  private readonly batcher: WriteBatcher<Record<string, unknown>>;

  constructor(
    private readonly model: Model<D>,
    maxBatch?: number,
  ) {
    this.batcher = insertBatcher<Record<string, unknown>>(model.collection, maxBatch);
  }

  async insert(doc: object): Promise<void> {
    const hydrated = new this.model(doc);
    await hydrated.validate();
    await this.batcher.submit(hydrated.toObject({ depopulate: true }) as Record<string, unknown>);
  }
}
