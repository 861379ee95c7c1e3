import { isolatedInfraEnv } from '@kbe/server-testing';
import { ObjectId } from 'mongodb';
import mongoose, { type Collection, type Connection } from 'mongoose';
import { moveFieldToId } from './move-field-to-id';

interface TokenDocument {
  _id: ObjectId | string;
  jti?: string;
  expiresAt: Date;
}

/** Documents of a store keyed the old way (ObjectId `_id`, the key in `jti`) moved to `_id` = the key. */
describe('moveFieldToId against the MongoDB-wire server', () => {
  const env = isolatedInfraEnv();
  const logger = { log: jest.fn() };
  let connection: Connection;
  let tokens: Collection<TokenDocument>;

  beforeAll(async () => {
    connection = await mongoose.createConnection(env['MONGODB_URI'] ?? '', { dbName: `${env.MONGODB_DB_PREFIX}-field-to-id` }).asPromise();
    tokens = connection.collection<TokenDocument>('revoked_tokens');
  });

  afterAll(async () => {
    await connection?.dropDatabase();
    await connection?.close();
  });

  it('does nothing to a collection that does not exist yet', async () => {
    expect(await moveFieldToId(connection.collection('nothing_yet'), 'key', logger)).toBe(0);
  });

  it('keys every document by its field, drops the index on it, and finds nothing left to do the second time', async () => {
    const expiresAt = new Date('2030-01-01T00:00:00Z');
    await tokens.createIndex({ jti: 1 }, { unique: true });
    await tokens.createIndex({ expiresAt: 1 });
    // More than one batch of the old shape.
    await tokens.insertMany(Array.from({ length: 620 }, (_, n) => ({ _id: new ObjectId(), jti: `jti-${n}`, expiresAt })));
    // An earlier run stopped after copying jti-0 and before deleting its original.
    await tokens.insertOne({ _id: 'jti-0', expiresAt });
    // A document already in the new shape, written since under the key of an old one: it is kept.
    await tokens.deleteOne({ jti: 'jti-1' });
    await tokens.insertMany([
      { _id: new ObjectId(), jti: 'jti-1', expiresAt: new Date('2029-01-01T00:00:00Z') },
      { _id: 'jti-1', expiresAt },
    ]);

    expect(await moveFieldToId(tokens, 'jti', logger)).toBe(620);

    const stored = await tokens.find({}).toArray();
    expect(stored).toHaveLength(620);
    expect(stored.every((doc) => typeof doc._id === 'string' && !('jti' in doc))).toBe(true);
    expect(await tokens.findOne({ _id: 'jti-619' })).toEqual({ _id: 'jti-619', expiresAt });
    expect(await tokens.findOne({ _id: 'jti-1' })).toEqual({ _id: 'jti-1', expiresAt });
    expect((await tokens.indexes()).map((index) => index.name).sort()).toEqual(['_id_', 'expiresAt_1']);
    // Two documents without the field: nothing refuses the second.
    await tokens.insertMany([{ _id: 'jti-new-a', expiresAt }, { _id: 'jti-new-b', expiresAt }]);

    expect(await moveFieldToId(tokens, 'jti', logger)).toBe(0);
    expect(await tokens.countDocuments()).toBe(622);
  });
});
