import { ChunkLease } from './chunk-lease';

/** A lease of 1,000 ms on a clock the test moves by hand. */
function setup(answers: Array<boolean | Error>) {
  let now = 0;
  const writes: number[] = [];
  const lease = new ChunkLease(
    new Date(1_000),
    1_000,
    async (until) => {
      writes.push(until.getTime());
      const answer = answers.shift() ?? true;
      if (answer instanceof Error) throw answer;
      return answer;
    },
    () => now,
  );
  return { lease, writes, at: (ms: number) => (now = ms) };
}

describe('ChunkLease', () => {
  it('lets calls start while more than a quarter of the lease is left, and a renewal extends it', async () => {
    const { lease, writes, at } = setup([true]);
    at(700);
    expect(lease.held()).toBe(true);
    at(760);
    expect(lease.held()).toBe(false);
    await lease.renew();
    expect(writes).toEqual([1_760]);
    expect(lease.held()).toBe(true);
    at(1_500);
    expect(lease.held()).toBe(true);
  });

  it('stops calls for good once a renewal finds the chunk held by another sender', async () => {
    const { lease, at } = setup([false, true]);
    at(100);
    await lease.renew();
    expect(lease.held()).toBe(false);
    await lease.renew();
    expect(lease.held()).toBe(false);
  });

  it('keeps the old end when a renewal fails (the database did not answer), so a sender that cannot renew stops in time', async () => {
    const { lease, at } = setup([new Error('timed out')]);
    at(500);
    await lease.renew();
    expect(lease.held()).toBe(true);
    at(800);
    expect(lease.held()).toBe(false);
  });

  it('renews at once when started with half the lease already gone (a slow claim), and every quarter of the lease after', async () => {
    jest.useFakeTimers({ doNotFake: ['performance'] });
    try {
      const { lease, writes, at } = setup([]);
      at(600);
      await lease.start();
      expect(writes).toEqual([1_600]);
      at(850);
      await jest.advanceTimersByTimeAsync(250);
      expect(writes).toEqual([1_600, 1_850]);
      await lease.stop();
      await jest.advanceTimersByTimeAsync(1_000);
      expect(writes).toHaveLength(2);
    } finally {
      jest.useRealTimers();
    }
  });
});
