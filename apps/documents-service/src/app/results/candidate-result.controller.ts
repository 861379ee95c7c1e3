import { Body, Controller, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBadRequestResponse, ApiForbiddenResponse, ApiNotFoundResponse, ApiOkResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { candidateResultRequestSchema, candidateResultSchema, type ApiSuccess, type CandidateResult, type CandidateResultRequest } from '@kbe/contracts';
import { ApiRetryLaterResponse, clientAddress, requestJsonSchema, ZodValidationPipe, type ForwardedRequest } from '@kbe/server-bootstrap';
import type { Response } from 'express';
import { withRetryAfter } from '../downloads/document-errors';
import { DOWNLOAD_SETTINGS, type DownloadSettings } from '../downloads/download.settings';
import { candidateCodeParam } from '../downloads/download.requests';
import { CandidateResultUseCase } from './candidate-result.usecase';

/** `POST /api/candidates/{code}/result` with `{ motherName, level? }`: the candidate's own result, through the downloads gate. */
@ApiTags('downloads')
@Controller('candidates')
export class CandidateResultController {
  constructor(
    private readonly result: CandidateResultUseCase,
    @Inject(DOWNLOAD_SETTINGS) private readonly settings: DownloadSettings,
  ) {}

  @Post(':code/result')
  @HttpCode(200)
  @ApiOkResponse({
    description: '{ success, message, data: CandidateResult }: the result of the level asked, or the latest published (Super Advanced > Advanced > Mains).',
    schema: {
      type: 'object',
      required: ['success', 'message', 'data'],
      properties: { success: { type: 'boolean', enum: [true] }, message: { type: 'string' }, data: requestJsonSchema(candidateResultSchema) },
    },
  })
  @ApiBadRequestResponse({ description: 'Malformed code or body (field errors).' })
  @ApiNotFoundResponse({ description: 'Candidate not found, or no result of the candidate is published (for the level asked).' })
  @ApiForbiddenResponse({ description: "Mother's name does not match our records (counts towards the candidate's lock, as a download's does)." })
  @ApiTooManyRequestsResponse({
    description:
      'Too many failed attempts: the candidate is locked after wrong names (here or at a download), or a failure comes from an address locked after very many failures; Retry-After gives the seconds to wait.',
  })
  @ApiRetryLaterResponse('registration-service unreachable; Retry-After gives the seconds to wait.')
  async post(
    @Param('code', new ZodValidationPipe(candidateCodeParam)) candidateCode: string,
    @Body(new ZodValidationPipe(candidateResultRequestSchema)) body: CandidateResultRequest,
    @Req() request: ForwardedRequest,
    @Res({ passthrough: true }) response: Response,
  ): Promise<ApiSuccess<CandidateResult>> {
    const client = clientAddress(request, this.settings.trustedProxyHops);
    const data = await withRetryAfter(response, () => this.result.execute({ candidateCode, motherName: body.motherName, level: body.level, client }));
    return { success: true, message: `The ${data.level} result of ${candidateCode}`, data };
  }
}
