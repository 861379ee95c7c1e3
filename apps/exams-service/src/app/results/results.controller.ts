import { Body, Controller, Get, Header, HttpCode, HttpStatus, Param, Post, Query, Req, Res, StreamableFile } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiPayloadTooLargeResponse,
  ApiProduces,
  ApiServiceUnavailableResponse,
  ApiTags,
} from '@nestjs/swagger';
import {
  resultsCandidatesQuerySchema,
  resultsImportRequestSchema,
  resultsLevelParam,
  resultsLevelRequestSchema,
  schoolResultsFileName,
  schoolResultsReportQuerySchema,
  type ExamLevel,
} from '@kbe/contracts';
import { AdminOnly, CurrentAdmin, type AuthenticatedAdmin } from '@kbe/server-auth';
import { ZodValidationPipe, type ForwardedRequest } from '@kbe/server-bootstrap';
import type { Response } from 'express';
import type { z } from 'zod';
import { pageRequest } from '../pagination';
import { ImportResultsUseCase } from './usecases/import-results.usecase';
import { PublishResultsUseCase } from './usecases/publish-results.usecase';
import { RESULTS_MESSAGES } from './results.messages';
import { ReadResultsUseCase } from './usecases/read-results.usecase';
import { SchoolResultsPdfUseCase } from './usecases/school-results-pdf.usecase';
import { WithdrawResultsUseCase } from './usecases/withdraw-results.usecase';

/** A level's results: import, summary, ranked rows, school reports, publication (admin token required; writes need the admin role). */
@ApiTags('admin results')
@AdminOnly()
@Controller('admin/results')
export class ResultsController {
  constructor(
    private readonly importResults: ImportResultsUseCase,
    private readonly readResults: ReadResultsUseCase,
    private readonly publishResults: PublishResultsUseCase,
    private readonly withdrawResults: WithdrawResultsUseCase,
    private readonly schoolResultsPdf: SchoolResultsPdfUseCase,
  ) {}

