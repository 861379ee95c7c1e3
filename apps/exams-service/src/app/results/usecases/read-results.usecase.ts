import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { MAX_MARKS, SCHOOL_RESULTS_REPORT_COLUMNS, type ExamLevel, type KbeCategory, type LevelResultsSummary, type Pagination, type RankedResult, type ResultsPublication } from '@kbe/contracts';
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
