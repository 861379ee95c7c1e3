import { insertBatcher, WriteBatcher } from './write-batcher';

const duplicate = (index: number) => ({ index, code: 11000, errmsg: `E11000 duplicate key error collection: t.rows (item ${index})` });

describe('WriteBatcher', () => {
  it('writes the items submitted in one turn of the event loop as one batch, in order', async () => {
    const batches: number[][] = [];
    const batcher = new WriteBatcher<number>(async (items) => void batches.push(items));
    await Promise.all([1, 2, 3].map((n) => batcher.submit(n)));
    expect(batches).toEqual([[1, 2, 3]]);
  });

  it('gathers what arrives while a batch is being written into the next one', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const first = new Promise<void>((resolve) => (release = resolve));
    const batcher = new WriteBatcher<number>(async (items) => {
      batches.push(items);
      if (batches.length === 1) await first;
    });
    const one = batcher.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    const later = [2, 3, 4].map((n) => batcher.submit(n));
    await new Promise((resolve) => setImmediate(resolve));
    expect(batches).toEqual([[1]]);
    release();
    await Promise.all([one, ...later]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('rejects only the callers whose items were refused, with their own errors', async () => {
    const batcher = new WriteBatcher<string>(async (items) => items.map((item) => (item === 'bad' ? new Error(`refused ${item}`) : undefined)));
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((item) => batcher.submit(item)));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toEqual(new Error('refused bad'));
  });

  it('fails every caller of a batch whose statement failed, and keeps serving later ones', async () => {
    let down = true;
    const batcher = new WriteBatcher<number>(async () => {
      if (down) throw new Error('connection closed');
    });
    const failed = await Promise.allSettled([1, 2].map((n) => batcher.submit(n)));
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected']);
    down = false;
    await expect(batcher.submit(3)).resolves.toBeUndefined();
  });

  it('splits a crowd into batches of at most the maximum', async () => {
    const sizes: number[] = [];
    const batcher = new WriteBatcher<number>(async (items) => void sizes.push(items.length), 2);
    await Promise.all([1, 2, 3, 4, 5].map((n) => batcher.submit(n)));
    expect(sizes).toEqual([2, 2, 1]);
  });
});

describe('insertBatcher', () => {
  it('maps the refused documents of an unordered insertMany back to their callers as duplicate key errors', async () => {
    const inserted: string[] = [];
    const collection = {
      insertMany: async (docs: Array<{ _id: string }>) => {
        const writeErrors = docs.map((doc, index) => (doc._id === 'taken' ? duplicate(index) : null)).filter((entry) => entry !== null);
        inserted.push(...docs.filter((doc) => doc._id !== 'taken').map((doc) => doc._id));
        if (writeErrors.length > 0) throw Object.assign(new Error('bulk write failed'), { code: 11000, writeErrors });
        return { insertedCount: docs.length };
      },
    };
    const batcher = insertBatcher(collection);
    const results = await Promise.allSettled(['a', 'taken', 'b'].map((_id) => batcher.submit({ _id })));
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason).toMatchObject({ code: 11000, message: expect.stringContaining('E11000') });
    expect(inserted).toEqual(['a', 'b']);
  });

  it('fails the whole batch on an error that names no document', async () => {
    const batcher = insertBatcher({ insertMany: async () => Promise.reject(new Error('server selection timed out')) });
    const results = await Promise.allSettled([{ _id: 'a' }, { _id: 'b' }].map((doc) => batcher.submit(doc)));
    expect(results.map((result) => (result as PromiseRejectedResult).reason?.message)).toEqual(['server selection timed out', 'server selection timed out']);
  });
});
