import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  dataRequestQueueQuerySchema,
  dataRequestResolutionSchema,
  retentionResultsDateSchema,
  type DataRequestQueueQuery,
  type DataRequestResolution,
} from '@kbe/contracts';
import { InternalOnly } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { z } from 'zod';
import { ResolveDataRequestUseCase } from './requests/resolve-data-request.usecase';
import { RetentionPurgeJob } from './retention/retention-purge.job';

const resolveBody = dataRequestResolutionSchema.extend({ handledBy: z.string().trim().min(1, { error: 'handledBy is required' }).max(100) });

/** The admin service's view of guardians' requests and of the edition's retention (`x-internal-token`). */
@ApiExcludeController()
@InternalOnly()
@Controller('internal')
export class InternalDataRightsController {
  constructor(
    private readonly requests: ResolveDataRequestUseCase,
    private readonly retention: RetentionPurgeJob,
  ) {}

  @Get('data-requests')
  async queue(@Query(new ZodValidationPipe(dataRequestQueueQuerySchema)) query: DataRequestQueueQuery) {
    return { success: true, data: await this.requests.queue(query) };
  }

  @Post('data-requests/:id/resolve')
  @HttpCode(200)
  async resolve(@Param('id') id: string, @Body(new ZodValidationPipe(resolveBody)) body: DataRequestResolution & { handledBy: string }) {
    return { success: true, data: await this.requests.resolve(id.trim().toUpperCase(), { outcome: body.outcome, note: body.note }, body.handledBy) };
  }

  @Get('retention')
  async retentionReport() {
    return { success: true, data: await this.retention.report() };
  }

  @Put('retention/results-date')
  async setResultsDate(@Body(new ZodValidationPipe(retentionResultsDateSchema)) body: { resultsPublishedOn: string }) {
    return { success: true, data: await this.retention.setResultsDate(body.resultsPublishedOn) };
  }
}
