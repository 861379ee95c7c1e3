import { ATTENDANCE_CSV_COLUMNS, ROLL_NUMBER_PATTERN } from '@kbe/contracts';
import { CsvSyntaxError, parseCsv } from '@kbe/server-csv';
import { ATTENDANCE_MESSAGES } from './attendance.messages';

export interface AttendanceLine {
  line: number;
  rollNumber: string;
  absent: boolean;
}
export interface AttendanceCsvProblem {
  line: number;
  field: string;
  message: string;
}

const ABSENT = new Set(['yes', 'y', 'true', '1', 'a', 'absent']);
const PRESENT = new Set(['no', 'n', 'false', '0', 'p', 'present']);

/** The invigilators' list: a header naming rollNumber and absent (any order and case), a line per seat. */
export function readAttendanceCsv(csv: string): { lines: AttendanceLine[]; problems: AttendanceCsvProblem[] } {
  let rows;
  try {
    rows = parseCsv(csv, { maxRowLength: 4 * 1024 });
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return { lines: [], problems: [{ line: error.line ?? 1, field: 'file', message: ATTENDANCE_MESSAGES.csvUnreadable }] };
  }
  const [header, ...body] = rows;
  const names = (header?.cells ?? []).map((cell) => cell.trim().toLowerCase());
  const at = ATTENDANCE_CSV_COLUMNS.map((column) => names.indexOf(column.toLowerCase()));
  if (!header || at.some((index) => index < 0)) return { lines: [], problems: [{ line: header?.line ?? 1, field: 'header', message: ATTENDANCE_MESSAGES.csvHeader }] };
  const [rollAt, absentAt] = at as [number, number];
  const lines: AttendanceLine[] = [];
  const problems: AttendanceCsvProblem[] = [];
  for (const row of body) {
    const rollNumber = (row.cells[rollAt] ?? '').trim().toUpperCase();
    const absentText = (row.cells[absentAt] ?? '').trim().toLowerCase();
    if (!ROLL_NUMBER_PATTERN.test(rollNumber)) problems.push({ line: row.line, field: 'rollNumber', message: ATTENDANCE_MESSAGES.rollNumberFormat });
    else if (!ABSENT.has(absentText) && !PRESENT.has(absentText)) problems.push({ line: row.line, field: 'absent', message: ATTENDANCE_MESSAGES.absentValue });
    else lines.push({ line: row.line, rollNumber, absent: ABSENT.has(absentText) });
  }
  return { lines, problems };
}
