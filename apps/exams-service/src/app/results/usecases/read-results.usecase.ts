import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  MAX_MARKS,
  NEXT_LEVEL,
  SCHOOL_RESULTS_REPORT_COLUMNS,
  type ExamLevel,
  type KbeCategory,
  type LevelResultsSummary,
  type Pagination,
  type RankedResult,
  type ResultsPublication,
  type SchoolResultsReportRow,
} from '@kbe/contracts';
import { csvLine } from '@kbe/server-csv';
import { paginationOf, type PageRequest } from '../../pagination';
import { RESULTS_MESSAGES } from '../results.messages';
import { RESULT_REPOSITORY, type ResultLevelRecord, type ResultRepository } from '../result.repository';
import type { PublicationRecord } from '../result.schema';

/** What the admin reads of a level's results: the summary, the ranked rows, a school's report. */
@Injectable()
export class ReadResultsUseCase {
  constructor(@Inject(RESULT_REPOSITORY) private readonly results: ResultRepository) {}

  async summary(level: ExamLevel): Promise<LevelResultsSummary> {
    return summaryOf(level, await this.results.level(level));
  }

  async candidates(level: ExamLevel, category: KbeCategory | undefined, page: PageRequest): Promise<{ rows: RankedResult[]; pagination: Pagination }> {
    const found = await this.results.page(level, category, page);
    return { rows: found.items, pagination: paginationOf(page, found.total) };
  }

  /** A school's rows of the level as CSV (cells made safe for a spreadsheet). */
  async schoolReport(level: ExamLevel, schoolCode: string): Promise<string> {
    if (!(await this.results.level(level))) throw new NotFoundException(RESULTS_MESSAGES.nothingImported(level));
    const rows = await this.results.ofSchool(level, schoolCode);
    const yesNo = (value: boolean) => (value ? 'yes' : 'no');
    return [
      csvLine(SCHOOL_RESULTS_REPORT_COLUMNS),
      ...rows.map((row) => csvLine([row.candidateCode, row.rollNumber, row.category, row.score, yesNo(row.absent), row.rank, row.medal, yesNo(row.qualified)])),
    ].join('');
  }

  /** A school's rows of the level as the PDF report prints them; 404 when nothing is imported or the school has none. */
  async schoolReportRows(level: ExamLevel, schoolCode: string): Promise<SchoolResultsReportRow[]> {
    if (!(await this.results.level(level))) throw new NotFoundException(RESULTS_MESSAGES.nothingImported(level));
    const rows = await this.results.ofSchool(level, schoolCode);
    if (rows.length === 0) throw new NotFoundException(RESULTS_MESSAGES.schoolHasNone(level, schoolCode));
    return rows.map((row) => reportRowOf(level, row));
  }
}

/** A ranked row as the school report prints it (exams-service knows no name, standard or mentor). */
export function reportRowOf(level: ExamLevel, row: RankedResult): SchoolResultsReportRow {
  return {
    candidateCode: row.candidateCode,
    name: null,
    standard: null,
    mentorCode: null,
    rollNumber: row.rollNumber,
    category: row.category,
    score: row.score,
    maxMarks: MAX_MARKS[level],
    absent: row.absent,
    rank: row.rank,
    medal: row.medal,
    qualified: row.qualified,
    nextLevel: row.qualified ? NEXT_LEVEL[level] : null,
  };
}

/** A level's summary from its stored record ('none' with no categories before any import). */
export function summaryOf(level: ExamLevel, record: ResultLevelRecord | null): LevelResultsSummary {
  return {
    level,
    status: record?.status ?? 'none',
    maxMarks: MAX_MARKS[level],
    importedAt: record?.importedAt.toISOString() ?? null,
    importedBy: record?.importedBy ?? null,
    publishedAt: record?.publishedAt?.toISOString() ?? null,
    categories: record?.categories ?? [],
    publication: record?.publication ? publicationOf(record.publication) : null,
  };
}

function publicationOf(publication: PublicationRecord): ResultsPublication {
  return {
    startedAt: publication.startedAt.toISOString(),
    startedBy: publication.startedBy,
    total: publication.total,
    processed: publication.processed,
    percent: publication.total === 0 ? 100 : Math.floor((publication.processed / publication.total) * 100),
    finishedAt: publication.finishedAt?.toISOString() ?? null,
    error: publication.error,
  };
}
