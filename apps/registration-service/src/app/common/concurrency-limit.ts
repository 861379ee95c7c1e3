/**
 * At most `limit` tasks run at once; the others wait their turn in arrival order. Used where work
 * leaves the event loop for a fixed pool of threads (sharp on libuv's pool), so a burst of
 * requests queues here instead of crowding the pool that file and crypto calls also need.
 */
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`Concurrency limit must be a positive integer, got ${limit}`);
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter (the count stays), else it is freed.
      if (next) next();
      else this.running -= 1;
    }
  }
}
