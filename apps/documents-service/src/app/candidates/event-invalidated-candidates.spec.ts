import type { CandidateDirectory, CandidateDocumentData } from './candidate-directory';
import { candidateDocumentData } from './candidate-document-data.fixture';
import { EventInvalidatedCandidates } from './event-invalidated-candidates';

function candidate(code: string, motherName: string): CandidateDocumentData {
  const data = candidateDocumentData({ candidateCode: code });
  return { ...data, personalDetails: { ...data.personalDetails, motherName } };
}

/** registration-service as a table; each lookup can be held back to let a change overtake it. */
function directory() {
  const records = new Map<string, CandidateDocumentData>();
  const lookups: string[] = [];
  let hold: Promise<void> | undefined;
  const fake: CandidateDirectory = {
    find: async (code) => {
      lookups.push(code);
      const answer = records.get(code) ?? null;
      await hold;
      return answer;
    },
    file: async () => Buffer.alloc(0),
  };
  return { fake, records, lookups, holdLookups: (until: Promise<void>) => (hold = until) };
}

describe('EventInvalidatedCandidates', () => {
  const options = (listening = true) => ({ listening: () => listening, maxEntries: 2, maxAgeMs: 60_000 });

  it('asks registration-service once, until the candidate changes', async () => {
    const { fake, records, lookups } = directory();
    records.set('KBE1', candidate('KBE1', 'Meena'));
    const candidates = new EventInvalidatedCandidates(fake, options());
    await candidates.find('KBE1');
    expect((await candidates.find('KBE1'))?.personalDetails.motherName).toBe('Meena');
    records.set('KBE1', candidate('KBE1', 'Hema'));
    candidates.forget('KBE1');
    expect((await candidates.find('KBE1'))?.personalDetails.motherName).toBe('Hema');
    expect(lookups).toEqual(['KBE1', 'KBE1']);
  });

  it('asks registration-service on findFresh even when a copy is kept, and keeps the fresh record', async () => {
    const { fake, records, lookups } = directory();
    records.set('KBE1', candidate('KBE1', 'Meena'));
    const candidates = new EventInvalidatedCandidates(fake, options());
    await candidates.find('KBE1');
    records.set('KBE1', candidate('KBE1', 'Hema')); // its change event has not arrived yet
    expect((await candidates.find('KBE1'))?.personalDetails.motherName).toBe('Meena');
    expect((await candidates.findFresh('KBE1'))?.personalDetails.motherName).toBe('Hema');
    expect((await candidates.find('KBE1'))?.personalDetails.motherName).toBe('Hema');
    expect(lookups).toEqual(['KBE1', 'KBE1']);
  });

  it('does not keep a lookup that a change overtook (it may hold the old record)', async () => {
    const { fake, records, lookups, holdLookups } = directory();
    records.set('KBE1', candidate('KBE1', 'Meena'));
    const candidates = new EventInvalidatedCandidates(fake, options());
    let release!: () => void;
    void holdLookups(new Promise((resolve) => (release = resolve)));
    const slow = candidates.find('KBE1'); // reads 'Meena'
    records.set('KBE1', candidate('KBE1', 'Hema'));
    candidates.forget('KBE1');
    release();
    expect((await slow)?.personalDetails.motherName).toBe('Meena');
    expect((await candidates.find('KBE1'))?.personalDetails.motherName).toBe('Hema');
    expect(lookups).toEqual(['KBE1', 'KBE1']);
  });

  it('keeps nothing while change events are not heard, nor unknown codes', async () => {
    const { fake, records, lookups } = directory();
    records.set('KBE1', candidate('KBE1', 'Meena'));
    const deaf = new EventInvalidatedCandidates(fake, options(false));
    await deaf.find('KBE1');
    await deaf.find('KBE1');
    const listening = new EventInvalidatedCandidates(fake, options());
    await listening.find('KBE9');
    await listening.find('KBE9');
    expect(lookups).toEqual(['KBE1', 'KBE1', 'KBE9', 'KBE9']);
  });

  it('forgets everything when events may have been missed, the least recently used beyond its bound, and what is too old', async () => {
    const { fake, records, lookups } = directory();
    for (const code of ['KBE1', 'KBE2', 'KBE3']) records.set(code, candidate(code, 'Meena'));
    let now = 0;
    const candidates = new EventInvalidatedCandidates(fake, { ...options(), now: () => now });
    await candidates.find('KBE1');
    candidates.forgetAll();
    await candidates.find('KBE1'); // asked again
    await candidates.find('KBE2');
    await candidates.find('KBE3'); // KBE1 leaves (bound 2)
    await candidates.find('KBE1');
    now = 60_001;
    await candidates.find('KBE1');
    expect(lookups).toEqual(['KBE1', 'KBE1', 'KBE2', 'KBE3', 'KBE1', 'KBE1']);
  });
});
