import type { CandidateSearchResult } from '@kbe/contracts';
import { CandidateSearchCache, SEARCH_CACHE_TTL_MS } from './candidate-search.cache';

const answer = (fullName: string) => ({ candidateCode: 'KBE123456K7Q', fullName }) as CandidateSearchResult;

describe('CandidateSearchCache', () => {
  afterEach(() => jest.useRealTimers());

  it('answers a repeated search from memory until the entry expires', async () => {
    jest.useFakeTimers({ now: new Date('2025-10-20T10:00:00Z') });
    const cache = new CandidateSearchCache();
    const load = jest.fn(async () => answer('Aarav Patil'));
    await cache.lookup('KBE123456K7Q', load);
    await expect(cache.lookup('KBE123456K7Q', load)).resolves.toEqual(answer('Aarav Patil'));
    expect(load).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(SEARCH_CACHE_TTL_MS + 1);
    await cache.lookup('KBE123456K7Q', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('does not keep a miss: a candidate registered a moment later is found at once', async () => {
    const cache = new CandidateSearchCache();
    await expect(cache.lookup('KBE123456K7Q', async () => null)).resolves.toBeNull();
    await expect(cache.lookup('KBE123456K7Q', async () => answer('Aarav Patil'))).resolves.toEqual(answer('Aarav Patil'));
  });

  it('forgets a changed candidate', async () => {
    const cache = new CandidateSearchCache();
    await cache.lookup('KBE123456K7Q', async () => answer('Aarav Patil'));
    cache.forget(['KBE123456K7Q']);
    await expect(cache.lookup('KBE123456K7Q', async () => answer('Aarav S. Patil'))).resolves.toEqual(answer('Aarav S. Patil'));
  });

  it('does not keep an answer read while a change was under way (it may be the old one)', async () => {
    const cache = new CandidateSearchCache();
    let finishRead!: () => void;
    const read = cache.lookup('KBE123456K7Q', () => new Promise((resolve) => (finishRead = () => resolve(answer('Aarav Patil')))));
    cache.forget(['KBE123456K7Q']);
    finishRead();
    await read;
    const load = jest.fn(async () => answer('Aarav S. Patil'));
    await expect(cache.lookup('KBE123456K7Q', load)).resolves.toEqual(answer('Aarav S. Patil'));
    expect(load).toHaveBeenCalledTimes(1);
  });
});
