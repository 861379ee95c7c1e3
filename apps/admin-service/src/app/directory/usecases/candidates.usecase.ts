import { Inject, Injectable } from '@nestjs/common';
import {
  candidateLanguageOf,
  EXAM_ASSIGNMENT_CSV_COLUMNS,
  isCandidateCode,
  plural,
  type AdminCandidateDetail,
  type AdminCandidateListData,
  type AdminCandidateListItem,
  type CandidateRegistration,
  type CandidateSheetRow,
  type ExamAssignmentImportResult,
  type ExamAssignmentInput,
  type InternalCandidate,
  candidateDeletedResponseSchema,
  candidateSheetResponseSchema,
  examAssignmentSchema,
  internalCandidateListResponseSchema,
  internalCandidateResponseSchema,
  REGISTRATION_INTERNAL_PATHS,
  CONSENT_STATUS_LABELS,
  formatExamTime,
} from '@kbe/contracts';
import type { AuthenticatedAdmin } from '@kbe/server-auth';
import { errorMessage } from '@kbe/server-bootstrap';
import { csvLine, CsvSyntaxError, parseCsv, type CsvRow } from '@kbe/server-csv';
import { Readable } from 'node:stream';
import { AuditLog, type RequestOrigin } from '../../audit/audit-log';
import { REGISTRATION_CLIENT, type Query, type RegistrationClient } from '../../common/registration.client';
import { FILE_LINK_SIGNER, type FileLinkSigner } from '../file-link.signer';


export interface CandidateListFilter {
  filter?: string;
  released?: string;
  certificate?: string;
  category?: string;
  /** The level the candidates sit now (registration-service's directory filters on it). */
  level?: string;
  consent?: string;
  search?: string;
  sort?: string;
  deleted?: string;
  page?: number;
  limit?: number;
}

/** Rows per page of the CSV export: registration-service's largest cursor page (served from its candidate directory). */
const EXPORT_PAGE_SIZE = 1000;

const CSV_COLUMNS: [string, (candidate: CandidateSheetRow) => unknown][] = [
  ['Candidate ID', (c) => c.candidateId],
  ['Name', (c) => c.name],
  ['Father Name', (c) => c.fatherName],
  ['Category', (c) => c.category],
  ['Standard', (c) => c.standard],
  ['School', (c) => c.schoolName],
  ['District', (c) => c.district],
  ['Mentor Code', (c) => c.mentorCode],
  ['Contact', (c) => c.contact],
  ['Email', (c) => c.email],
  ['Status', (c) => (c.feesPaid ? 'Paid' : 'Unpaid')],
  ['Receipt Number', (c) => c.receiptNumber ?? ''],
  ['Hall Ticket', (c) => (c.hallTicketReleased ? 'Released' : 'Not released')],
  ['Certificate', (c) => (c.certificateReleased ? 'Released' : 'Not released')],
  ['Parental Consent', (c) => CONSENT_STATUS_LABELS[c.consentStatus]],
  ['Center', (c) => c.center],
  ['Seat Number', (c) => c.seatNumber],
  // for people, as on the hall ticket ('5 November 2025, 10:00 am IST'); the API answers ISO text
  ['Exam Time', (c) => formatExamTime(c.examTime)],
  ['Registered At', (c) => c.createdAt],
];

/** Candidates as admins see and change them, through registration-service's internal API; every change audited. */
@Injectable()
export class AdminCandidatesUseCase {
  constructor(
    @Inject(REGISTRATION_CLIENT) private readonly registration: RegistrationClient,
    @Inject(FILE_LINK_SIGNER) private readonly links: FileLinkSigner,
    private readonly audit: AuditLog,
  ) {}

  async list(query: CandidateListFilter): Promise<AdminCandidateListData> {
    const answer = await this.registration.get(REGISTRATION_INTERNAL_PATHS.candidates, { ...query } as Query, internalCandidateListResponseSchema);
    return { candidates: answer.data.candidates.map((c) => this.listItem(c)), pagination: answer.data.pagination };
  }

