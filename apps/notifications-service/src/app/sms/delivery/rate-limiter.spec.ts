import { RateLimiter } from './rate-limiter';

describe('RateLimiter', () => {
  it('lets a second worth through at once, then paces at the configured rate', async () => {
    let clock = 0;
    const sleeps: number[] = [];
    const limiter = new RateLimiter(
      10,
      () => clock,
      async (ms) => {
        sleeps.push(ms);
        clock += ms;
      },
    );
    for (let i = 0; i < 10; i += 1) await limiter.acquire();
    expect(clock).toBe(0);
    for (let i = 0; i < 20; i += 1) await limiter.acquire();
    expect(clock).toBeGreaterThanOrEqual(2_000);
    expect(clock).toBeLessThan(2_200);
  });

  it('counts a request of several SMS as that many', async () => {
    let clock = 0;
    const limiter = new RateLimiter(
      100,
      () => clock,
      async (ms) => {
        clock += ms;
      },
    );
    await limiter.acquire(100);
    expect(clock).toBe(0);
    await limiter.acquire(50);
    expect(clock).toBe(500);
    // Larger than the bucket: waits for a full bucket instead of forever.
    await limiter.acquire(250);
    expect(clock).toBe(1_500);
  });

  it('never waits when the limit is 0', async () => {
    const limiter = new RateLimiter(0, () => 0, () => Promise.reject(new Error('slept')));
    await Promise.all(Array.from({ length: 1000 }, () => limiter.acquire()));
  });
});
