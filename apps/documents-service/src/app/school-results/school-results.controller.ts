import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { schoolResultsFileName, schoolResultsReportSchema, type SchoolResultsReport } from '@kbe/contracts';
import { InternalOnly } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import type { Response } from 'express';
import { sendPdf, withRetryAfter } from '../downloads/document-errors';
import { RenderSchoolResultsUseCase } from './render-school-results.usecase';

/**
 * `POST /internal/documents/school-results.pdf` (`x-internal-token`, never routed by the edge):
 * registration-service (the school portal) or exams-service (the admin) sends a school's rows of a
 * level's results, this answers the readable PDF.
 */
@ApiExcludeController()
@InternalOnly()
@Controller('internal/documents')
export class SchoolResultsController {
  constructor(private readonly render: RenderSchoolResultsUseCase) {}

  @Post('school-results.pdf')
  @HttpCode(200)
  async pdf(@Body(new ZodValidationPipe(schoolResultsReportSchema)) report: SchoolResultsReport, @Res() response: Response): Promise<void> {
    const pdf = await withRetryAfter(response, () => this.render.execute(report));
    sendPdf(response, pdf, schoolResultsFileName(report.schoolCode, report.level, 'pdf'), false, 'attachment');
  }
}
