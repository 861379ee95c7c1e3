import { readResultsCsv } from './results-csv.reader';
import { checkResults, type LevelSeat, type SeatedCandidate } from './results-import.check';

const seat = (n: number, absent: boolean | null = false): LevelSeat => ({ candidateCode: `KBE70000${n}ABC`, rollNumber: `M-21-014-000${n}-0`, centreCode: 'NSK01', room: 'R1', absent });
const registered = (...ns: number[]) => new Map<string, SeatedCandidate>(ns.map((n) => [`KBE70000${n}ABC`, { category: 'Prime', schoolCode: 'SCH-AAAAAA' }]));
const check = (csv: string, seats = [seat(1), seat(2)], candidates = registered(1, 2)) =>
  checkResults({ level: 'Mains', lines: readResultsCsv(csv).lines, seats, otherLevels: [], candidates });

describe('readResultsCsv', () => {
  it('reads the columns in any order and case, names upper-cased, and either name column alone', () => {
    expect(readResultsCsv('ABSENT,Score,Candidate Code\nNo,72.5,kbe700001abc\n')).toEqual({
      lines: [{ line: 2, rollNumber: null, candidateCode: 'KBE700001ABC', score: '72.5', absent: 'no' }],
      problems: [],
    });
  });

  it('refuses a header without score, absent, or any name column, and a file with no lines', () => {
    const header = 'The first line must name the columns score and absent, and roll number or candidate code';
    expect(readResultsCsv('roll number,score\nM-21-014-0001-0,50\n').problems).toEqual([{ line: 1, field: 'header', message: header }]);
    expect(readResultsCsv('score,absent\n50,no\n').problems).toEqual([{ line: 1, field: 'header', message: header }]);
    expect(readResultsCsv('roll number,score,absent\n').problems).toEqual([{ line: 1, field: 'header', message: 'The file has no lines after the header' }]);
  });
});

describe('checkResults', () => {
  it('takes a score in whole or half marks, or absent with no score; absent is yes, no or empty in any case', () => {
    const { entries, problems } = check('roll number,score,absent\nM-21-014-0001-0,72.5,\nM-21-014-0002-0,,YES\n');
    expect(problems).toEqual([]);
    expect(entries.map((entry) => [entry.candidateCode, entry.score, entry.absent, entry.category])).toEqual([
      ['KBE700001ABC', 72.5, false, 'Prime'],
      ['KBE700002ABC', null, true, 'Prime'],
    ]);
  });

  it('reports every problem of a line, each on its field', () => {
    const { entries, problems } = check('roll number,score,absent\nM-21-014-0001-0,-3,maybe\nM-21-014-0002-0,7.3,no\n');
    expect(problems).toEqual([
      { line: 2, field: 'absent', message: 'absent must be yes or no (empty means no)' },
      { line: 2, field: 'score', message: 'Score must be between 0 and 100 (the Mains paper)' },
      { line: 3, field: 'score', message: 'Score must be in whole or half marks, e.g. 72 or 72.5' },
    ]);
    expect(entries).toEqual([]);
  });

  it('expects no line of a seated candidate erased since the paper, and needs a line of every other seated candidate', () => {
    const { problems } = check('roll number,score,absent\nM-21-014-0001-0,50,no\n', [seat(1), seat(2), seat(3)], registered(1, 2));
    expect(problems).toEqual([{ line: null, field: null, message: 'No line for roll number M-21-014-0002-0 (candidate KBE700002ABC), seated for Mains' }]);
  });

  it('takes absent on a line of a candidate the attendance marked present (the sheet is the later word), but no score of one marked absent', () => {
    const { problems } = check('roll number,score,absent\nM-21-014-0001-0,,yes\nM-21-014-0002-0,40,no\n', [seat(1, false), seat(2, true)]);
    expect(problems).toEqual([
      { line: 3, field: 'score', message: 'The attendance of room R1 at NSK01 marked this candidate absent; correct the attendance or mark the line absent' },
    ]);
  });
});
