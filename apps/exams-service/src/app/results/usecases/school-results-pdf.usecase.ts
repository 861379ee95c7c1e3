import { Inject, Injectable } from '@nestjs/common';
import type { ExamLevel } from '@kbe/contracts';
import { SCHOOL_RESULTS_PDF_CLIENT, type SchoolResultsPdfClient } from '../school-results-pdf.client';
import { ReadResultsUseCase } from './read-results.usecase';

/**
 * The admin's PDF of a school's report of a level: the school's ranked rows (as the CSV has them)
 * rendered by documents-service's school-results route, the same the school portal uses.
 */
@Injectable()
export class SchoolResultsPdfUseCase {
  constructor(
    private readonly readResults: ReadResultsUseCase,
    @Inject(SCHOOL_RESULTS_PDF_CLIENT) private readonly documents: SchoolResultsPdfClient,
  ) {}

  async execute(level: ExamLevel, schoolCode: string): Promise<Buffer> {
    const rows = await this.readResults.schoolReportRows(level, schoolCode);
    return this.documents.render({ schoolCode, schoolName: null, mentorCode: null, level, generatedAt: new Date().toISOString(), rows });
  }
}
