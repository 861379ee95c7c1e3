import { duplicateInsertIndexes, duplicateKeyField, insertUnlessDuplicate, UNNAMED_INDEX } from './duplicate-key';

describe('duplicateKeyField', () => {
  it('names the field from MongoDB keyPattern or from the FerretDB message', () => {
    expect(duplicateKeyField({ code: 11000, keyPattern: { fingerprint: 1 } })).toBe('fingerprint');
    expect(duplicateKeyField({ code: 11000, message: 'E11000 duplicate key error collection: db.candidates index: candidateCode_1' })).toBe(
      'candidateCode',
    );
    expect(duplicateKeyField({ code: 11000, message: 'E11000 duplicate key error collection: db.candidates index: _id_ dup key: { _id: "KBE1" }' })).toBe(
      '_id',
    );
  });

  it('is UNNAMED_INDEX for a FerretDB duplicate, whose message names no index', () => {
    expect(duplicateKeyField({ code: 11000, message: 'E11000 duplicate key error collection: db.candidates' })).toBe(UNNAMED_INDEX);
  });

  it('is null for other errors', () => {
    expect(duplicateKeyField(new Error('boom'))).toBeNull();
    expect(duplicateKeyField({ code: 121 })).toBeNull();
  });
});

describe('insertUnlessDuplicate', () => {
  const uniqueFields = { fingerprint: 'fingerprint', candidateCode: 'code' } as const;
  const failingWith = (error: unknown) => () => Promise.reject(error);

  it('is inserted when the insert succeeds', async () => {
    await expect(insertUnlessDuplicate(() => Promise.resolve(), uniqueFields)).resolves.toEqual({ inserted: true });
  });

  it('names the refused unique field by the caller\'s name for it', async () => {
    const onCode = { code: 11000, message: 'E11000 duplicate key error collection: db.candidates index: candidateCode_1' };
    await expect(insertUnlessDuplicate(failingWith(onCode), uniqueFields)).resolves.toEqual({ duplicate: 'code' });
    await expect(insertUnlessDuplicate(failingWith({ code: 11000, keyPattern: { fingerprint: 1 } }), uniqueFields)).resolves.toEqual({
      duplicate: 'fingerprint',
    });
  });

  it('asks `identify` which unique index refused when the server does not say (FerretDB)', async () => {
    const unnamed = { code: 11000, message: 'E11000 duplicate key error collection: db.candidates' };
    await expect(insertUnlessDuplicate(failingWith(unnamed), uniqueFields, async () => 'fingerprint' as const)).resolves.toEqual({
      duplicate: 'fingerprint',
    });
    await expect(insertUnlessDuplicate(failingWith(unnamed), uniqueFields)).rejects.toBe(unnamed);
  });

  it('throws a duplicate on another field and any other error', async () => {
    const onOther = { code: 11000, keyPattern: { eventId: 1 } };
    await expect(insertUnlessDuplicate(failingWith(onOther), uniqueFields)).rejects.toBe(onOther);
    await expect(insertUnlessDuplicate(failingWith({ code: 11000, keyPattern: { constructor: 1 } }), uniqueFields)).rejects.toBeDefined();
    const boom = new Error('boom');
    await expect(insertUnlessDuplicate(failingWith(boom), uniqueFields)).rejects.toBe(boom);
  });
});

describe('duplicateInsertIndexes', () => {
  it('names the refused documents of an unordered insertMany when all it refused were duplicates', () => {
    expect(duplicateInsertIndexes({ code: 11000, writeErrors: [{ index: 1, code: 11000 }, { index: 4, code: 11000 }] })).toEqual(new Set([1, 4]));
  });

  it('is null when anything else was refused too, or for another error', () => {
    expect(duplicateInsertIndexes({ code: 11000, writeErrors: [{ index: 1, code: 11000 }, { index: 2, code: 121 }] })).toBeNull();
    expect(duplicateInsertIndexes(new Error('connection reset'))).toBeNull();
  });

  it('is the one document of a single insert refused as a duplicate', () => {
    expect(duplicateInsertIndexes({ code: 11000 })).toEqual(new Set([0]));
  });
});
