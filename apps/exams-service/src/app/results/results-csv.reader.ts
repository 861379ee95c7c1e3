import { RESULTS_CSV_COLUMNS, type ResultsImportProblem } from '@kbe/contracts';
import { CsvSyntaxError, parseCsv } from '@kbe/server-csv';
import { RESULTS_MESSAGES } from './results.messages';

/** One line of the OMR results sheet as written: names upper-cased, score and absent still text. */
export interface ResultsLine {
  line: number;
  rollNumber: string | null;
  candidateCode: string | null;
  score: string;
  absent: string;
}

type Column = (typeof RESULTS_CSV_COLUMNS)[number];

/**
 * The results sheet: a header naming its columns (RESULTS_CSV_COLUMNS, any order and case; roll
 * number or candidate code, or both), a line per candidate. Only the file's form is judged here;
 * the lines are checked against the seats by checkResults.
 */
export function readResultsCsv(csv: string): { lines: ResultsLine[]; problems: ResultsImportProblem[] } {
  let rows;
  try {
    rows = parseCsv(csv, { maxRowLength: 4 * 1024 });
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return { lines: [], problems: [{ line: error.line ?? 1, field: 'header', message: RESULTS_MESSAGES.csvUnreadable }] };
  }
  const [header, ...body] = rows;
  const names = (header?.cells ?? []).map((cell) => cell.trim().toLowerCase());
  const at = (column: Column) => names.indexOf(column);
  const [rollAt, codeAt, scoreAt, absentAt] = RESULTS_CSV_COLUMNS.map(at) as [number, number, number, number];
  if (!header || scoreAt < 0 || absentAt < 0 || (rollAt < 0 && codeAt < 0)) {
    return { lines: [], problems: [{ line: header?.line ?? 1, field: 'header', message: RESULTS_MESSAGES.csvHeader }] };
  }
  const cell = (cells: readonly string[], index: number) => (index < 0 ? '' : (cells[index] ?? '').trim());
  const lines = body.map(
    (row): ResultsLine => ({
      line: row.line,
      rollNumber: cell(row.cells, rollAt).toUpperCase() || null,
      candidateCode: cell(row.cells, codeAt).toUpperCase() || null,
      score: cell(row.cells, scoreAt),
      absent: cell(row.cells, absentAt).toLowerCase(),
    }),
  );
  if (lines.length === 0) return { lines, problems: [{ line: header.line, field: 'header', message: RESULTS_MESSAGES.noLines }] };
  return { lines, problems: [] };
}
