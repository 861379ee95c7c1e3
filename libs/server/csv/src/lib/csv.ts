import { parse } from 'csv-parse/sync';

/**
 * One CSV cell of an export a spreadsheet opens: quoted when it holds a comma, quote or line
 * break; a leading = + - @ tab or CR is neutralised with a quote, so a spreadsheet never runs a
 * pupil's name as a formula (CSV injection: a security control, not formatting).
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One line of cells, ended by CRLF (RFC 4180). */
export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** A row of an uploaded sheet: its cells and the 1-based line it starts on. */
export interface CsvRow {
  line: number;
  cells: string[];
}

/** An upload that is not CSV (an unclosed quote, a runaway cell), with the line where reading stopped. */
export class CsvSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number | undefined,
  ) {
    super(message);
    this.name = 'CsvSyntaxError';
  }
}

export interface ParseCsvOptions {
  /** The longest a row may be (characters); a runaway quote stops here instead of reading on. */
  maxRowLength?: number;
}

/**
 * Reads an uploaded sheet (RFC 4180 quoting, with csv-parse): a byte-order mark dropped, CRLF, LF
 * or CR line ends (even mixed: spreadsheets and hand edits meet), blank lines skipped, rows of
 * any length, each row numbered by the line it starts on (a quoted cell may span lines).
 */
export function parseCsv(input: string | Buffer, options: ParseCsvOptions = {}): CsvRow[] {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(input, {
      bom: true,
      info: true,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      max_record_size: options.maxRowLength ?? 64 * 1024,
    }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    const line = (error as { lines?: unknown }).lines;
    throw new CsvSyntaxError(error instanceof Error ? error.message : String(error), typeof line === 'number' ? line : undefined);
  }
  // csv-parse counts the line a record ends on; a cell's own line breaks give back where it began.
  return records.map(({ record, info }) => ({ line: info.lines - lineBreaksIn(record), cells: record }));
}

function lineBreaksIn(cells: readonly string[]): number {
  return cells.reduce((sum, cell) => sum + (cell.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
}
