import { isolatedInfraEnv } from '@kbe/server-testing';
import mongoose, { Schema, type Connection } from 'mongoose';
import { CursorLedger } from './cursor-ledger';

interface Row {
  _id: string;
  n: number;
  group: string;
}

/**
 * Cursors left open hold a PostgreSQL connection each under FerretDB (ADR 0004). The queries a
 * repository makes must leave none behind, and one left open on purpose is found and killed.
 */
describe('CursorLedger against the MongoDB-wire server', () => {
  const env = isolatedInfraEnv();
  let connection: Connection;
  let ledger: CursorLedger;
  let model: mongoose.Model<Row>;

  beforeAll(async () => {
    connection = await mongoose
      .createConnection(env['MONGODB_URI'] ?? '', { dbName: `${env.MONGODB_DB_PREFIX}-cursors`, monitorCommands: true })
      .asPromise();
    ledger = new CursorLedger(connection, { maxAgeMs: 60_000, maxOpen: 2, sweepEveryMs: 3_600_000 });
    model = connection.model<Row>('Row', new Schema<Row>({ _id: String, n: Number, group: String }, { versionKey: false }), 'rows');
    // More than one first batch (101) so that every query shape below needs a second round trip.
    await model.insertMany(Array.from({ length: 250 }, (_, n) => ({ _id: `R${String(n).padStart(4, '0')}`, n, group: n % 2 ? 'odd' : 'even' })));
  });

  afterAll(async () => {
    ledger?.onModuleDestroy();
    await connection?.dropDatabase();
    await connection?.close();
  });

  it('is empty after every query shape the repositories use', async () => {
    expect((await model.find().lean().exec()).length).toBe(250);
    expect((await model.find({ group: 'odd' }).sort({ n: 1 }).limit(120).lean().exec()).length).toBe(120);
    expect((await model.find().limit(101).lean().exec()).length).toBe(101);
    expect((await model.find({ _id: { $in: ['R0001', 'R0002'] } }).lean().exec()).length).toBe(2);
    expect((await model.findOne({ _id: 'R0003' }).lean().exec())?.n).toBe(3);
    expect(await model.exists({ _id: 'R0004' })).not.toBeNull();
    expect(await model.countDocuments({ group: 'even' }).exec()).toBe(125);
    expect((await model.aggregate([{ $match: {} }, { $group: { _id: '$group', count: { $sum: 1 } } }]).exec()).length).toBe(2);
    const stream = model.find().lean().cursor({ batchSize: 10 });
    await stream.next();
    await stream.close();
    expect(ledger.open()).toEqual([]);
  });

  it('counts a cursor left unread, kills it as too old, and the server forgets it', async () => {
    const cursor = connection.db!.collection('rows').find({}, { batchSize: 5 });
    await cursor.next(); // the first batch of 5: the cursor stays open on the server for the rest
    expect(ledger.open()).toHaveLength(1);
    const killed = await ledger.sweep(Date.now() + 61_000);
    expect(killed).toHaveLength(1);
    expect(ledger.open()).toEqual([]);
    // The driver asks for the next batch of a cursor the server no longer has.
    await expect(cursor.toArray()).rejects.toThrow(/cursor/i);
  });

  it('kills the oldest beyond the limit of open cursors', async () => {
    const cursors = [];
    for (let i = 0; i < 3; i += 1) {
      const cursor = connection.db!.collection('rows').find({}, { batchSize: 5 });
      await cursor.next();
      cursors.push(cursor);
    }
    expect(ledger.open()).toHaveLength(3);
    expect(await ledger.sweep()).toHaveLength(1);
    expect(ledger.open()).toHaveLength(2);
    await Promise.all(cursors.map((cursor) => cursor.close()));
    expect(ledger.open()).toEqual([]);
  });
});