  @Post('import')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      "Imports a level's scores (CSV: roll number or candidate code, score, absent); every line is checked and every problem reported; with any problem, or in a dry run, nothing is stored. The same file again changes nothing.",
  })
  @ApiOkResponse({ description: '{ success, data: ResultsImportReport } (problems: [{ line, field, message }])' })
  @ApiBadRequestResponse({ description: 'An unknown level, csv not text or empty, dryRun / replace not a boolean, or the CSV larger than 2 MB' })
  @ApiConflictResponse({ description: 'Results of the level are stored and replace is not set, they are published (withdraw them first), or a publication of them is running' })
  @ApiPayloadTooLargeResponse({ description: 'The body is larger than 6 MB' })
  async import(@Body(new ZodValidationPipe(resultsImportRequestSchema)) body: z.output<typeof resultsImportRequestSchema>, @CurrentAdmin() admin: AuthenticatedAdmin, @Req() request: ForwardedRequest) {
    return { success: true, data: await this.importResults.execute(body, { admin, from: request }) };
  }

  @Post('publish')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary:
      "Publishes a level: every result is handed to registration-service (the candidate's result; a qualified candidate moves on to the next level), then the level is published. A publication that takes longer than a few seconds answers 202 and runs on: the summary's publication shows its progress.",
  })
  @ApiOkResponse({ description: '{ success, data: LevelResultsSummary } (published)' })
  @ApiAcceptedResponse({ description: '{ success, data: LevelResultsSummary } (the publication runs on; poll the summary)' })
  @ApiBadRequestResponse({ description: 'An unknown level' })
  @ApiConflictResponse({ description: 'No results of the level are imported, they are published already, or a publication of the level is running' })
  @ApiBadGatewayResponse({ description: 'registration-service did not take the results: the publication stopped and nothing is published' })
  async publish(
    @Body(new ZodValidationPipe(resultsLevelRequestSchema)) body: z.output<typeof resultsLevelRequestSchema>,
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() request: ForwardedRequest,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { summary, running } = await this.publishResults.execute(body.level, admin, request);
    if (running) response.status(HttpStatus.ACCEPTED);
    return { success: true, data: summary };
  }

  @Post('withdraw')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: "Withdraws a published level: registration-service takes the candidates' results back." })
  @ApiOkResponse({ description: '{ success, data: LevelResultsSummary }' })
  @ApiBadRequestResponse({ description: 'An unknown level' })
  @ApiConflictResponse({ description: 'The level is not published, or certificates of the level are released (registration-service refuses, in its words)' })
  async withdraw(@Body(new ZodValidationPipe(resultsLevelRequestSchema)) body: z.output<typeof resultsLevelRequestSchema>, @CurrentAdmin() admin: AuthenticatedAdmin, @Req() request: ForwardedRequest) {
    return { success: true, data: await this.withdrawResults.execute(body.level, { admin, from: request }) };
  }

  @Get(':level')
  @ApiOperation({ summary: "A level's summary: status, and per category those who sat, places, cut-off, qualified, medals, highest, median and a histogram (status none before any import)." })
  @ApiOkResponse({ description: '{ success, data: LevelResultsSummary }' })
  @ApiBadRequestResponse({ description: 'An unknown level' })
  async summary(@Param('level', new ZodValidationPipe(resultsLevelParam)) level: ExamLevel) {
    return { success: true, data: await this.readResults.summary(level) };
  }

  @Get(':level/candidates')
  @ApiOperation({ summary: "A level's ranked rows: ?category= (Prime, Sec, High; all three by category when absent), ?page=, ?limit= (at most 100); by rank then roll number, absentees last." })
  @ApiOkResponse({ description: '{ success, data: RankedResult[], pagination }' })
  @ApiBadRequestResponse({ description: 'An unknown level or category, or a page or limit out of range' })
  async candidates(@Param('level', new ZodValidationPipe(resultsLevelParam)) level: ExamLevel, @Query(new ZodValidationPipe(resultsCandidatesQuerySchema)) query: z.output<typeof resultsCandidatesQuerySchema>) {
    const { rows, pagination } = await this.readResults.candidates(level, query.category, pageRequest(query));
    return { success: true, data: rows, pagination };
  }

  @Get(':level/report.csv')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "One school's report of the level (?school=): candidate code, roll number, category, score, absent, rank, medal, qualified." })
  @ApiOkResponse({ description: 'The CSV (a header line only when the school has no candidate of the level)', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiBadRequestResponse({ description: 'An unknown level, or school not a school code' })
  @ApiNotFoundResponse({ description: 'No results of the level are imported' })
  async report(@Param('level', new ZodValidationPipe(resultsLevelParam)) level: ExamLevel, @Query(new ZodValidationPipe(schoolResultsReportQuerySchema)) query: z.output<typeof schoolResultsReportQuerySchema>): Promise<StreamableFile> {
    // the CSV's type on the CSV only: an error answers JSON, as documented
    const csv = Buffer.from(await this.readResults.schoolReport(level, query.school), 'utf8');
    return new StreamableFile(csv, { type: 'text/csv; charset=utf-8', disposition: `attachment; filename="${schoolResultsFileName(query.school, level, 'csv')}"`, length: csv.length });
  }

  @Get(':level/report.pdf')
  @Header('Cache-Control', 'no-store')
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: "One school's report of the level (?school=) as a readable PDF, rendered by documents-service: the medal and qualified counts, a table per category in rank order." })
  @ApiOkResponse({ description: 'The PDF (attachment SCH-XXXXXX_<level>_results.pdf).', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiBadRequestResponse({ description: 'An unknown level, or school not a school code' })
  @ApiNotFoundResponse({ description: 'No results of the level are imported, or the school has no candidate in them' })
  @ApiServiceUnavailableResponse({ description: RESULTS_MESSAGES.pdfUnavailable })
  async reportPdf(@Param('level', new ZodValidationPipe(resultsLevelParam)) level: ExamLevel, @Query(new ZodValidationPipe(schoolResultsReportQuerySchema)) query: z.output<typeof schoolResultsReportQuerySchema>): Promise<StreamableFile> {
    const pdf = await this.schoolResultsPdf.execute(level, query.school);
    return new StreamableFile(pdf, { type: 'application/pdf', disposition: `attachment; filename="${schoolResultsFileName(query.school, level, 'pdf')}"`, length: pdf.length });
  }
}
