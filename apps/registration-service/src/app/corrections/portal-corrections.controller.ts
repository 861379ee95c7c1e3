import { Body, Controller, Get, Header, Post, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiCreatedResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  CORRECTION_MESSAGES,
  correctionListQuerySchema,
  correctionRequestSchema,
  type ApiSuccess,
  type CorrectionList,
  type CorrectionListQuery,
  type CorrectionRequestParsed,
  type CorrectionView,
} from '@kbe/contracts';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { CANDIDATE_NOT_FOUND } from '../candidates/usecases/search-candidate.usecase';
import type { PortalPrincipal } from '../portal/portal-session';
import { CurrentPortalUser, PortalSignedIn } from '../portal/portal-session.guard';
import { ReadCorrectionsUseCase } from './usecases/read-corrections.usecase';
import { RequestCorrectionUseCase } from './usecases/request-correction.usecase';

/** A school or mentor asks for corrections of their pupils' details and follows them (issue 27). */
@ApiTags('portal')
@Controller('portal/corrections')
@PortalSignedIn()
export class PortalCorrectionsController {
  constructor(
    private readonly requestCorrection: RequestCorrectionUseCase,
    private readonly read: ReadCorrectionsUseCase,
  ) {}

  @Post()
  @ApiOperation({ summary: "Asks for a correction of a pupil's details: new values by field (CORRECTABLE_FIELDS), each checked by the registration form's rule, inside the edition's correction window." })
  @ApiCreatedResponse({ description: '{ success, message, data: CorrectionView }' })
  @ApiBadRequestResponse({ description: 'Malformed, a field that cannot be corrected, a value the form refuses, or nothing that differs from the record (`errors` at `changes.<field>`).' })
  @ApiNotFoundResponse({ description: `${CANDIDATE_NOT_FOUND}: no such pupil among the school's (or mentor's).` })
  @ApiConflictResponse({ description: `Outside the correction window (the message names its dates), or ${CORRECTION_MESSAGES.openRequest}` })
  async create(
    @CurrentPortalUser() principal: PortalPrincipal,
    @Body(new ZodValidationPipe(correctionRequestSchema)) body: CorrectionRequestParsed,
  ): Promise<ApiSuccess<CorrectionView>> {
    return { success: true, message: CORRECTION_MESSAGES.submitted, data: await this.requestCorrection.execute(principal, body) };
  }

  @Get()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: "The requests about the school's pupils (a mentor: their own pupils'), newest first, with their status and the reason of a rejection." })
  @ApiOkResponse({ description: '{ success, message, data: CorrectionList }' })
  async list(
    @CurrentPortalUser() principal: PortalPrincipal,
    @Query(new ZodValidationPipe(correctionListQuerySchema)) query: CorrectionListQuery,
  ): Promise<ApiSuccess<CorrectionList>> {
    return { success: true, message: 'Corrections', data: await this.read.ofPortal(principal, query) };
  }
}
