import { createHash } from 'node:crypto';
import {
  MENTOR_CODE_PATTERN,
  PORTAL_IMPORT_COLUMNS,
  PORTAL_IMPORT_MESSAGES,
  detectImageType,
  validateCandidateSubmission,
  type CandidateRegistration,
  type FieldError,
  type ImageFileInfo,
  type PortalImportColumn,
  type PortalRole,
} from '@kbe/contracts';
import { nulCharacterErrors, withMessageKey } from '@kbe/server-bootstrap';
import type { ZipFileRead } from './zip-archive';

/** Who imports, as the rows' mentor codes are checked against it. */
export interface ImportScope {
  role: PortalRole;
  /** The school or mentor code signed in with. */
  code: string;
  /** A school's active mentors (a mentor: unused). */
  activeMentors: ReadonlySet<string>;
}

/** A row's photo and signature as found in the ZIP (null: no such file, or no name in the row). */
export interface RowImages {
  photo: ZipFileRead | null;
  signature: ZipFileRead | null;
}

export interface CheckedImportRow {
  /** The public form's fields, nested as its multipart body is. */
  fields: Record<string, unknown>;
  /** Set when the row passed every check. */
  registration?: CandidateRegistration;
  errors: FieldError[];
}

const FILE_COLUMNS: readonly PortalImportColumn[] = ['photo', 'signature'];
const GUARDIAN_COLUMNS = PORTAL_IMPORT_COLUMNS.filter((column) => column.startsWith('guardianDetails.'));

/**
 * The public form's nested fields from a row's flat cells (`personalDetails.fullName` ->
 * `{ personalDetails: { fullName } }`), as the form would send them: the guardian group only when
 * a guardian cell is filled, no language when blank (English), `isOrphan` in any case, and a
 * mentor's own code where their row leaves it empty.
 */
export function candidateFieldsOf(cells: Readonly<Record<PortalImportColumn, string>>, scope: Pick<ImportScope, 'role' | 'code'>): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  const guardianGiven = GUARDIAN_COLUMNS.some((column) => cells[column] !== '');
  for (const column of PORTAL_IMPORT_COLUMNS) {
    if (FILE_COLUMNS.includes(column)) continue;
    if (column.startsWith('guardianDetails.') && !guardianGiven) continue;
    let value = cells[column];
    if (column === 'language' && value === '') continue;
    if (column === 'mentorCode' && value === '' && scope.role === 'mentor') value = scope.code;
    if (column === 'orphanDetails.isOrphan') value = value.toLowerCase();
    const path = column.split('.');
    let group = fields;
    for (const key of path.slice(0, -1)) group = (group[key] ??= {}) as Record<string, unknown>;
    group[path[path.length - 1] as string] = value;
  }
  return fields;
}

/**
 * A mentor's rows are their own (the code empty or theirs); a school's name one of its active
 * mentors. A code the form itself refuses (empty for a school, malformed) is left to the form's message.
 */
export function scopeErrors(cells: Readonly<Record<PortalImportColumn, string>>, scope: ImportScope): FieldError[] {
  const code = cells.mentorCode.trim().toUpperCase();
  if (scope.role === 'mentor') {
    return code === '' || code === scope.code ? [] : [{ field: 'mentorCode', message: PORTAL_IMPORT_MESSAGES.mentorNotYours }];
  }
  if (code === '' || !MENTOR_CODE_PATTERN.test(code)) return [];
  return scope.activeMentors.has(code) ? [] : [{ field: 'mentorCode', message: PORTAL_IMPORT_MESSAGES.mentorNotInSchool }];
}

/** What the form's image rules know of a file from the ZIP: its size as counted and the type its first bytes prove. */
function imageInfo(read: ZipFileRead | null): ImageFileInfo | null {
  if (!read) return null;
  return { size: read.size, type: detectImageType(read.bytes) ?? 'application/octet-stream' };
}

/**
 * One row checked with the public form's own rules and messages (`validateCandidateSubmission`:
 * the candidate schema, then the photo's and signature's presence, type and size), and the
 * importer's scope. Errors carry their message keys as the API's error bodies do.
 */
export function checkImportRow(cells: Readonly<Record<PortalImportColumn, string>>, images: RowImages, scope: ImportScope): CheckedImportRow {
  const fields = candidateFieldsOf(cells, scope);
  const nul = nulCharacterErrors(fields);
  if (nul.length > 0) return { fields, errors: nul.map(withMessageKey) };
  const checked = validateCandidateSubmission({ fields, photo: imageInfo(images.photo), signature: imageInfo(images.signature) });
  const errors = checked.success ? [] : [...checked.fieldErrors];
  if (!errors.some((error) => error.field === 'mentorCode')) errors.unshift(...scopeErrors(cells, scope));
  if (errors.length > 0 || !checked.success) return { fields, errors: errors.map(withMessageKey) };
  return { fields, registration: checked.data, errors: [] };
}

/** JSON with object keys in order: the same content, the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, inner]) => inner !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonicalJson(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * The idempotency key of an imported row: the importer's code and the row's content as the form
 * normalised it (trimmed, upper-cased codes, parsed numbers), so the same row uploaded again, in
 * any sheet, any row order, by the same school or mentor, answers with the first candidate code.
 */
export function importRowKey(importerCode: string, registration: CandidateRegistration): string {
  const digest = createHash('sha256').update(importerCode).update('\n').update(canonicalJson(registration)).digest('hex');
  return `portal-import:${digest}`;
}
