import { Body, Controller, HttpCode, Post, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { CandidateDataExport } from '@kbe/contracts';
import { InternalOnly } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import type { Response } from 'express';
import { sendPdf, withRetryAfter } from '../downloads/document-errors';
import { dataExportRequestSchema } from './data-export.requests';
import { RenderDataExportUseCase } from './render-data-export.usecase';

/**
 * `POST /internal/documents/data-export.pdf` (`x-internal-token`, never routed by the edge):
 * registration-service sends a guardian's data export, this answers its readable PDF.
 */
@ApiExcludeController()
@InternalOnly()
@Controller('internal/documents')
export class DataExportController {
  constructor(private readonly render: RenderDataExportUseCase) {}

  @Post('data-export.pdf')
  @HttpCode(200)
  async pdf(@Body(new ZodValidationPipe(dataExportRequestSchema)) data: CandidateDataExport, @Res() response: Response): Promise<void> {
    const pdf = await withRetryAfter(response, () => this.render.execute(data));
    sendPdf(response, pdf, `${data.candidateCode}_data.pdf`, false, 'attachment');
  }
}
