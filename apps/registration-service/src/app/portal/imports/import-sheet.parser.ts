import { HttpStatus } from '@nestjs/common';
import { PORTAL_IMPORT_COLUMNS, PORTAL_IMPORT_LIMITS, PORTAL_IMPORT_MESSAGES, portalImportColumnsMessage, type PortalImportColumn } from '@kbe/contracts';
import { CsvSyntaxError, parseCsv } from '@kbe/server-csv';
import ExcelJS from 'exceljs';
import { ImportRefusedException } from './import-refusal';
import { ZipArchive, ZipLimitError } from './zip-archive';

/** One pupil of the sheet: its line (1-based, the header is 1) and its cells by column, trimmed. */
export interface ImportSheetRow {
  line: number;
  cells: Record<PortalImportColumn, string>;
}

export type ImportSheetKind = 'csv' | 'xlsx';

/** What an XLSX may unpack to (its XML parts, counted as they are inflated): far above a 1,000-row sheet's. */
export const MAX_XLSX_UNPACKED_BYTES = 64 * 1024 * 1024;

const XLSX_NAME = /\.xlsx$/i;
const CSV_NAME = /\.(csv|txt)$/i;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** The sheet's kind from its name and first bytes (an XLSX is a ZIP); null for anything else. */
export function sheetKindOf(fileName: string, bytes: Buffer): ImportSheetKind | null {
  const isZip = ZIP_MAGIC.every((byte, i) => bytes[i] === byte);
  if (isZip) return XLSX_NAME.test(fileName) || !CSV_NAME.test(fileName) ? 'xlsx' : null;
  if (XLSX_NAME.test(fileName)) return null;
  return bytes.includes(0) ? null : 'csv';
}

/**
 * The template's neutralised formula (`'=...`, as the portal's CSVs write a cell starting with
 * = + - @ tab or CR) read back as typed; everything trimmed.
 */
function cellValue(text: string): string {
  const trimmed = text.trim();
  return /^'[=+\-@\t\r]/.test(trimmed) ? trimmed.slice(1) : trimmed;
}

/**
 * The rows of a bulk-registration sheet (CSV or XLSX), checked as a whole: at most 2 MB, a header
 * of exactly the template's columns (any order; an unknown or missing column refuses the file
 * naming them), at least one and at most 1,000 pupils (blank lines skipped). Each row is checked
 * later, on its own.
 */
export async function parseImportSheet(fileName: string, bytes: Buffer): Promise<ImportSheetRow[]> {
  if (bytes.length > PORTAL_IMPORT_LIMITS.sheetBytes) throw new ImportRefusedException('file', PORTAL_IMPORT_MESSAGES.fileTooLarge, HttpStatus.PAYLOAD_TOO_LARGE);
  const kind = sheetKindOf(fileName, bytes);
  if (!kind) throw new ImportRefusedException('file', PORTAL_IMPORT_MESSAGES.fileType);
  const table = kind === 'csv' ? csvTable(bytes) : await xlsxTable(bytes);
  return rowsOf(table);
}

/** The sheet as lines of cells, each with its 1-based line. */
interface SheetTable {
  lines: Array<{ line: number; cells: string[] }>;
}

function csvTable(bytes: Buffer): SheetTable {
  try {
    // every column of one line together stays well under this; a runaway quote does not
    return { lines: parseCsv(bytes, { maxRowLength: 64 * 1024 }) };
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    throw new ImportRefusedException('file', error.line ? `${PORTAL_IMPORT_MESSAGES.fileUnreadable} (line ${error.line})` : PORTAL_IMPORT_MESSAGES.fileUnreadable);
  }
}

async function xlsxTable(bytes: Buffer): Promise<SheetTable> {
  // A workbook is a ZIP of XML: inflated part by part here, bytes counted, before the library
  // (which trusts the sizes) reads it, so a small file that unpacks to gigabytes is refused.
  try {
    const zip = await ZipArchive.open(bytes, { maxEntries: 1000 });
    try {
      await zip.measureUnpacked(MAX_XLSX_UNPACKED_BYTES);
    } finally {
      zip.close();
    }
  } catch (error) {
    if (error instanceof ZipLimitError) throw new ImportRefusedException('file', PORTAL_IMPORT_MESSAGES.fileTooLarge, HttpStatus.PAYLOAD_TOO_LARGE);
    throw new ImportRefusedException('file', PORTAL_IMPORT_MESSAGES.fileUnreadable);
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw new ImportRefusedException('file', PORTAL_IMPORT_MESSAGES.fileUnreadable);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ImportRefusedException('file', PORTAL_IMPORT_MESSAGES.noRows);
  const lines: SheetTable['lines'] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    // `values` is 1-based (index 0 is empty)
    const values = Array.isArray(row.values) ? row.values : [];
    for (let column = 1; column < values.length; column += 1) cells.push(xlsxCellText(values[column]));
    lines.push({ line: row.number, cells });
  });
  return { lines };
}

/** A workbook cell as the text a CSV would hold: dates as YYYY-MM-DD, numbers without exponent, formulas by their result. */
export function xlsxCellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? '' : value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    const cell = value as { richText?: Array<{ text?: unknown }>; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => (typeof part.text === 'string' ? part.text : '')).join('');
    if ('result' in cell) return xlsxCellText(cell.result);
    if (typeof cell.text === 'string') return cell.text;
  }
  return '';
}

function rowsOf(table: SheetTable): ImportSheetRow[] {
  const nonBlank = table.lines.filter((line) => line.cells.some((cell) => cell.trim() !== ''));
  const header = nonBlank[0];
  if (!header) throw new ImportRefusedException('file', PORTAL_IMPORT_MESSAGES.noRows);
  // trailing empty header cells (a spreadsheet's) are no columns
  const names = header.cells.map((cell) => cell.replace(/^\uFEFF/, '').trim());
  while (names.length > 0 && names[names.length - 1] === '') names.pop();
  const known = new Set<string>(PORTAL_IMPORT_COLUMNS);
  const unknown = names.filter((name) => !known.has(name)).map((name) => (name === '' ? '(a column without a name)' : name));
  const duplicated = names.filter((name, i) => known.has(name) && names.indexOf(name) !== i);
  const missing = PORTAL_IMPORT_COLUMNS.filter((column) => !names.includes(column));
  if (unknown.length > 0 || missing.length > 0 || duplicated.length > 0) {
    throw new ImportRefusedException('file', portalImportColumnsMessage([...unknown, ...duplicated.map((name) => `${name} (twice)`)], missing));
  }
  const pupils = nonBlank.slice(1);
  if (pupils.length === 0) throw new ImportRefusedException('file', PORTAL_IMPORT_MESSAGES.noRows);
  if (pupils.length > PORTAL_IMPORT_LIMITS.rows) throw new ImportRefusedException('file', PORTAL_IMPORT_MESSAGES.tooManyRows, HttpStatus.PAYLOAD_TOO_LARGE);
  return pupils.map(({ line, cells }) => {
    const extra = cells.slice(names.length).some((cell) => cell.trim() !== '');
    if (extra) throw new ImportRefusedException('file', `Line ${line} has more cells than the header has columns`);
    const row = {} as Record<PortalImportColumn, string>;
    names.forEach((name, i) => (row[name as PortalImportColumn] = cellValue(cells[i] ?? '')));
    return { line, cells: row };
  });
}
