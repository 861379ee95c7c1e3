import { candidateDocumentData } from '../candidates/candidate-document-data.fixture';
import { candidateResult } from '../candidates/candidate-result.fixture';
import { awardVariant, chooseCertificate, NoPublishedResultError, NoSuchCertificateError, publishedResult } from './certificate-award';

const mains = candidateResult();
const advanced = candidateResult({ level: 'Advanced', score: 61, maxMarks: 150, rank: 40, medal: null, qualified: false, nextLevel: null });
const withResults = (...results: ReturnType<typeof candidateResult>[]) => candidateDocumentData({ results });

const refusal = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    if (error instanceof NoSuchCertificateError || error instanceof NoPublishedResultError) return error.message;
    throw error;
  }
  throw new Error('not refused');
};

describe('publishedResult (the result a candidate is shown)', () => {
  it('is the level asked, or the latest published (Super Advanced > Advanced > Mains)', () => {
    expect(publishedResult(withResults(mains, advanced)).level).toBe('Advanced');
    expect(publishedResult(withResults(mains, advanced), 'Mains')).toBe(mains);
    expect(publishedResult(withResults(mains))).toBe(mains);
  });

  it('is refused with a sentence when none is published (for the level asked)', () => {
    expect(refusal(() => publishedResult(withResults()))).toBe('No result of KBE123456ABC is published yet');
    expect(refusal(() => publishedResult(withResults(mains), 'Advanced'))).toBe('No result of KBE123456ABC is published for the Advanced level');
  });
});

describe('chooseCertificate (which certificate a download gets)', () => {
  it('is the certificate before results (null) without any published result and nothing asked', () => {
    expect(chooseCertificate(withResults())).toBeNull();
  });

  it('is the best kind earned at the latest published level: merit > qualifying > participation', () => {
    expect(chooseCertificate(withResults(mains))).toEqual({ kind: 'merit', result: mains });
    expect(chooseCertificate(withResults(candidateResult({ medal: null, rank: 12 })))?.kind).toBe('qualifying');
    expect(chooseCertificate(withResults(mains, advanced))).toEqual({ kind: 'participation', result: advanced });
  });

  it('gives the kind and level asked when earned', () => {
    expect(chooseCertificate(withResults(mains, advanced), { level: 'Mains', kind: 'qualifying' })).toEqual({ kind: 'qualifying', result: mains });
    expect(chooseCertificate(withResults(mains, advanced), { level: 'Mains' })?.kind).toBe('merit');
    expect(chooseCertificate(withResults(mains, advanced), { kind: 'participation' })).toEqual({ kind: 'participation', result: advanced });
  });

  it('refuses a kind not earned with a sentence that says why', () => {
    expect(refusal(() => chooseCertificate(withResults(mains, advanced), { kind: 'merit' }))).toBe('No merit certificate: KBE123456ABC won no medal at the Advanced level');
    expect(refusal(() => chooseCertificate(withResults(advanced), { kind: 'qualifying' }))).toBe(
      'No qualifying certificate: KBE123456ABC did not qualify for the next level at the Advanced level',
    );
    const top = candidateResult({ level: 'Super Advanced', maxMarks: 200, qualified: true, nextLevel: null });
    expect(refusal(() => chooseCertificate(withResults(top), { kind: 'qualifying' }))).toBe(
      'No qualifying certificate: Super Advanced is the last level, there is no next level to qualify for',
    );
  });

  it('refuses a level without a published result, and a kind or level asked before any result', () => {
    expect(refusal(() => chooseCertificate(withResults(mains), { level: 'Advanced' }))).toBe('No result of KBE123456ABC is published for the Advanced level');
    expect(refusal(() => chooseCertificate(withResults(), { kind: 'participation' }))).toBe('No result of KBE123456ABC is published yet');
  });

  it('passes over a level the candidate missed, and refuses an absentee every kind', () => {
    const absentAdvanced = candidateResult({ ...advanced, absent: true, score: null, rank: null });
    expect(chooseCertificate(withResults(mains, absentAdvanced))).toEqual({ kind: 'merit', result: mains });
    const absentMains = candidateResult({ absent: true, score: null, rank: null, medal: null, qualified: false, nextLevel: null });
    expect(refusal(() => chooseCertificate(withResults(absentMains)))).toBe('No certificate: KBE123456ABC was absent at the Mains level');
    expect(refusal(() => chooseCertificate(withResults(absentMains), { kind: 'participation' }))).toBe(
      'No participation certificate: KBE123456ABC was absent at the Mains level',
    );
  });

  it('names each award apart for the cache key', () => {
    expect(awardVariant({ kind: 'merit', result: mains })).toBe('mains-merit');
    expect(awardVariant({ kind: 'qualifying', result: candidateResult({ level: 'Super Advanced' }) })).toBe('super-advanced-qualifying');
  });
});
