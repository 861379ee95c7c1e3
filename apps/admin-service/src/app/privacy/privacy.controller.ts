import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import {
  ADMIN_MESSAGES,
  DATA_RIGHTS_MESSAGES,
  dataRequestQueueQuerySchema,
  dataRequestResolutionSchema,
  retentionResultsDateSchema,
  type ApiSuccess,
  type DataRequestQueue,
  type DataRequestQueueQuery,
  type DataRequestResolution,
  type DataRequestView,
  type RetentionReport,
  type RetentionResultsDate,
} from '@kbe/contracts';
import { AdminOnly, CurrentAdmin, type AuthenticatedAdmin } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import type { RequestOrigin } from '../audit/audit-log';
import { PrivacyUseCase } from './privacy.usecase';

/** Guardians' data requests and the retention purge (issue 25). Reads for admins and viewers, writes for admins. */
@ApiTags('admin')
@Controller('admin')
@AdminOnly({ missingTokenMessage: ADMIN_MESSAGES.noTokenLists })
export class PrivacyController {
  constructor(private readonly privacy: PrivacyUseCase) {}

  /** A page of the queue (`status` open by default) with the counts of open and overdue requests. */
  @Get('data-requests')
  async queue(@Query(new ZodValidationPipe(dataRequestQueueQuerySchema)) query: DataRequestQueueQuery): Promise<ApiSuccess<DataRequestQueue>> {
    return { success: true, message: 'Data requests', data: await this.privacy.queue(query) };
  }

  /** `done` on an erasure request erases the candidate's data; it cannot be undone. */
  @Post('data-requests/:id/resolve')
  @HttpCode(200)
  @ApiNotFoundResponse({ description: DATA_RIGHTS_MESSAGES.requestNotFound })
  @ApiConflictResponse({ description: DATA_RIGHTS_MESSAGES.alreadyHandled })
  async resolve(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Param('id') id: string,
    @Body(new ZodValidationPipe(dataRequestResolutionSchema)) body: DataRequestResolution,
  ): Promise<ApiSuccess<DataRequestView>> {
    return { success: true, message: 'Data request resolved', data: await this.privacy.resolve(admin, origin, id, body) };
  }

  @Get('retention')
  async retention(): Promise<ApiSuccess<RetentionReport>> {
    return { success: true, message: 'Retention', data: await this.privacy.retention() };
  }

  @Put('retention/results-date')
  @ApiBadRequestResponse({ description: DATA_RIGHTS_MESSAGES.resultsDate })
  @ApiConflictResponse({ description: `${DATA_RIGHTS_MESSAGES.resultsDateInFuture} / ${DATA_RIGHTS_MESSAGES.purgeDone}` })
  async setResultsDate(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Body(new ZodValidationPipe(retentionResultsDateSchema)) body: RetentionResultsDate,
  ): Promise<ApiSuccess<RetentionReport>> {
    return { success: true, message: 'Results date recorded', data: await this.privacy.setResultsDate(admin, origin, body) };
  }
}
