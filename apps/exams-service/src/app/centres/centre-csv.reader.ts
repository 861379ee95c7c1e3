import { HttpException, HttpStatus } from '@nestjs/common';
import { CENTRE_CSV_COLUMNS } from '@kbe/contracts';
import { CsvSyntaxError, parseCsv } from '@kbe/server-csv';
import { CENTRE_IMPORT_LIMITS, CENTRE_MESSAGES } from './centre.messages';

export type CentreCsvColumn = (typeof CENTRE_CSV_COLUMNS)[number];

/** One problem of an import: the CSV line (the header is line 1), its column, the message. */
export interface CentreImportProblem {
  line: number;
  field: string;
  message: string;
}

/** One centre as its lines give it, not yet checked against the contract. */
export interface CsvCentre {
  /** The line of its first room: where its details and sittings are reported. */
  line: number;
  /** The line of each room, in order. */
  roomLines: number[];
  /** The centre's fields as the API would receive them. */
  input: Record<string, unknown>;
  /** Problems found while reading its lines (details that differ between lines, an unreadable sitting). */
  problems: CentreImportProblem[];
}

/**
 * The CSV itself cannot be imported (not CSV, wrong header, no rooms, too many lines): the request
 * is well formed, its file is not one to import, 422 with the reason; 413 when too large.
 */
export class CentreCsvRefused extends HttpException {
  constructor(message: string, status: HttpStatus = HttpStatus.UNPROCESSABLE_ENTITY) {
    super({ statusCode: status, message, errors: [{ field: 'csv', message }] }, status);
  }
}

const DETAIL_COLUMNS = ['name', 'address', 'district', 'taluka', 'contact', 'sittings'] as const satisfies readonly CentreCsvColumn[];
const SITTING_FORMAT = 'level|category|date|startTime|reportingTime[|room;room]';

/**
 * Reads the centres of an import (CENTRE_CSV_COLUMNS, any order): one line per room, a centre's
 * lines repeating its details. Lines are grouped by code (any case); a line without a code is a
 * centre of its own, so the contract reports the missing code. Refuses the whole file when it is
 * over the limits, unreadable, or its header is not the columns.
 */
export function readCentreCsv(csv: string): CsvCentre[] {
  if (Buffer.byteLength(csv, 'utf8') > CENTRE_IMPORT_LIMITS.bytes) throw new CentreCsvRefused(CENTRE_MESSAGES.csvTooLarge, HttpStatus.PAYLOAD_TOO_LARGE);
  const rows = parseRows(csv);
  const [header, ...lines] = rows;
  if (!header) throw new CentreCsvRefused(CENTRE_MESSAGES.csvNoRows);
  const columnOf = headerColumns(header.cells);
  if (lines.length === 0) throw new CentreCsvRefused(CENTRE_MESSAGES.csvNoRows);
  if (rows.length > CENTRE_IMPORT_LIMITS.lines) throw new CentreCsvRefused(CENTRE_MESSAGES.csvTooManyLines);

  const centres = new Map<string, CsvCentre & { cells: Record<CentreCsvColumn, string> }>();
  for (const row of lines) {
    const cells = Object.fromEntries(CENTRE_CSV_COLUMNS.map((column) => [column, (row.cells[columnOf[column]] ?? '').trim()])) as Record<CentreCsvColumn, string>;
    const code = cells.code.toUpperCase();
    const key = code || `#${row.line}`;
    const room = { name: cells.room, capacity: capacityOf(cells.capacity) };
    const known = centres.get(key);
    if (!known) {
      const { sittings, problems } = sittingsOf(cells.sittings, row.line);
      centres.set(key, {
        line: row.line,
        roomLines: [row.line],
        cells,
        problems,
        input: { code: cells.code, name: cells.name, address: cells.address, district: cells.district, taluka: cells.taluka, contact: cells.contact, rooms: [room], sittings },
      });
      continue;
    }
    for (const column of DETAIL_COLUMNS) {
      if (cells[column] !== known.cells[column]) {
        known.problems.push({ line: row.line, field: column, message: `${labelOf(column)} differs from line ${known.line} of centre ${code}` });
      }
    }
    known.roomLines.push(row.line);
    (known.input['rooms'] as unknown[]).push(room);
  }
  return [...centres.values()].map(({ line, roomLines, input, problems }) => ({ line, roomLines, input, problems }));
}

function parseRows(csv: string) {
  try {
    return parseCsv(csv, { maxRowLength: 64 * 1024 });
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw new CentreCsvRefused(error.line ? `${CENTRE_MESSAGES.csvUnreadable} (line ${error.line})` : CENTRE_MESSAGES.csvUnreadable);
  }
}

/** Each column's index; the header must name exactly CENTRE_CSV_COLUMNS, in any order. */
function headerColumns(cells: readonly string[]): Record<CentreCsvColumn, number> {
  const names = cells.map((cell) => cell.trim().toLowerCase());
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  const missing = CENTRE_CSV_COLUMNS.filter((column) => !names.includes(column));
  const unknown = names.filter((name, i) => !(CENTRE_CSV_COLUMNS as readonly string[]).includes(name) || names.indexOf(name) !== i);
  if (missing.length > 0 || unknown.length > 0) {
    const parts = [
      missing.length > 0 ? `missing ${missing.join(', ')}` : '',
      unknown.length > 0 ? `unknown or repeated ${unknown.map((name) => name || '(a column without a name)').join(', ')}` : '',
    ].filter(Boolean);
    throw new CentreCsvRefused(`The header line must name the columns ${CENTRE_CSV_COLUMNS.join(',')} (${parts.join('; ')})`);
  }
  return Object.fromEntries(CENTRE_CSV_COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<CentreCsvColumn, number>;
}

/** A number when the cell is one (the contract then says whether it is a whole number in range); the text otherwise. */
function capacityOf(cell: string): unknown {
  return /^-?\d+(\.\d+)?$/.test(cell) ? Number(cell) : cell;
}

/** The sittings cell: `level|category|date|startTime|reportingTime[|room;room]`, several separated by `,`. */
export function sittingsOf(cell: string, line: number): { sittings: Record<string, unknown>[]; problems: CentreImportProblem[] } {
  const sittings: Record<string, unknown>[] = [];
  const problems: CentreImportProblem[] = [];
  const parts = cell.split(',').map((part) => part.trim()).filter(Boolean);
  parts.forEach((part, i) => {
    const fields = part.split('|').map((field) => field.trim());
    if (fields.length < 5 || fields.length > 6) {
      problems.push({ line, field: 'sittings', message: `Sitting ${i + 1} must be written ${SITTING_FORMAT}` });
      return;
    }
    const [level, category, date, startTime, reportingTime, rooms] = fields;
    const roomNames = rooms?.split(';').map((room) => room.trim()).filter(Boolean);
    sittings.push({ level, category, date, startTime, reportingTime, ...(rooms === undefined ? {} : { rooms: roomNames }) });
  });
  return { sittings, problems };
}

function labelOf(column: (typeof DETAIL_COLUMNS)[number]): string {
  const labels = { name: 'Centre name', address: 'Address', district: 'District', taluka: 'Taluka', contact: 'Contact', sittings: 'Sittings' } as const;
  return labels[column];
}
