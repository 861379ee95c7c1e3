import { CandidateDirectory } from './candidate-directory';
import { entry, T0 } from './directory-entry.fixture';
import { sheetRowOf } from './sheet-row';

describe('export rows from the candidate directory', () => {
  it('says TBA for what is not assigned yet, and dates as ISO text', () => {
    expect(sheetRowOf(entry('KBE000001AAA'))).toMatchObject({
      candidateId: 'KBE000001AAA',
      name: 'Some One',
      center: 'TBA',
      seatNumber: 'TBA',
      examTime: 'TBA',
      receiptNumber: null,
      createdAt: new Date(T0).toISOString(),
      deletedAt: null,
    });
  });

  it('pages the rows of a filter in code order after a cursor', () => {
    const directory = new CandidateDirectory();
    const codes = ['KBE000003CCC', 'KBE000001AAA', 'KBE000002BBB', 'KBE000004DDD'];
    directory.replaceAll(directory.ticket(), codes.map((code, i) => entry(code, { feesPaid: i !== 2 })));
    const paid = { feesPaid: true };
    expect(directory.matchingAfter(paid, undefined, 2).map(sheetRowOf).map((row) => row.candidateId)).toEqual(['KBE000001AAA', 'KBE000003CCC']);
    expect(directory.matchingAfter(paid, 'KBE000003CCC', 2).map((row) => row.code)).toEqual(['KBE000004DDD']);
  });
});
