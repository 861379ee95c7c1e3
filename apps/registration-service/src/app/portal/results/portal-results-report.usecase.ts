import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  KBE_CATEGORIES,
  PORTAL_RESULTS_MESSAGES,
  PORTAL_RESULTS_REPORT_COLUMNS,
  type CandidateResult,
  type ExamLevel,
  type SchoolResultsReport,
  type SchoolResultsReportRow,
} from '@kbe/contracts';
import { csvLine } from '@kbe/server-csv';
import { CANDIDATE_REPOSITORY, type CandidateRepository } from '../../candidates/candidate.repository';
import { CandidateDirectory } from '../../candidates/directory/candidate-directory';
import type { DirectoryEntry } from '../../candidates/directory/directory-entry';
import { CLOCK, type Clock } from '../../common/clock';
import { PortalAccounts } from '../portal-accounts';
import { portalScopeOf, type PortalPrincipal } from '../portal-session';
import { DOCUMENTS_RESULTS_PDF, type DocumentsResultsPdf } from './documents-results.client';

/** Codes per `_id $in` read of the pupils' results. */
const READ_CHUNK = 250;

const categoryOrder = (category: string) => KBE_CATEGORIES.indexOf(category as (typeof KBE_CATEGORIES)[number]);

/** Category (Prime, Sec, High), then rank (absentees last), then candidate code. */
export function byCategoryAndRank(a: SchoolResultsReportRow, b: SchoolResultsReportRow): number {
  const rank = (row: SchoolResultsReportRow) => row.rank ?? Number.MAX_SAFE_INTEGER;
  return categoryOrder(a.category) - categoryOrder(b.category) || rank(a) - rank(b) || a.candidateCode.localeCompare(b.candidateCode);
}

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** A report row as a CSV line (PORTAL_RESULTS_REPORT_COLUMNS; cells made safe for a spreadsheet). */
export function reportCsvLine(row: SchoolResultsReportRow): string {
  return csvLine([
    row.candidateCode,
    row.name,
    row.standard,
    row.mentorCode,
    row.rollNumber,
    row.category,
    row.score,
    row.maxMarks,
    yesNo(row.absent),
    row.rank,
    row.medal,
    yesNo(row.qualified),
    row.nextLevel,
  ]);
}

/**
 * The school report of a level's published results in the portal (docs/results.md): the school's
 * (or mentor's) pupils from the candidate directory's scope index, their published results read by
 * `_id` (never a collection scan), as CSV or as the PDF documents-service renders.
 */
@Injectable()
export class PortalResultsReportUseCase {
  constructor(
    private readonly directory: CandidateDirectory,
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    private readonly accounts: PortalAccounts,
    @Inject(DOCUMENTS_RESULTS_PDF) private readonly documents: DocumentsResultsPdf,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The pupils' rows of the level, in category and rank order; 404 when none has a published result of it. */
  async rows(principal: PortalPrincipal, level: ExamLevel): Promise<SchoolResultsReportRow[]> {
    const entries = (this.directory.inScope(portalScopeOf(principal)) ?? []).filter((entry) => entry.deletedAt === null);
    const rows: SchoolResultsReportRow[] = [];
    for (let i = 0; i < entries.length; i += READ_CHUNK) {
      const chunk = entries.slice(i, i + READ_CHUNK);
      const states = await this.candidates.resultStates(chunk.map((entry) => entry.code));
      for (const entry of chunk) {
        const result = states.get(entry.code)?.results.find((held) => held.level === level);
        if (result) rows.push(rowOf(entry, result));
      }
    }
    if (rows.length === 0) throw new NotFoundException(PORTAL_RESULTS_MESSAGES.notPublished(level));
    return rows.sort(byCategoryAndRank);
  }

  /** The CSV, a BOM first for spreadsheets. */
  async csv(principal: PortalPrincipal, level: ExamLevel): Promise<string> {
    const rows = await this.rows(principal, level);
    return `\uFEFF${csvLine(PORTAL_RESULTS_REPORT_COLUMNS)}${rows.map(reportCsvLine).join('')}`;
  }

  async pdf(principal: PortalPrincipal, level: ExamLevel): Promise<Buffer> {
    const [rows, schoolName] = await Promise.all([this.rows(principal, level), this.accounts.schoolName(principal.schoolCode)]);
    const report: SchoolResultsReport = {
      schoolCode: principal.schoolCode,
      schoolName: schoolName || null,
      mentorCode: principal.role === 'mentor' ? principal.code : null,
      level,
      generatedAt: this.clock.now().toISOString(),
      rows,
    };
    return this.documents.schoolResultsPdf(report);
  }
}

function rowOf(entry: DirectoryEntry, result: CandidateResult): SchoolResultsReportRow {
  return {
    candidateCode: entry.code,
    name: entry.sheet.fullName || null,
    standard: entry.standard || null,
    mentorCode: entry.mentorCode,
    rollNumber: result.rollNumber,
    category: result.category,
    score: result.score,
    maxMarks: result.maxMarks,
    absent: result.absent,
    rank: result.rank,
    medal: result.medal,
    qualified: result.qualified,
    nextLevel: result.nextLevel,
  };
}
