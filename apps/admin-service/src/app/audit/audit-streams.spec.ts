import {
  descendingRuns,
  filterPositions,
  matchesFilters,
  pagePositions,
  positionKey,
  positionsAfter,
  postingKey,
  streamsOfEntry,
  streamsOfQuery,
} from './audit-streams';

describe('audit streams', () => {
  const entry = { actor: 'chief', action: 'candidate.fees', targetId: 'KBE900001SGL' };

  it('keys positions at one length, so a posting key ends with its position whatever the value holds', () => {
    expect(positionKey(123)).toBe('0000000123');
    expect(postingKey('target:job:7', 5)).toBe('target:job:7:0000000005');
    expect(streamsOfEntry(entry)).toEqual({ actor: 'actor:chief', action: 'action:candidate.fees', target: 'target:KBE900001SGL' });
  });

  it('asks one stream per filter given', () => {
    expect(streamsOfQuery({})).toEqual([]);
    expect(streamsOfQuery({ target: 'KBE900001SGL', actor: 'chief', action: undefined })).toEqual(['actor:chief', 'target:KBE900001SGL']);
  });

  it('keeps an entry only when it has every value given', () => {
    expect(matchesFilters(entry, {})).toBe(true);
    expect(matchesFilters(entry, { actor: 'chief', target: 'KBE900001SGL' })).toBe(true);
    expect(matchesFilters(entry, { actor: 'chief', action: 'sms.send' })).toBe(false);
  });

  it('pages newest first: the highest positions on page 1, the rest on the last, nothing beyond', () => {
    expect(pagePositions(45, 1, 20)).toEqual(Array.from({ length: 20 }, (_, i) => 45 - i));
    expect(pagePositions(45, 3, 20)).toEqual([5, 4, 3, 2, 1]);
    expect(pagePositions(45, 4, 20)).toEqual([]);
    expect(pagePositions(0, 1, 20)).toEqual([]);
  });

  it('reads a whole stream newest first in runs', () => {
    expect(descendingRuns(7, 3)).toEqual([[7, 6, 5], [4, 3, 2], [1]]);
    expect(descendingRuns(0, 3)).toEqual([]);
  });

  it('hands entries written together the positions after the counts, one after the other in a stream they share', () => {
    const next = positionsAfter(new Map([['all', 41], ['actor:chief', 9]]));
    expect(next('all')).toBe(42);
    expect(filterPositions(entry, next)).toEqual({ actor: 10, action: 1, target: 1 });
    expect(filterPositions({ ...entry, targetId: 'KBE900002SGL' }, next)).toEqual({ actor: 11, action: 2, target: 1 });
    expect(next('all')).toBe(43);
  });
});