  async get(code: string): Promise<AdminCandidateDetail> {
    return this.detail((await this.registration.get(REGISTRATION_INTERNAL_PATHS.candidate(code), undefined, internalCandidateResponseSchema)).data);
  }

  async update(admin: AuthenticatedAdmin, origin: RequestOrigin, code: string, body: CandidateRegistration): Promise<AdminCandidateDetail> {
    const before = (await this.registration.get(REGISTRATION_INTERNAL_PATHS.candidate(code), undefined, internalCandidateResponseSchema)).data;
    const after = (await this.registration.send('PUT', REGISTRATION_INTERNAL_PATHS.candidate(code), { body }, internalCandidateResponseSchema)).data;
    await this.audit.record(admin, origin, {
      action: 'candidate.edit',
      target: { type: 'candidate', id: code },
      details: { changed: changedFields(before, after) },
    });
    return this.detail(after);
  }

  async setFees(admin: AuthenticatedAdmin, origin: RequestOrigin, code: string, feesPaid: boolean, receiptNumber?: string) {
    const candidate = (
      await this.registration.send(
        'PATCH',
        REGISTRATION_INTERNAL_PATHS.candidateFeesPaid(code),
        { body: { feesPaid, receiptNumber: receiptNumber ?? null } },
        internalCandidateResponseSchema,
      )
    ).data;
    await this.audit.record(admin, origin, {
      action: 'candidate.fees',
      target: { type: 'candidate', id: code },
      details: { feesPaid, receiptNumber: receiptNumber ?? null },
    });
    return this.listItem(candidate);
  }

  async setReleased(admin: AuthenticatedAdmin, origin: RequestOrigin, code: string, kind: 'hall-ticket' | 'certificate', released: boolean) {
    const field = kind === 'hall-ticket' ? 'hallTicketReleased' : 'certificateReleased';
    const candidate = (
      await this.registration.send(
        'PATCH',
        kind === 'hall-ticket' ? REGISTRATION_INTERNAL_PATHS.candidateHallTicket(code) : REGISTRATION_INTERNAL_PATHS.candidateCertificate(code),
        { body: { [field]: released, releasedBy: admin.username } },
        internalCandidateResponseSchema,
      )
    ).data;
    await this.audit.record(admin, origin, {
      action: `candidate.${kind}`,
      target: { type: 'candidate', id: code },
      details: { [field]: released },
    });
    return this.listItem(candidate);
  }

  async setExamAssignment(admin: AuthenticatedAdmin, origin: RequestOrigin, code: string, assignment: ExamAssignmentInput) {
    const candidate = (
      await this.registration.send('PATCH', REGISTRATION_INTERNAL_PATHS.candidateExamAssignment(code), { body: assignment }, internalCandidateResponseSchema)
    ).data;
    await this.audit.record(admin, origin, {
      action: 'candidate.exam-assignment',
      target: { type: 'candidate', id: code },
      details: { ...assignment },
    });
    return this.listItem(candidate);
  }

