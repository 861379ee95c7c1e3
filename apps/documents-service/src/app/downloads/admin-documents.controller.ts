import { Controller, Get, Inject, NotFoundException, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import { documentFileName, type DocumentKind } from '@kbe/contracts';
import { AdminOnly } from '@kbe/server-auth';
import { ApiPdfResponse, ApiRetryLaterResponse, ZodValidationPipe } from '@kbe/server-bootstrap';
import type { Response } from 'express';
import { CANDIDATE_DIRECTORY, type CandidateDirectory } from '../candidates/candidate-directory';
import { DocumentProvider } from '../documents/document-provider';
import { CANDIDATE_NOT_FOUND } from './download-gate';
import { candidateCodeParam } from './download.requests';
import { notEarnedAsNotFound, sendPdfHeaders, withRetryAfter } from './document-errors';

/** The rendered documents for the admin area's print button (admin token required). */
@ApiTags('admin documents')
@AdminOnly()
@Controller('admin/candidates')
export class AdminDocumentsController {
  constructor(
    @Inject(CANDIDATE_DIRECTORY) private readonly directory: CandidateDirectory,
    private readonly documents: DocumentProvider,
  ) {}

  @Get(':id/hall-ticket.pdf')
  @ApiPdfResponse('The hall ticket PDF (inline).')
  @ApiNotFoundResponse({ description: 'Candidate not found' })
  @ApiRetryLaterResponse('Busy rendering, or registration-service unreachable; Retry-After gives the seconds to wait.')
  hallTicket(
    @Param('id', new ZodValidationPipe(candidateCodeParam)) candidateCode: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    return this.send('hall-ticket', candidateCode, response);
  }

  @Get(':id/certificate.pdf')
  @ApiPdfResponse('The certificate PDF (inline): of the best kind earned at the latest published level, as before results without one.')
  @ApiNotFoundResponse({ description: 'Candidate not found, or no certificate: the candidate was absent at every published level.' })
  @ApiRetryLaterResponse('Busy rendering, or registration-service unreachable; Retry-After gives the seconds to wait.')
  certificate(
    @Param('id', new ZodValidationPipe(candidateCodeParam)) candidateCode: string,
    @Res({ passthrough: true }) response: Response,
  ): Promise<StreamableFile> {
    return this.send('certificate', candidateCode, response);
  }

  /** Admins print whether or not the document is released (the print button comes before release). */
  private async send(kind: DocumentKind, candidateCode: string, response: Response): Promise<StreamableFile> {
    const { pdf, cached } = await withRetryAfter(response, async () => {
      const candidate = await this.directory.find(candidateCode);
      if (!candidate) throw new NotFoundException(CANDIDATE_NOT_FOUND);
      return notEarnedAsNotFound(() => this.documents.pdf(kind, candidate));
    });
    sendPdfHeaders(response, documentFileName(candidateCode, kind), cached, 'inline');
    return new StreamableFile(pdf);
  }
}
