import { HttpStatus } from '@nestjs/common';
import { PORTAL_IMPORT_COLUMNS, PORTAL_IMPORT_LIMITS, PORTAL_IMPORT_MESSAGES, portalImportColumnsMessage } from '@kbe/contracts';
import ExcelJS from 'exceljs';
import { csvLine } from '@kbe/server-csv';
import { IMPORT_TEMPLATE_EXAMPLE, importTemplateCsv } from '../import-template';
import { ImportRefusedException } from './import-refusal';
import { parseImportSheet, sheetKindOf, xlsxCellText } from './import-sheet.parser';
import { zipOf } from './testing/zip-writer';

const example = PORTAL_IMPORT_COLUMNS.map((column) => IMPORT_TEMPLATE_EXAMPLE[column]);

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string; errors: unknown }> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ImportRefusedException);
  const exception = error as ImportRefusedException;
  const body = exception.getResponse() as { message: string; errors: unknown };
  return { status: exception.getStatus(), message: body.message, errors: body.errors };
}

async function xlsxOf(lines: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Pupils');
  for (const line of lines) sheet.addRow(line);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('the bulk-registration sheet', () => {
  it('reads the downloadable template (BOM, CRLF) as one pupil on line 2, every cell by its column', async () => {
    const rows = await parseImportSheet('registration-template.csv', Buffer.from(importTemplateCsv(), 'utf8'));
    expect(rows).toEqual([{ line: 2, cells: IMPORT_TEMPLATE_EXAMPLE }]);
  });

  it('takes the columns in any order, trims cells, skips blank lines, and keeps each row’s own line', async () => {
    const reversed = [...PORTAL_IMPORT_COLUMNS].reverse();
    const values = reversed.map((column) => ` ${IMPORT_TEMPLATE_EXAMPLE[column]} `);
    const csv = [csvLine(reversed), csvLine(values), '\r\n', csvLine(reversed.map(() => '')), csvLine(values)].join('');
    const rows = await parseImportSheet('pupils.csv', Buffer.from(csv));
    expect(rows.map((row) => row.line)).toEqual([2, 5]);
    expect(rows[0]?.cells).toEqual(IMPORT_TEMPLATE_EXAMPLE);
  });

  it('reads a formula the portal neutralised (a leading quote before =) back as typed, and a quoted comma or line break inside a cell', async () => {
    const cells = { ...IMPORT_TEMPLATE_EXAMPLE, 'personalDetails.fullName': '=Zoya Khan', 'permanentAddress.addressLines': 'Flat 3,\nShanti' };
    const csv = csvLine(PORTAL_IMPORT_COLUMNS) + csvLine(PORTAL_IMPORT_COLUMNS.map((column) => cells[column]));
    const [row] = await parseImportSheet('pupils.csv', Buffer.from(csv));
    expect(row?.cells['personalDetails.fullName']).toBe('=Zoya Khan');
    expect(row?.cells['permanentAddress.addressLines']).toBe('Flat 3,\nShanti');
  });

  it('reads an XLSX made in Excel: dates as YYYY-MM-DD, numbers as typed, booleans, formulas by their result', async () => {
    const typed: unknown[] = PORTAL_IMPORT_COLUMNS.map((column) => IMPORT_TEMPLATE_EXAMPLE[column]);
    typed[PORTAL_IMPORT_COLUMNS.indexOf('personalDetails.dateOfBirth')] = new Date(Date.UTC(2012, 5, 15));
    typed[PORTAL_IMPORT_COLUMNS.indexOf('contactDetails.phoneNumber')] = 9876501234;
    typed[PORTAL_IMPORT_COLUMNS.indexOf('orphanDetails.isOrphan')] = false;
    typed[PORTAL_IMPORT_COLUMNS.indexOf('educationalDetails.fees')] = { formula: '100*3', result: 300 };
    const rows = await parseImportSheet('pupils.xlsx', await xlsxOf([[...PORTAL_IMPORT_COLUMNS], typed, [], typed]));
    expect(rows.map((row) => row.line)).toEqual([2, 4]);
    expect(rows[0]?.cells).toEqual(IMPORT_TEMPLATE_EXAMPLE);
    expect(xlsxCellText({ richText: [{ text: 'Aarav ' }, { text: 'Patil' }] })).toBe('Aarav Patil');
    expect(xlsxCellText(12.5)).toBe('12.5');
  });

  it('refuses the whole file with 400 naming every unknown and missing column', async () => {
    const header: string[] = [...PORTAL_IMPORT_COLUMNS.filter((column) => column !== 'photo' && column !== 'language'), 'Photo File', 'schoolCode'];
    const csv = csvLine(header) + csvLine(header.map(() => 'x'));
    const refused = await refusal(parseImportSheet('pupils.csv', Buffer.from(csv)));
    expect(refused.status).toBe(HttpStatus.BAD_REQUEST);
    expect(refused.message).toBe(portalImportColumnsMessage(['Photo File', 'schoolCode'], ['language', 'photo']));
    expect(refused.message).toContain('unknown columns: Photo File, schoolCode; missing columns: language, photo');
    expect(refused.errors).toEqual([{ field: 'file', message: refused.message }]);
    const twice = csvLine([...PORTAL_IMPORT_COLUMNS, 'photo']) + csvLine([...example, 'x.jpg']);
    expect((await refusal(parseImportSheet('pupils.csv', Buffer.from(twice)))).message).toContain('unknown column: photo (twice)');
  });

  it('refuses a sheet without pupils, a row longer than the header, a broken quote, and a file that is neither CSV nor XLSX', async () => {
    expect((await refusal(parseImportSheet('pupils.csv', Buffer.from(csvLine(PORTAL_IMPORT_COLUMNS))))).message).toBe(PORTAL_IMPORT_MESSAGES.noRows);
    expect((await refusal(parseImportSheet('pupils.csv', Buffer.from('')))).message).toBe(PORTAL_IMPORT_MESSAGES.noRows);
    const longer = csvLine(PORTAL_IMPORT_COLUMNS) + csvLine([...example, 'extra']);
    expect((await refusal(parseImportSheet('pupils.csv', Buffer.from(longer)))).message).toBe('Line 2 has more cells than the header has columns');
    const broken = `${csvLine(PORTAL_IMPORT_COLUMNS)}"Aarav,${example.slice(1).join(',')}`;
    expect((await refusal(parseImportSheet('pupils.csv', Buffer.from(broken)))).message).toMatch(/^The sheet could not be read/);
    expect((await refusal(parseImportSheet('pupils.pdf', Buffer.from('%PDF-1.7\0\0')))).message).toBe(PORTAL_IMPORT_MESSAGES.fileType);
    expect((await refusal(parseImportSheet('pupils.xlsx', Buffer.from('name,phone\n')))).message).toBe(PORTAL_IMPORT_MESSAGES.fileType);
    expect((await refusal(parseImportSheet('pupils.xlsx', zipOf([{ name: 'hello.txt', data: Buffer.from('hi') }])))).message).toBe(PORTAL_IMPORT_MESSAGES.noRows);
    expect(sheetKindOf('pupils.csv', zipOf([]))).toBeNull();
  });

  it('refuses more than 1,000 pupils and more than 2 MB with 413', async () => {
    const line = csvLine(example);
    const tooMany = csvLine(PORTAL_IMPORT_COLUMNS) + line.repeat(PORTAL_IMPORT_LIMITS.rows + 1);
    const refused = await refusal(parseImportSheet('pupils.csv', Buffer.from(tooMany)));
    expect(refused).toMatchObject({ status: HttpStatus.PAYLOAD_TOO_LARGE, message: PORTAL_IMPORT_MESSAGES.tooManyRows });
    expect(await parseImportSheet('pupils.csv', Buffer.from(csvLine(PORTAL_IMPORT_COLUMNS) + line.repeat(PORTAL_IMPORT_LIMITS.rows)))).toHaveLength(PORTAL_IMPORT_LIMITS.rows);
    const huge = Buffer.alloc(PORTAL_IMPORT_LIMITS.sheetBytes + 1, 'a');
    expect(await refusal(parseImportSheet('pupils.csv', huge))).toMatchObject({ status: HttpStatus.PAYLOAD_TOO_LARGE, message: PORTAL_IMPORT_MESSAGES.fileTooLarge });
  });

  it('refuses an XLSX that unpacks to far more than a sheet (a zip bomb) before the workbook library reads it', async () => {
    const bomb = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(70 * 1024 * 1024), deflate: true }]);
    expect(bomb.length).toBeLessThan(PORTAL_IMPORT_LIMITS.sheetBytes);
    expect(await refusal(parseImportSheet('pupils.xlsx', bomb))).toMatchObject({ status: HttpStatus.PAYLOAD_TOO_LARGE, message: PORTAL_IMPORT_MESSAGES.fileTooLarge });
    // the same, its header claiming a small size
    const lying = zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(70 * 1024 * 1024), deflate: true, declaredSize: 1000 }]);
    expect((await refusal(parseImportSheet('pupils.xlsx', lying))).status).toBeGreaterThanOrEqual(400);
  });
});
