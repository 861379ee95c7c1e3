import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import {
  correctionIdSchema,
  correctionQueueQuerySchema,
  internalCorrectionDecisionSchema,
  internalCorrectionRejectionSchema,
  type CorrectionQueueQuery,
  type InternalCorrectionDecision,
  type InternalCorrectionRejection,
} from '@kbe/contracts';
import { InternalOnly } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { DecideCorrectionUseCase } from './usecases/decide-correction.usecase';
import { ReadCorrectionsUseCase } from './usecases/read-corrections.usecase';

const idParam = new ZodValidationPipe(correctionIdSchema);

/** The admin queue of correction requests for admin-service (`x-internal-token`), outside the public OpenAPI document. */
@ApiExcludeController()
@InternalOnly()
@Controller('internal/corrections')
export class InternalCorrectionsController {
  constructor(
    private readonly read: ReadCorrectionsUseCase,
    private readonly decide: DecideCorrectionUseCase,
  ) {}

  @Get()
  async queue(@Query(new ZodValidationPipe(correctionQueueQuerySchema)) query: CorrectionQueueQuery) {
    return { success: true, data: await this.read.queue(query) };
  }

  @Get(':id')
  async get(@Param('id', idParam) id: string) {
    return { success: true, data: await this.read.get(id) };
  }

  @Post(':id/approve')
  @HttpCode(200)
  async approve(@Param('id', idParam) id: string, @Body(new ZodValidationPipe(internalCorrectionDecisionSchema)) body: InternalCorrectionDecision) {
    return { success: true, data: await this.decide.approve(id, body) };
  }

  @Post(':id/reject')
  @HttpCode(200)
  async reject(@Param('id', idParam) id: string, @Body(new ZodValidationPipe(internalCorrectionRejectionSchema)) body: InternalCorrectionRejection) {
    return { success: true, data: await this.decide.reject(id, body) };
  }
}
