/**
 * Token bucket: at most `perSecond` tokens per second on average (one per SMS, so a request of
 * n recipients takes n), bursts up to one second's worth. 0 means no limit. Waiters are served
 * in order. A request larger than the bucket waits for a full bucket.
 */
export class RateLimiter {
  private tokens: number;
  private last: number;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
    private readonly sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  ) {
    this.tokens = perSecond;
    this.last = now();
  }

  acquire(count = 1): Promise<void> {
    if (this.perSecond <= 0) return Promise.resolve();
    const cost = Math.min(Math.max(count, 1), this.perSecond);
    const turn = this.queue.then(() => this.take(cost));
    this.queue = turn;
    return turn;
  }

  private async take(cost: number): Promise<void> {
    for (;;) {
      const now = this.now();
      this.tokens = Math.min(this.perSecond, this.tokens + ((now - this.last) / 1000) * this.perSecond);
      this.last = now;
      if (this.tokens >= cost) {
        this.tokens -= cost;
        return;
      }
      await this.sleep(Math.ceil(((cost - this.tokens) / this.perSecond) * 1000));
    }
  }
}
