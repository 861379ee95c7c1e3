import { WriteQueue } from './write-queue';

describe('WriteQueue', () => {
  /** A write that records when it starts and finishes when the test says so. */
  function gate(name: string, log: string[]) {
    let open!: () => void;
    const opened = new Promise<void>((resolve) => (open = resolve));
    return {
      open: () => open(),
      write: async () => {
        log.push(`start ${name}`);
        await opened;
        log.push(`end ${name}`);
        return name;
      },
    };
  }
  const settle = () => new Promise((resolve) => setImmediate(resolve));

  it('runs one write at a time, urgent ones before the normal ones waiting', async () => {
    const log: string[] = [];
    const queue = new WriteQueue();
    const [outcomes, deletes, claim, claims] = ['outcomes', 'deletes', 'claim', 'claims'].map((name) => gate(name, log));
    const results = [
      queue.run(outcomes.write),
      queue.run(deletes.write),
      queue.run(claim.write, 'urgent'),
      queue.run(claims.write, 'urgent'),
    ];
    await settle();
    expect(log).toEqual(['start outcomes']);
    for (const step of [outcomes, claim, claims, deletes]) {
      step.open();
      await settle();
    }
    await expect(Promise.all(results)).resolves.toEqual(['outcomes', 'deletes', 'claim', 'claims']);
    expect(log).toEqual(['start outcomes', 'end outcomes', 'start claim', 'end claim', 'start claims', 'end claims', 'start deletes', 'end deletes']);
  });

  it('starts a write after the caller that queued it has finished its own synchronous work', async () => {
    const queue = new WriteQueue();
    let prepared = false;
    const seen = queue.run(async () => prepared);
    prepared = true;
    await expect(seen).resolves.toBe(true);
  });

  it('goes on after a write fails, and hands the error to its caller', async () => {
    const queue = new WriteQueue();
    const failed = queue.run(() => Promise.reject(new Error('duplicate key')));
    const next = queue.run(async () => 'written');
    await expect(failed).rejects.toThrow('duplicate key');
    await expect(next).resolves.toBe('written');
  });
});
