import { isolatedInfraEnv } from '@kbe/server-testing';
import mongoose, { Schema, type Connection } from 'mongoose';
import { BatchedInsert } from './batched-insert';

interface Row {
  _id: string;
  udise: string;
  createdAt: Date;
}

describe('BatchedInsert against the MongoDB-wire server', () => {
  const env = isolatedInfraEnv();
  let connection: Connection;

  beforeAll(async () => {
    connection = await mongoose.createConnection(env['MONGODB_URI'] ?? '', { dbName: `${env.MONGODB_DB_PREFIX}-batched` }).asPromise();
  });

  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });

  it('writes concurrent inserts together and refuses only the duplicates, each to its own caller', async () => {
    const schema = new Schema<Row>({ _id: String, udise: { type: String, required: true }, createdAt: { type: Date, required: true } }, { versionKey: false });
    schema.index({ udise: 1 }, { unique: true });
    const model = connection.model<Row>('Row', schema, 'rows');
    await model.createIndexes();
    const inserts = new BatchedInsert(model);
    const at = new Date('2025-10-20T10:00:00Z');

    const results = await Promise.allSettled([
      inserts.insert({ _id: 'SCH-A', udise: '27000000001', createdAt: at }),
      inserts.insert({ _id: 'SCH-B', udise: '27000000001', createdAt: at }), // same UDISE as SCH-A
      inserts.insert({ _id: 'SCH-A', udise: '27000000002', createdAt: at }), // same code as SCH-A
      inserts.insert({ _id: 'SCH-C', udise: '27000000003', createdAt: at }),
      inserts.insert({ _id: 'SCH-D' }), // no UDISE: refused by validation, before the batch
    ]);

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled', 'rejected']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 11000 });
    expect((results[2] as PromiseRejectedResult).reason).toMatchObject({ code: 11000 });
    expect((results[4] as PromiseRejectedResult).reason).toMatchObject({ name: 'ValidationError' });
    const stored = await model.find({}, { _id: 1, udise: 1 }).sort({ _id: 1 }).lean().exec();
    expect(stored).toEqual([
      { _id: 'SCH-A', udise: '27000000001' },
      { _id: 'SCH-C', udise: '27000000003' },
    ]);
  });
});
