import { Body, Controller, Get, Headers, Param, Post, Query, Res, UploadedFiles, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBody,
  ApiConsumes,
  ApiCreatedResponse,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiOperation,
  ApiParam,
  ApiPayloadTooLargeResponse,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { CANDIDATE_FILE_PARTS, candidateRegistrationSchema, IDEMPOTENCY_KEY_HEADER } from '@kbe/contracts';
import { AdminOnly } from '@kbe/server-auth';
import { multipartBody, ZodValidationPipe } from '@kbe/server-bootstrap';
import type { Response } from 'express';
import { idempotencyKeyOf } from '../common/idempotency-key';
import { ApiIdempotencyKeyHeader } from '../common/idempotency-key.openapi';
import { pageRequest } from '../common/pagination';
import { RateLimited } from '../common/rate-limit';
import { markReplay } from '../common/registration-responses';
import { candidateListFilter, candidateListQuerySchema, registrationNumberSchema, type CandidateListRequest } from './candidate.requests';
import { CandidateFilesInterceptor, UploadLimitInterceptor, type CandidateUploads } from './candidate-upload.interceptor';
import { ListCandidatesUseCase } from './usecases/list-candidates.usecase';
import { RegisterCandidateUseCase } from './usecases/register-candidate.usecase';
import { SearchCandidateUseCase } from './usecases/search-candidate.usecase';

export const CANDIDATE_REGISTERED_MESSAGE = 'Candidate registration completed successfully';

@ApiTags('candidates')
@Controller('candidates')
export class CandidatesController {
  constructor(
    private readonly registerCandidate: RegisterCandidateUseCase,
    private readonly searchCandidate: SearchCandidateUseCase,
    private readonly listCandidates: ListCandidatesUseCase,
  ) {}

  @Post('register')
  @RateLimited('register')
  @UseInterceptors(UploadLimitInterceptor, CandidateFilesInterceptor)
  @ApiOperation({
    summary:
      'Register a candidate: multipart with bracketed field names (personalDetails[fullName]) plus files photo and signature (images, at most 5 MB each).',
  })
  @ApiConsumes('multipart/form-data')
  @ApiIdempotencyKeyHeader()
  @ApiBody(multipartBody(candidateRegistrationSchema, CANDIDATE_FILE_PARTS))
  @ApiCreatedResponse({
    description: '{ success, message, candidateCode, candidateId, data: { candidateCode, candidateId, fullName, mentorCode } }',
    links: {
      SearchCandidate: {
        operationId: 'CandidatesController_search',
        description: 'The candidate just registered, found by registration number.',
        parameters: { registrationNumber: '$response.body#/candidateCode' },
      },
    },
  })
  @ApiOkResponse({ description: 'The same candidate submitted again: the first code.' })
  @ApiBadRequestResponse({ description: 'Invalid fields (a language other than en, mr or hi too), missing or non-image documents, or the registration deadline has passed.' })
  @ApiUnprocessableEntityResponse({ description: 'Mentor Code not found (or not active).' })
  @ApiPayloadTooLargeResponse({ description: 'A file is larger than 5 MB.' })
  async register(
    @Body() body: unknown,
    @UploadedFiles() files: CandidateUploads | undefined,
    @Headers(IDEMPOTENCY_KEY_HEADER.toLowerCase()) keyHeader: unknown,
    @Res({ passthrough: true }) response: Response,
  ) {
    const photo = files?.photo?.[0];
    const signature = files?.signature?.[0];
    const { candidate, replayed } = await this.registerCandidate.execute({
      fields: body ?? {},
      photo: photo && { bytes: photo.buffer },
      signature: signature && { bytes: signature.buffer },
      idempotencyKey: idempotencyKeyOf(keyHeader),
    });
    markReplay(response, replayed);
    const code = candidate.candidateCode;
    const data = { candidateCode: code, candidateId: code, fullName: candidate.personalDetails.fullName, mentorCode: candidate.mentorCode };
    return { success: true, message: CANDIDATE_REGISTERED_MESSAGE, candidateCode: code, candidateId: code, data };
  }

  @Get('search/:registrationNumber')
  @RateLimited('search')
  @ApiOperation({ summary: 'Find a candidate by registration number; no mother\'s name, phone number masked.' })
  @ApiParam({ name: 'registrationNumber', example: 'KBE123456K7Q' })
  @ApiOkResponse({ description: '{ success, data: { candidateCode, fullName, fatherName, phoneNumber: "******1234", hallTicketReleased, certificateReleased } }' })
  @ApiNotFoundResponse({ description: 'Candidate not found' })
  async search(@Param('registrationNumber', new ZodValidationPipe(registrationNumberSchema)) registrationNumber: string) {
    const data = await this.searchCandidate.execute(registrationNumber);
    return { success: true, data };
  }

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: 'Candidates for the admin tables: filter (all, paid, unpaid), released, search, paging.' })
  async list(@Query(new ZodValidationPipe(candidateListQuerySchema)) query: CandidateListRequest) {
    return { success: true, data: await this.listCandidates.execute(candidateListFilter(query), pageRequest(query)) };
  }
}
