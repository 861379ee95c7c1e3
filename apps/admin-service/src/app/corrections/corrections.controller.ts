import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ADMIN_MESSAGES,
  CORRECTION_MESSAGES,
  correctionApprovalSchema,
  correctionIdSchema,
  correctionQueueQuerySchema,
  correctionRejectionSchema,
  type ApiSuccess,
  type CorrectionApproval,
  type CorrectionQueue,
  type CorrectionQueueQuery,
  type CorrectionRejection,
  type CorrectionView,
} from '@kbe/contracts';
import { AdminOnly, CurrentAdmin, type AuthenticatedAdmin } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import type { RequestOrigin } from '../audit/audit-log';
import { CorrectionsUseCase } from './corrections.usecase';

const idParam = new ZodValidationPipe(correctionIdSchema);

/** Corrections of pupils' details asked by schools and mentors (issue 27). Reads for admins and viewers, decisions for admins. */
@ApiTags('admin')
@Controller('admin/corrections')
@AdminOnly({ missingTokenMessage: ADMIN_MESSAGES.noTokenLists })
export class CorrectionsController {
  constructor(private readonly corrections: CorrectionsUseCase) {}

  @Get()
  @ApiOperation({ summary: 'A page of the queue (`status` open by default: oldest first; all: open first, then the decided newest first) with the number of open requests.' })
  @ApiOkResponse({ description: '{ success, message, data: CorrectionQueue }' })
  async queue(@Query(new ZodValidationPipe(correctionQueueQuerySchema)) query: CorrectionQueueQuery): Promise<ApiSuccess<CorrectionQueue>> {
    return { success: true, message: 'Corrections', data: await this.corrections.queue(query) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'One request with the old and new value of each field side by side.' })
  @ApiOkResponse({ description: '{ success, message, data: CorrectionView }' })
  @ApiNotFoundResponse({ description: CORRECTION_MESSAGES.notFound })
  async get(@Param('id', idParam) id: string): Promise<ApiSuccess<CorrectionView>> {
    return { success: true, message: 'Correction', data: await this.corrections.get(id) };
  }

  @Post(':id/approve')
  @HttpCode(200)
  @ApiOperation({ summary: "Approves: the pupil's record takes the new values (a released hall ticket is re-issued), the guardian is sent an SMS, and the decision is audited." })
  @ApiOkResponse({ description: '{ success, message, data: CorrectionView }' })
  @ApiNotFoundResponse({ description: CORRECTION_MESSAGES.notFound })
  @ApiConflictResponse({ description: CORRECTION_MESSAGES.alreadyDecided })
  @ApiBadRequestResponse({ description: 'A malformed body, or the record no longer passes the form with the new values (`errors` at `changes.<field>`).' })
  async approve(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Param('id', idParam) id: string,
    @Body(new ZodValidationPipe(correctionApprovalSchema)) body: CorrectionApproval,
  ): Promise<ApiSuccess<CorrectionView>> {
    return { success: true, message: CORRECTION_MESSAGES.approved, data: await this.corrections.approve(admin, origin, id, body) };
  }

  @Post(':id/reject')
  @HttpCode(200)
  @ApiOperation({ summary: 'Rejects with a reason (required), which the school or mentor sees; the decision is audited.' })
  @ApiOkResponse({ description: '{ success, message, data: CorrectionView }' })
  @ApiNotFoundResponse({ description: CORRECTION_MESSAGES.notFound })
  @ApiConflictResponse({ description: CORRECTION_MESSAGES.alreadyDecided })
  @ApiBadRequestResponse({ description: CORRECTION_MESSAGES.reasonRequired })
  async reject(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Param('id', idParam) id: string,
    @Body(new ZodValidationPipe(correctionRejectionSchema)) body: CorrectionRejection,
  ): Promise<ApiSuccess<CorrectionView>> {
    return { success: true, message: CORRECTION_MESSAGES.rejected, data: await this.corrections.reject(admin, origin, id, body) };
  }
}
