import { csvCell, csvLine, CsvSyntaxError, parseCsv } from './csv';

describe('csvCell: one cell of an export a spreadsheet opens', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","click")', `"'=HYPERLINK(""http://evil.example"",""click"")"`],
    ['+91 98765 43210', "'+91 98765 43210"],
    ['-5', "'-5"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\tcmd', "'\tcmd"],
  ])('neutralises a formula: %s', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('quotes commas, quotes and line breaks, and leaves plain text and numbers as they are', () => {
    expect(csvCell('Patil, Aarav')).toBe('"Patil, Aarav"');
    expect(csvCell('He said "yes"')).toBe('"He said ""yes"""');
    expect(csvCell('line one\nline two')).toBe('"line one\nline two"');
    expect(csvCell('आरव पाटील')).toBe('आरव पाटील');
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
  });

  it('ends a line with CRLF', () => {
    expect(csvLine(['KBE123456K7Q', 'Patil, Aarav', '=1+1'])).toBe(`KBE123456K7Q,"Patil, Aarav",'=1+1\r\n`);
  });
});

describe('parseCsv: an uploaded sheet', () => {
  it('reads quoted cells with commas, doubled quotes and line breaks, and numbers rows by the line they start on', () => {
    const rows = parseCsv('code,seat\r\nKBE1,"A, 12"\n"KBE2","say ""hi"""\nKBE3,"two\nlines"\nKBE4,B-1');
    expect(rows).toEqual([
      { line: 1, cells: ['code', 'seat'] },
      { line: 2, cells: ['KBE1', 'A, 12'] },
      { line: 3, cells: ['KBE2', 'say "hi"'] },
      { line: 4, cells: ['KBE3', 'two\nlines'] },
      { line: 6, cells: ['KBE4', 'B-1'] },
    ]);
  });

  it('drops a byte-order mark and blank lines, keeps empty cells', () => {
    expect(parseCsv('\uFEFFa,b\n\n , \nx,\n')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 4, cells: ['x', ''] },
    ]);
  });

  it('reads what csvLine wrote back to the same values (formula marks aside)', () => {
    const values = ['Patil, Aarav', 'He said "yes"', 'two\nlines', 'आरव'];
    expect(parseCsv(csvLine(values))).toEqual([{ line: 1, cells: values }]);
  });

  it('reads CR line ends and a mix of CRLF and LF as a hand-edited sheet has them', () => {
    expect(parseCsv('a,b\rc,d\r\ne,f\ng,h')).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['c', 'd'] },
      { line: 3, cells: ['e', 'f'] },
      { line: 4, cells: ['g', 'h'] },
    ]);
  });

  it('refuses an unclosed quote with the line where reading stopped', () => {
    let error: unknown;
    try {
      parseCsv('a,b\n"c,d\ne,f');
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CsvSyntaxError);
    expect((error as CsvSyntaxError).line).toBeGreaterThanOrEqual(2);
  });

  it('stops a runaway row at the longest a row may be', () => {
    expect(() => parseCsv(`a,"${'x'.repeat(200)}"\n`, { maxRowLength: 100 })).toThrow(CsvSyntaxError);
    expect(parseCsv(`a,"${'x'.repeat(50)}"\n`, { maxRowLength: 100 })).toEqual([{ line: 1, cells: ['a', 'x'.repeat(50)] }]);
  });
});
