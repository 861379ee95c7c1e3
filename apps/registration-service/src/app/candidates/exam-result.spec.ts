import type { CandidateResult } from '@kbe/contracts';
import { examSeatOf } from './exam-seat.fixture';
import { FRESH_LEVEL_FACTS, hasLevelActivity, levelOf, publishResult, sameResult, withdrawResult, type ResultState } from './exam-result';

const { candidateCode: _code, ...seat } = examSeatOf('KBE123456K7Q');

/** A Mains candidate registered before levels existed: paid, seated, hall ticket out. */
const state = (fields: Partial<ResultState> = {}): ResultState => ({
  candidateCode: 'KBE123456K7Q',
  results: [],
  levelHistory: [],
  certificateReleased: false,
  feesPaid: true,
  receiptNumber: 'R-1',
  hallTicketReleased: true,
  hallTicketRelease: { releaseId: 'rel-1', eventQueued: true, releasedAt: new Date('2027-01-10T04:30:00Z'), releasedBy: 'admin' },
  examSeat: seat,
  seatNumber: seat.rollNumber,
  center: seat.centreName,
  examTime: new Date('2027-01-17T05:00:00Z'),
  ...fields,
});

const result = (fields: Partial<CandidateResult> = {}): CandidateResult => ({
  level: 'Mains',
  category: 'Sec',
  rollNumber: 'M-21-001-0001-4',
  score: 82.5,
  maxMarks: 100,
  absent: false,
  rank: 2,
  medal: 'silver',
  qualified: true,
  nextLevel: 'Advanced',
  publishedAt: '2027-03-01T10:00:00.000Z',
  ...fields,
});

describe('a published result on the candidate', () => {
  it('reads a record without a level as Mains', () => {
    expect(levelOf(undefined)).toBe('Mains');
    expect(levelOf(null)).toBe('Mains');
    expect(levelOf('Advanced')).toBe('Advanced');
  });

  it('moves a qualified Mains candidate on to Advanced with a fresh fee, hall ticket and seat, the Mains ones archived', () => {
    const before = state();
    const change = publishResult(before, result());
    expect(change).toMatchObject({ outcome: 'published', movedOn: true });
    expect(change.set).toEqual({
      results: [result()],
      resultLevels: ['Mains'],
      level: 'Advanced',
      ...FRESH_LEVEL_FACTS,
      levelHistory: [
        {
          level: 'Mains',
          feesPaid: true,
          receiptNumber: 'R-1',
          hallTicketReleased: true,
          hallTicketRelease: before.hallTicketRelease,
          examSeat: seat,
          seatNumber: seat.rollNumber,
          center: seat.centreName,
          examTime: before.examTime,
        },
      ],
    });
  });

  it('keeps a candidate who did not qualify (or sat the last level) where they are', () => {
    const notQualified = publishResult(state(), result({ qualified: false, nextLevel: null, medal: null, rank: 140 }));
    expect(notQualified).toEqual({ outcome: 'published', movedOn: false, set: { results: [expect.objectContaining({ rank: 140 })], resultLevels: ['Mains'] } });
    const last = publishResult(state({ level: 'Super Advanced' }), result({ level: 'Super Advanced', maxMarks: 200, qualified: true, nextLevel: null }));
    expect(last.movedOn).toBe(false);
    expect(last.set).not.toHaveProperty('level');
  });

  it('does not move on a candidate who no longer sits the result\'s level', () => {
    expect(publishResult(state({ level: 'Advanced' }), result()).movedOn).toBe(false);
  });

  it('answers unchanged for the same result, whenever it was published; a changed one replaces the stored one of its level', () => {
    const stored = state({ level: 'Advanced', results: [result()], resultLevels: ['Mains'] } as Partial<ResultState>);
    expect(publishResult(stored, result({ publishedAt: '2027-03-09T10:00:00.000Z' }))).toEqual({ outcome: 'unchanged', set: null, movedOn: false });
    expect(sameResult(result(), result({ score: 83 }))).toBe(false);
    const replaced = publishResult(stored, result({ score: 83, publishedAt: '2027-03-09T10:00:00.000Z' }));
    expect(replaced.set?.results).toEqual([result({ score: 83, publishedAt: '2027-03-09T10:00:00.000Z' })]);
    expect(replaced.movedOn).toBe(false);
  });

  it('keeps one result per level, in level order', () => {
    const advanced = result({ level: 'Advanced', maxMarks: 150, nextLevel: 'Super Advanced' });
    const change = publishResult(state({ level: 'Advanced', results: [result()] }), advanced);
    expect(change.set?.resultLevels).toEqual(['Mains', 'Advanced']);
    expect(change.set?.level).toBe('Super Advanced');
  });
});

describe('the withdrawal of a level\'s results from a candidate', () => {
  const movedOn = () => {
    const before = state();
    return { before, after: { ...before, ...publishResult(before, result()).set } as ResultState };
  };

  it('takes the result away and puts the archived Mains facts back', () => {
    const { before, after } = movedOn();
    const withdrawal = withdrawResult(after, 'Mains');
    expect(withdrawal).toEqual({
      movedBack: true,
      set: {
        results: [],
        resultLevels: [],
        level: 'Mains',
        levelHistory: [],
        feesPaid: true,
        receiptNumber: 'R-1',
        hallTicketReleased: true,
        hallTicketRelease: before.hallTicketRelease,
        examSeat: seat,
        seatNumber: seat.rollNumber,
        center: seat.centreName,
        examTime: before.examTime,
      },
    });
  });

  it('only takes the result from a candidate it did not move on', () => {
    expect(withdrawResult(state({ results: [result({ qualified: false, nextLevel: null })] }), 'Mains')).toEqual({ movedBack: false, set: { results: [], resultLevels: [] } });
  });

  it('is blocked by a released certificate, and by anything recorded at the next level', () => {
    expect(withdrawResult(state({ certificateReleased: true, results: [result()] }), 'Mains')).toEqual({ block: 'certificate-released' });
    const { after } = movedOn();
    expect(withdrawResult({ ...after, feesPaid: true }, 'Mains')).toEqual({ block: 'moved-on' });
    expect(withdrawResult({ ...after, seatNumber: 'A-21-001-0001-4' }, 'Mains')).toEqual({ block: 'moved-on' });
    expect(withdrawResult({ ...after, hallTicketReleased: true }, 'Mains')).toEqual({ block: 'moved-on' });
  });

  it('is blocked for a candidate who went on past the next level', () => {
    const { after } = movedOn();
    const advanced = result({ level: 'Advanced', maxMarks: 150, nextLevel: 'Super Advanced' });
    const further = { ...after, ...publishResult(after, advanced).set } as ResultState;
    expect(further.level).toBe('Super Advanced');
    expect(withdrawResult(further, 'Mains')).toEqual({ block: 'moved-on' });
    expect(withdrawResult(further, 'Advanced')).toMatchObject({ movedBack: true, set: { level: 'Advanced', resultLevels: ['Mains'] } });
  });

  it('counts a fee, a seat or a released hall ticket as activity at a level', () => {
    expect(hasLevelActivity(FRESH_LEVEL_FACTS)).toBe(false);
    expect(hasLevelActivity({ ...FRESH_LEVEL_FACTS, examSeat: seat })).toBe(true);
  });
});
