import { Body, Controller, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiConflictResponse,
  ApiForbiddenResponse,
  ApiNotFoundResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
} from '@nestjs/swagger';
import { downloadRequestSchema, type DocumentKind, type DownloadRequest } from '@kbe/contracts';
import { ApiPdfResponse, ApiRetryLaterResponse, clientAddress, ZodValidationPipe, type ForwardedRequest } from '@kbe/server-bootstrap';
import type { Response } from 'express';
import { DOWNLOAD_SETTINGS, type DownloadSettings } from './download.settings';
import { DownloadDocumentUseCase } from './download-document.usecase';
import { candidateCodeParam, documentKindParam } from './download.requests';
import { sendPdf, withRetryAfter } from './document-errors';

/** `POST /api/candidates/{code}/download/{hall-ticket|certificate}` with `{ motherName, level?, kind? }` (a certificate's result level and kind). */
@ApiTags('downloads')
@Controller('candidates')
export class DownloadsController {
  constructor(
    private readonly download: DownloadDocumentUseCase,
    @Inject(DOWNLOAD_SETTINGS) private readonly settings: DownloadSettings,
  ) {}

  @Post(':code/download/:kind')
  @HttpCode(200)
  @ApiPdfResponse('The PDF (Content-Disposition names {code}_hallticket.pdf or {code}_certificate.pdf).')
  @ApiBadRequestResponse({ description: 'Malformed code, document or body.' })
  @ApiNotFoundResponse({
    description:
      "Candidate not found; or a certificate not earned (e.g. 'No merit certificate: KBE… won no medal at the Mains level'), or of a level whose result is not published.",
  })
  @ApiForbiddenResponse({ description: "Mother's name does not match our records." })
  @ApiConflictResponse({ description: 'The document is not released yet.' })
  @ApiTooManyRequestsResponse({
    description:
      'Too many failed attempts: the candidate is locked after wrong names, or a failure comes from an address locked after very many failures (a correct name is still served); Retry-After gives the seconds to wait.',
  })
  @ApiRetryLaterResponse('Busy rendering, or registration-service unreachable; Retry-After gives the seconds to wait.')
  async post(
    @Param('code', new ZodValidationPipe(candidateCodeParam)) candidateCode: string,
    @Param('kind', new ZodValidationPipe(documentKindParam)) kind: DocumentKind,
    @Body(new ZodValidationPipe(downloadRequestSchema)) body: DownloadRequest,
    @Req() request: ForwardedRequest,
    @Res() response: Response,
  ): Promise<void> {
    const client = clientAddress(request, this.settings.trustedProxyHops);
    const document = await withRetryAfter(response, () =>
      this.download.execute({ candidateCode, kind, motherName: body.motherName, client, level: body.level, certificateKind: body.kind }),
    );
    sendPdf(response, document.pdf, document.fileName, document.cached, 'attachment');
  }
}
