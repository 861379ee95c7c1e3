import { Body, Controller, Get, Headers, Post, Query, Res } from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  ApiUnprocessableEntityResponse,
} from '@nestjs/swagger';
import { IDEMPOTENCY_KEY_HEADER, mentorRegistrationSchema, type MentorRegistration } from '@kbe/contracts';
import { AdminOnly } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import type { Response } from 'express';
import { ContractValidationPipe } from '../common/contract-validation.pipe';
import { idempotencyKeyOf } from '../common/idempotency-key';
import { ApiIdempotencyKeyHeader } from '../common/idempotency-key.openapi';
import { pageRequest } from '../common/pagination';
import { RateLimited } from '../common/rate-limit';
import { markReplay } from '../common/registration-responses';
import { mentorListFilter, mentorListQuerySchema, type MentorListRequest } from './mentor.requests';
import { ListMentorsUseCase } from './usecases/list-mentors.usecase';
import { RegisterMentorUseCase } from './usecases/register-mentor.usecase';

export const MENTOR_REGISTERED_MESSAGE = 'Mentor registration completed successfully';

@ApiTags('mentors')
@Controller('mentors')
export class MentorsController {
  constructor(
    private readonly registerMentor: RegisterMentorUseCase,
    private readonly listMentors: ListMentorsUseCase,
  ) {}

  @Post('register')
  @RateLimited('register')
  @ApiOperation({ summary: 'Register a mentor of a registered school; the server issues the code (MEN-XXXXXX).' })
  @ApiIdempotencyKeyHeader()
  @ApiCreatedResponse({
    description: '{ success, message, mentorCode, data: { mentorCode, name, schoolCode } }',
    links: {
      RegisterCandidate: {
        operationId: 'CandidatesController_register',
        description: 'A candidate of the mentor just registered.',
        requestBody: { mentorCode: '$response.body#/mentorCode' },
      },
    },
  })
  @ApiOkResponse({ description: 'The same mentor submitted again: the first code.' })
  @ApiUnprocessableEntityResponse({ description: 'School Code not found' })
  async register(
    @Body(new ContractValidationPipe(mentorRegistrationSchema)) body: MentorRegistration,
    @Headers(IDEMPOTENCY_KEY_HEADER.toLowerCase()) keyHeader: unknown,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { mentor, replayed } = await this.registerMentor.execute(body, idempotencyKeyOf(keyHeader));
    markReplay(response, replayed);
    return {
      success: true,
      message: MENTOR_REGISTERED_MESSAGE,
      mentorCode: mentor.mentorCode,
      data: { mentorCode: mentor.mentorCode, name: mentor.name, schoolCode: mentor.schoolCode },
    };
  }

  @Get()
  @AdminOnly()
  @ApiOperation({ summary: 'Mentors for the admin table: search (name, code or mobile prefix), status, paging.' })
  async list(@Query(new ZodValidationPipe(mentorListQuerySchema)) query: MentorListRequest) {
    const result = await this.listMentors.execute(mentorListFilter(query), pageRequest(query));
    return { success: true, data: result };
  }
}
