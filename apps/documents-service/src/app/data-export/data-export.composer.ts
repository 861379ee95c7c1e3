import {
  CONSENT_NOTICE_LANGUAGE_NAMES,
  DATA_REQUEST_KIND_LABELS,
  formatExamTime,
  type CandidateDataExport,
  type DataRequestView,
} from '@kbe/contracts';
import Handlebars from 'handlebars';
import { DATA_EXPORT_STYLES, DATA_EXPORT_TEMPLATE } from '../templates/data-export.template';
import { DOCUMENT_STYLES } from '../templates/document.styles';

export interface LabelledValue {
  label: string;
  value: string;
}

export interface FieldGroup {
  title: string;
  rows: LabelledValue[];
}

/** What a field shows when it holds nothing (never given, or erased). */
export const NOTHING = '—';
/** Nesting shown in full; anything deeper is summarised (a registration is two levels deep). */
const MAX_DEPTH = 4;
/** Words written in capitals wherever they appear in a key. */
const ACRONYMS = new Set(['kbe', 'udise', 'pin', 'id', 'otp', 'sms', 'url']);

/** `personalDetails` -> `Personal details`, `kbeCategory` -> `KBE category`, `udise_code` -> `UDISE code`. */
export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => (ACRONYMS.has(word.toLowerCase()) ? word.toUpperCase() : word.toLowerCase()));
  const [first = key, ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}

/** An instant for people, in India time ('10 January 2026, 3:30 pm IST'); any other text as it is. */
export function inIndiaTime(value: string | null): string {
  return value ? formatExamTime(value) : NOTHING;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** One stored value as text: yes/no, numbers, lists joined, nothing as a dash. */
export function valueText(value: unknown, depth = 0): string {
  if (value === null || value === undefined || value === '') return NOTHING;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) return value.length === 0 ? NOTHING : value.map((item) => valueText(item, depth + 1)).join(', ');
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([key, item]) => `${labelOf(key)}: ${valueText(item, depth + 1)}`)
      .join('; ');
  }
  return String(value);
}

/** The rows of one group: nested groups flattened, their labels joined ('Address – Village'). */
function rowsOf(record: Record<string, unknown>, prefix = '', depth = 1): LabelledValue[] {
  return Object.entries(record).flatMap(([key, value]) => {
    const label = prefix ? `${prefix} – ${labelOf(key)}` : labelOf(key);
    if (isRecord(value) && depth < MAX_DEPTH) return rowsOf(value, label, depth + 1);
    return [{ label, value: valueText(value, depth) }];
  });
}

/**
 * The registration as stored, as labelled tables: its loose fields first (under `General`),
 * then one table per nested group, in the record's order. An empty group says so.
 */
export function registrationGroups(registration: Record<string, unknown>): FieldGroup[] {
  const loose = Object.entries(registration).filter(([, value]) => !isRecord(value));
  const nested = Object.entries(registration).filter((entry): entry is [string, Record<string, unknown>] => isRecord(entry[1]));
  const groups: FieldGroup[] = [];
  if (loose.length > 0) groups.push({ title: 'General', rows: rowsOf(Object.fromEntries(loose)) });
  for (const [key, value] of nested) {
    const rows = rowsOf(value);
    groups.push({ title: labelOf(key), rows: rows.length > 0 ? rows : [{ label: labelOf(key), value: NOTHING }] });
  }
  return groups;
}

const CONSENT_STATUS: Record<CandidateDataExport['consent']['status'], string> = {
  pending: 'Not given yet',
  given: 'Given',
  withdrawn: 'Withdrawn',
};
const REQUEST_STATUS: Record<DataRequestView['status'], string> = { open: 'Open', done: 'Done', refused: 'Refused' };

/**
 * The readable copy of a data export (`CandidateDataExport`) as one self-contained HTML document
 * (the images are the export's own data: URLs), for the Chromium pool. Nothing is kept.
 */
export class DataExportComposer {
  private readonly template = Handlebars.create().compile(DATA_EXPORT_TEMPLATE, { strict: true });

  html(data: CandidateDataExport): string {
    return this.template(this.view(data));
  }

  view(data: CandidateDataExport) {
    const { organiserRecord: record, consent, files } = data;
    return {
      styles: DOCUMENT_STYLES + DATA_EXPORT_STYLES,
      candidateCode: data.candidateCode,
      generatedAt: inIndiaTime(data.generatedAt),
      registeredAt: inIndiaTime(data.registeredAt),
      registration: registrationGroups(data.registration),
      organiserRecord: [
        { label: 'Fees paid', value: valueText(record.feesPaid) },
        { label: 'Receipt number', value: valueText(record.receiptNumber) },
        { label: 'Seat number', value: valueText(record.seatNumber) },
        { label: 'Centre', value: valueText(record.center) },
        { label: 'Exam time', value: inIndiaTime(record.examTime) },
        { label: 'Hall ticket released', value: valueText(record.hallTicketReleased) },
        { label: 'Certificate released', value: valueText(record.certificateReleased) },
      ],
      files: [
        { kind: 'photo', label: 'Photo', image: files.photo ?? '' },
        { kind: 'signature', label: 'Signature', image: files.signature ?? '' },
      ],
      consent: [
        { label: 'Status', value: CONSENT_STATUS[consent.status] },
        { label: 'Given on', value: inIndiaTime(consent.givenAt) },
        { label: 'Notice version', value: valueText(consent.noticeVersion) },
        { label: 'Notice language', value: consent.lang ? CONSENT_NOTICE_LANGUAGE_NAMES[consent.lang] : NOTHING },
        { label: 'How it was given', value: valueText(consent.method) },
        { label: 'Code sent to', value: valueText(consent.codeSentTo) },
        { label: 'Withdrawn on', value: inIndiaTime(consent.withdrawnAt) },
      ],
      requests: data.requests.map((request) => ({
        id: request.id,
        kind: DATA_REQUEST_KIND_LABELS[request.kind],
        details: valueText(request.details),
        status: REQUEST_STATUS[request.status],
        requestedAt: inIndiaTime(request.requestedAt),
        dueAt: inIndiaTime(request.dueAt),
        handled: request.handledBy ? `${request.handledBy}, ${inIndiaTime(request.handledAt)}` : NOTHING,
        resolution: valueText(request.resolution),
      })),
      elsewhere: data.elsewhere,
    };
  }
}