  /** Applies each CSV row on its own; a bad row is reported with its line and does not stop the others. */
  async importExamAssignments(admin: AuthenticatedAdmin, origin: RequestOrigin, csv: string): Promise<ExamAssignmentImportResult> {
    let rows: CsvRow[];
    try {
      rows = parseCsv(csv);
    } catch (error) {
      if (!(error instanceof CsvSyntaxError)) throw error;
      return { rows: 0, updated: 0, failed: [{ line: error.line ?? 1, candidateId: '', message: 'This is not a CSV file that can be read: a quote is not closed, or a row is far too long' }] };
    }
    const header = rows.shift();
    const columns = header?.cells.map((cell) => cell.trim()) ?? [];
    const failed: ExamAssignmentImportResult['failed'] = [];
    if (!header || !columns.includes('candidateId')) {
      return { rows: 0, updated: 0, failed: [{ line: 1, candidateId: '', message: `The first line must name the columns: ${EXAM_ASSIGNMENT_CSV_COLUMNS.join(',')}` }] };
    }
    const unknown = columns.filter((column) => !(EXAM_ASSIGNMENT_CSV_COLUMNS as readonly string[]).includes(column));
    if (unknown.length) {
      return { rows: 0, updated: 0, failed: [{ line: 1, candidateId: '', message: `Unknown ${plural(unknown.length, 'column')}: ${unknown.join(', ')}` }] };
    }
    let updated = 0;
    for (const row of rows) {
      const value = (column: string) => {
        const index = columns.indexOf(column);
        return index < 0 ? undefined : (row.cells[index] ?? '').trim();
      };
      const candidateId = (value('candidateId') ?? '').toUpperCase();
      if (!isCandidateCode(candidateId)) {
        failed.push({ line: row.line, candidateId, message: 'Candidate id must look like KBE123456ABC' });
        continue;
      }
      // A blank cell leaves that value as it is.
      const fields = Object.fromEntries(
        (['seatNumber', 'center', 'examTime'] as const).flatMap((field) => {
          const cell = value(field);
          return cell ? [[field, cell]] : [];
        }),
      );
      const parsed = examAssignmentSchema.safeParse(fields);
      if (!parsed.success) {
        failed.push({ line: row.line, candidateId, message: parsed.error.issues.map((issue) => issue.message).join(', ') });
        continue;
      }
      try {
        await this.setExamAssignment(admin, origin, candidateId, fields);
        updated += 1;
      } catch (error) {
        failed.push({ line: row.line, candidateId, message: messageOf(error) });
      }
    }
    return { rows: rows.length, updated, failed };
  }

  /** Adds a candidate: the registration form's multipart (photo, signature) or JSON, its rules, no deadline. */
  async add(
    admin: AuthenticatedAdmin,
    origin: RequestOrigin,
    upload: { stream: Readable; contentType: string; contentLength?: string } | { json: unknown },
  ): Promise<AdminCandidateDetail> {
    const answer =
      'json' in upload
        ? await this.registration.send('POST', REGISTRATION_INTERNAL_PATHS.candidates, { body: upload.json }, internalCandidateResponseSchema)
        : await this.registration.forwardUpload(REGISTRATION_INTERNAL_PATHS.candidates, upload, internalCandidateResponseSchema);
    const candidate = answer.data;
    await this.audit.record(admin, origin, { action: 'candidate.add', target: { type: 'candidate', id: candidate.candidateCode } });
    return this.detail(candidate);
  }

  async remove(admin: AuthenticatedAdmin, origin: RequestOrigin, code: string): Promise<void> {
    await this.registration.send('DELETE', REGISTRATION_INTERNAL_PATHS.candidate(code), {}, candidateDeletedResponseSchema);
    await this.audit.record(admin, origin, { action: 'candidate.delete', target: { type: 'candidate', id: code } });
  }

  async restore(admin: AuthenticatedAdmin, origin: RequestOrigin, code: string): Promise<AdminCandidateDetail> {
    const candidate = (await this.registration.send('POST', REGISTRATION_INTERNAL_PATHS.candidateRestore(code), {}, internalCandidateResponseSchema)).data;
    await this.audit.record(admin, origin, { action: 'candidate.restore', target: { type: 'candidate', id: code } });
    return this.detail(candidate);
  }

