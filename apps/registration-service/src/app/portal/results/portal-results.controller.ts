import { Controller, Get, Header, Query, StreamableFile } from '@nestjs/common';
import { ApiBadRequestResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiProduces, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { PORTAL_RESULTS_MESSAGES, portalResultsReportQuerySchema, schoolResultsFileName, type PortalResultsReportQuery } from '@kbe/contracts';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { CurrentPortalUser, PortalSignedIn } from '../portal-session.guard';
import type { PortalPrincipal } from '../portal-session';
import { PortalResultsReportUseCase } from './portal-results-report.usecase';

const levelQuery = new ZodValidationPipe(portalResultsReportQuerySchema);
const notFound = 'No result of the level is published for the school’s (or mentor’s) pupils.';

/**
 * The school report of a level's published results (docs/results.md): the school's (or mentor's)
 * pupils with their scores, ranks, medals and qualification, as CSV or PDF.
 */
@ApiTags('portal')
@Controller('portal/results')
@PortalSignedIn()
export class PortalResultsController {
  constructor(private readonly report: PortalResultsReportUseCase) {}

  @Get('report.csv')
  @Header('Cache-Control', 'no-store')
  @ApiProduces('text/csv')
  @ApiOperation({ summary: "The pupils' published results of the level as CSV (PORTAL_RESULTS_REPORT_COLUMNS), by category and rank." })
  @ApiOkResponse({ description: 'The report as CSV.', content: { 'text/csv': { schema: { type: 'string' } } } })
  @ApiBadRequestResponse({ description: PORTAL_RESULTS_MESSAGES.levelRequired })
  @ApiNotFoundResponse({ description: notFound })
  async csv(@CurrentPortalUser() principal: PortalPrincipal, @Query(levelQuery) query: PortalResultsReportQuery): Promise<StreamableFile> {
    const csv = Buffer.from(await this.report.csv(principal, query.level), 'utf8');
    return new StreamableFile(csv, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${schoolResultsFileName(principal.schoolCode, query.level, 'csv')}"`,
      length: csv.length,
    });
  }

  @Get('report.pdf')
  @Header('Cache-Control', 'no-store')
  @ApiProduces('application/pdf')
  @ApiOperation({ summary: "The pupils' published results of the level as a readable PDF: the school, level and year, the medal and qualified counts, a table per category." })
  @ApiOkResponse({ description: 'The report as PDF (attachment).', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } })
  @ApiBadRequestResponse({ description: PORTAL_RESULTS_MESSAGES.levelRequired })
  @ApiNotFoundResponse({ description: notFound })
  @ApiServiceUnavailableResponse({ description: PORTAL_RESULTS_MESSAGES.pdfUnavailable })
  async pdf(@CurrentPortalUser() principal: PortalPrincipal, @Query(levelQuery) query: PortalResultsReportQuery): Promise<StreamableFile> {
    const pdf = await this.report.pdf(principal, query.level);
    return new StreamableFile(pdf, {
      type: 'application/pdf',
      disposition: `attachment; filename="${schoolResultsFileName(principal.schoolCode, query.level, 'pdf')}"`,
      length: pdf.length,
    });
  }
}
