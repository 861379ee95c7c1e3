/**
 * CSV cells as admin-service's export writes them (apps/admin-service/src/app/directory/csv.util.ts):
 * quoted when a cell holds a comma, quote or line break; a leading = + - @ tab or CR is
 * neutralised with a quote, so a spreadsheet never runs a pupil's name as a formula.
 */
export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(values: readonly unknown[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
