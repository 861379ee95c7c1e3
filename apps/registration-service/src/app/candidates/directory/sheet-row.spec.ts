import { CandidateDirectory } from './candidate-directory';
import { directoryEntryOf } from './directory-entry';
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

  it('answers the exam time as ISO 8601 text in India time', () => {
    const sheet = { ...entry('KBE000001AAA').sheet, examTime: Date.parse('2025-11-05T04:30:00Z') };
    expect(sheetRowOf(entry('KBE000001AAA', { sheet })).examTime).toBe('2025-11-05T10:00:00+05:30');
  });

  it('reads an exam time stored as a date, and one stored as the text typed before it was a date', () => {
    const stored = { candidateCode: 'KBE000001AAA', createdAt: new Date(T0), nameSearch: 'some one', phoneNumber: '9000000000', mentorCode: 'MEN-AAAAAA', schoolCode: 'SCH-AAAAAA' };
    expect(sheetRowOf(directoryEntryOf({ ...stored, examTime: new Date('2025-11-05T04:30:00Z') })).examTime).toBe('2025-11-05T10:00:00+05:30');
    expect(sheetRowOf(directoryEntryOf({ ...stored, examTime: '2025-11-05T10:00:00+05:30' })).examTime).toBe('2025-11-05T10:00:00+05:30');
    expect(sheetRowOf(directoryEntryOf({ ...stored, examTime: null })).examTime).toBe('TBA');
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