  /** CSV of the current filter, written page by page (cursor paging), never held whole in memory. */
  exportCsv(query: CandidateListFilter): Readable {
    const registration = this.registration;
    const filters = { ...query, page: undefined, limit: undefined, sort: undefined };
    async function* lines() {
      yield `\uFEFF${csvLine(CSV_COLUMNS.map(([title]) => title))}`;
      type ExportPage = { data: { rows: CandidateSheetRow[]; nextCursor: string | null } };
      const page = (after: string | undefined): Promise<ExportPage> =>
        registration.get(
          REGISTRATION_INTERNAL_PATHS.candidatesSheet,
          { ...filters, cursor: 'true', after, limit: EXPORT_PAGE_SIZE } as Query,
          candidateSheetResponseSchema,
        );
      // The next page is asked for as soon as its cursor is known, while this one is written out.
      let next: Promise<ExportPage> | undefined = page(undefined);
      while (next) {
        const answer: ExportPage = await next;
        const after: string | undefined = answer.data.nextCursor ?? undefined;
        next = after ? page(after) : undefined;
        // A download abandoned meanwhile never awaits it: its failure must not go unhandled.
        next?.catch(() => undefined);
        let chunk = '';
        for (const row of answer.data.rows) chunk += csvLine(CSV_COLUMNS.map(([, read]) => read(row)));
        if (chunk) yield chunk;
      }
    }
    return Readable.from(lines());
  }

  openFile(code: string, file: 'photo' | 'signature') {
    return this.registration.stream(REGISTRATION_INTERNAL_PATHS.candidateFile(code, file));
  }

  private listItem(candidate: InternalCandidate): AdminCandidateListItem {
    return {
      id: candidate.id,
      candidateId: candidate.candidateId,
      candidateCode: candidate.candidateCode,
      name: candidate.name,
      fatherName: candidate.fatherName,
      category: candidate.category,
      center: candidate.center,
      contact: candidate.contact,
      email: candidate.email,
      mentorCode: candidate.mentorCode,
      schoolName: candidate.schoolName,
      standard: candidate.standard,
      district: candidate.district,
      feesPaid: candidate.feesPaid,
      receiptNumber: candidate.receiptNumber ?? null,
      hallTicketReleased: candidate.hallTicketReleased,
      certificateReleased: candidate.certificateReleased,
      consentStatus: candidate.consentStatus ?? 'pending',
      photo: this.links.link(candidate.candidateCode, 'photo'),
      signature: this.links.link(candidate.candidateCode, 'signature'),
      seatNumber: candidate.seatNumber,
      stage: candidate.stage,
      ...(candidate.level ? { level: candidate.level } : {}),
      examTime: candidate.examTime,
      createdAt: candidate.createdAt,
      deletedAt: candidate.deletedAt ?? null,
    };
  }

  private detail(candidate: InternalCandidate): AdminCandidateDetail {
    return {
      ...this.listItem(candidate),
      mentorCode: candidate.mentorCode,
      schoolCode: candidate.schoolCode,
      personalDetails: candidate.personalDetails,
      contactDetails: candidate.contactDetails,
      ...(candidate.guardianDetails ? { guardianDetails: candidate.guardianDetails } : {}),
      orphanDetails: candidate.orphanDetails,
      permanentAddress: candidate.permanentAddress,
      educationalDetails: candidate.educationalDetails,
      language: candidateLanguageOf(candidate.language),
    };
  }
}

function changedFields(before: CandidateRegistration, after: CandidateRegistration): string[] {
  const changed: string[] = [];
  for (const group of ['personalDetails', 'contactDetails', 'guardianDetails', 'orphanDetails', 'permanentAddress', 'educationalDetails'] as const) {
    const a = before[group] as Record<string, unknown>;
    const b = after[group] as Record<string, unknown>;
    for (const key of new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])) {
      if (JSON.stringify(a?.[key]) !== JSON.stringify(b?.[key])) changed.push(`${group}.${key}`);
    }
  }
  if (before.mentorCode !== after.mentorCode) changed.push('mentorCode');
  if (candidateLanguageOf(before.language) !== candidateLanguageOf(after.language)) changed.push('language');
  return changed;
}

export function messageOf(error: unknown): string {
  if (error && typeof error === 'object' && 'getResponse' in error && typeof error.getResponse === 'function') {
    const body = error.getResponse() as { message?: unknown } | string;
    if (typeof body === 'string') return body;
    if (typeof body.message === 'string') return body.message;
  }
  return errorMessage(error);
}
