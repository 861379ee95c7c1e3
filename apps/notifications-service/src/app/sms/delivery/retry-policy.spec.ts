import { retryDelayMs } from './retry-policy';

describe('retryDelayMs', () => {
  const options = { maxAttempts: 5, baseMs: 500, maxMs: 4_000 };

  it('grows exponentially between half and all of base * 2^(attempt-1)', () => {
    expect(retryDelayMs(1, options, undefined, () => 0)).toBe(250);
    expect(retryDelayMs(1, options, undefined, () => 1)).toBe(500);
    expect(retryDelayMs(3, options, undefined, () => 0)).toBe(1_000);
    expect(retryDelayMs(3, options, undefined, () => 1)).toBe(2_000);
  });

  it('never waits longer than the cap, nor less than Retry-After', () => {
    expect(retryDelayMs(10, options, undefined, () => 1)).toBe(4_000);
    expect(retryDelayMs(1, options, 3_000, () => 1)).toBe(3_000);
  });
});
