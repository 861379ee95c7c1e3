import type { DownloadAttemptsChangedPayload } from '@kbe/contracts';
import type { AttemptState, AttemptStatus } from './attempt-limiter';
import type { MongoAttemptLimiter } from './mongo.attempt-limiter';
import { ReplicatedAttemptLimiter } from './replicated-attempt-limiter';

const NOW = new Date('2025-11-01T10:00:00Z');
const inTenMinutes = new Date(NOW.getTime() + 600_000);

/** The MongoDB limiter as far as this needs it: what it stores, and how often it is read. */
function store(stored: AttemptState[] = []) {
  const reads: string[][] = [];
  const fake = {
    status: async (keys: string[]): Promise<AttemptStatus> => {
      reads.push(keys);
      return { lockedFor: 0, withFailures: new Set() };
    },
    recordFailure: async (keys: string[]) => keys.map((key) => stored.find((state) => state.key === key) ?? { key, failures: 1, lockedUntil: null }),
    reset: async (key: string) => {
      const lockedUntil = stored.find((state) => state.key === key)?.lockedUntil?.getTime() ?? 0;
      return lockedUntil > NOW.getTime() ? Math.ceil((lockedUntil - NOW.getTime()) / 1000) : 0;
    },
    state: async (key: string) => stored.find((state) => state.key === key) ?? { key, failures: 0, lockedUntil: null },
    active: async () => stored,
  };
  return { fake: fake as unknown as MongoAttemptLimiter, reads };
}

describe('ReplicatedAttemptLimiter', () => {
  function limiter(listening: boolean, stored: AttemptState[] = []) {
    const announced: DownloadAttemptsChangedPayload[] = [];
    const { fake, reads } = store(stored);
    const replicated = new ReplicatedAttemptLimiter(fake, {
      listening: () => listening,
      announce: async (payload) => void announced.push(payload),
      windowMs: 900_000,
    });
    return { replicated, announced, reads };
  }

  it('answers from what it heard, without reading MongoDB', async () => {
    const { replicated, reads } = limiter(true);
    replicated.heard({ key: 'candidate:KBE1', failures: 0, lockedUntil: inTenMinutes.toISOString() });
    replicated.heard({ key: 'client:203.0.113.1', failures: 2, lockedUntil: null });
    const status = await replicated.status(['candidate:KBE1', 'client:203.0.113.1'], NOW);
    expect(status.lockedFor).toBe(600);
    expect([...status.withFailures]).toEqual(['client:203.0.113.1']);
    expect(reads).toEqual([]);
  });

  it('reads MongoDB while the events are not heard', async () => {
    const { replicated, reads } = limiter(false);
    await replicated.status(['candidate:KBE1'], NOW);
    expect(reads).toEqual([['candidate:KBE1']]);
  });

  it('announces every stored failure and reset, and knows its own lock at once', async () => {
    const { replicated, announced } = limiter(true, [{ key: 'candidate:KBE1', failures: 0, lockedUntil: inTenMinutes }]);
    await replicated.recordFailure(['candidate:KBE1', 'client:203.0.113.1'], NOW);
    expect((await replicated.status(['candidate:KBE1'], NOW)).lockedFor).toBe(600);
    expect(await replicated.reset('client:203.0.113.1', NOW)).toBe(0);
    expect(announced).toEqual([
      { key: 'candidate:KBE1', failures: 0, lockedUntil: inTenMinutes.toISOString() },
      { key: 'client:203.0.113.1', failures: 1, lockedUntil: null },
      { key: 'client:203.0.113.1', failures: 0, lockedUntil: null },
    ]);
  });

  it('does not forget a key whose stored record holds a lock it has not heard of, and knows that lock from then on', async () => {
    const { replicated, announced } = limiter(true, [{ key: 'candidate:KBE1', failures: 0, lockedUntil: inTenMinutes }]);
    replicated.heard({ key: 'candidate:KBE1', failures: 2, lockedUntil: null });
    expect(await replicated.reset('candidate:KBE1', NOW)).toBe(600);
    expect((await replicated.status(['candidate:KBE1'], NOW)).lockedFor).toBe(600);
    expect(announced).toEqual([]);
  });

  it('never shortens a lock by an announcement that crossed it, and reloads what MongoDB holds', async () => {
    const { replicated } = limiter(true, [{ key: 'client:198.51.100.7', failures: 0, lockedUntil: inTenMinutes }]);
    replicated.heard({ key: 'candidate:KBE1', failures: 0, lockedUntil: inTenMinutes.toISOString() });
    replicated.heard({ key: 'candidate:KBE1', failures: 4, lockedUntil: null });
    expect((await replicated.status(['candidate:KBE1'], NOW)).lockedFor).toBe(600);
    await replicated.reload(NOW);
    expect((await replicated.status(['candidate:KBE1'], NOW)).lockedFor).toBe(0);
    expect((await replicated.status(['client:198.51.100.7'], NOW)).lockedFor).toBe(600);
  });
});
