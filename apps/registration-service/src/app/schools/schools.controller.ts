import { Body, Controller, Get, Headers, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { IDEMPOTENCY_KEY_HEADER, schoolRegistrationSchema, type SchoolRegistration } from '@kbe/contracts';
import { OptionalAdminAuth, ZodValidationPipe } from '@kbe/server-bootstrap';
import type { Response } from 'express';
import { ContractValidationPipe } from '../common/contract-validation.pipe';
import { idempotencyKeyOf } from '../common/idempotency-key';
import { ApiIdempotencyKeyHeader } from '../common/idempotency-key.openapi';
import { adminOf, OptionalAdminGuard } from '../common/optional-admin.guard';
import { pageRequest } from '../common/pagination';
import { RateLimited } from '../common/rate-limit';
import { markReplay } from '../common/registration-responses';
import { schoolListQuerySchema, type SchoolListRequest } from './school.requests';
import { ListSchoolsUseCase } from './usecases/list-schools.usecase';
import { RegisterSchoolUseCase } from './usecases/register-school.usecase';

export const SCHOOL_REGISTERED_MESSAGE = 'School registration completed successfully';

@ApiTags('schools')
@Controller('schools')
export class SchoolsController {
  constructor(
    private readonly registerSchool: RegisterSchoolUseCase,
    private readonly listSchools: ListSchoolsUseCase,
  ) {}

  @Post('register')
  @RateLimited('register')
  @ApiOperation({ summary: 'Register a school; the server issues its code (SCH-XXXXXX).' })
  @ApiIdempotencyKeyHeader()
  @ApiCreatedResponse({
    description: '{ success, message, schoolCode, data: { schoolCode, schoolName } }',
    links: {
      RegisterMentor: {
        operationId: 'MentorsController_register',
        description: 'A mentor of the school just registered.',
        requestBody: { schoolCode: '$response.body#/schoolCode' },
      },
    },
  })
  @ApiOkResponse({ description: 'Replay of an earlier submit with the same Idempotency-Key.' })
  @ApiConflictResponse({ description: 'A school with this UDISE code is already registered' })
  async register(
    @Body(new ContractValidationPipe(schoolRegistrationSchema)) body: SchoolRegistration,
    @Headers(IDEMPOTENCY_KEY_HEADER.toLowerCase()) keyHeader: unknown,
    @Res({ passthrough: true }) response: Response,
  ) {
    const { school, replayed } = await this.registerSchool.execute(body, idempotencyKeyOf(keyHeader));
    markReplay(response, replayed);
    return {
      success: true,
      message: SCHOOL_REGISTERED_MESSAGE,
      schoolCode: school.schoolCode,
      data: { schoolCode: school.schoolCode, schoolName: school.schoolName },
    };
  }

  @Get()
  @UseGuards(OptionalAdminGuard)
  @OptionalAdminAuth()
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'Schools: code, name and city for everyone (`?code=` for the mentor form); full records with an admin token.',
  })
  async list(@Query(new ZodValidationPipe(schoolListQuerySchema)) query: SchoolListRequest, @Req() request: { user?: unknown }) {
    const filter = { code: query.code, search: query.search };
    const page = pageRequest(query, 50);
    const list = adminOf(request)
      ? await this.listSchools.adminView(filter, page)
      : await this.listSchools.publicView(filter, page);
    return { success: true, data: list.schools, pagination: list.pagination };
  }
}
