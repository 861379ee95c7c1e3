import { Body, Controller, Get, HttpCode, HttpStatus, Inject, NotFoundException, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBadRequestResponse, ApiConflictResponse, ApiNotFoundResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { seatAllocationRequestSchema } from '@kbe/contracts';
import { AdminOnly, CurrentAdmin, type AuthenticatedAdmin } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import { z } from 'zod';
import { SEAT_ALLOCATION_JOB_REPOSITORY, toSeatAllocationJob, type SeatAllocationJobRepository } from './seat-allocation-job.repository';
import { StartSeatAllocationUseCase } from './start-seat-allocation.usecase';

const jobIdParam = z.uuid({ error: 'A seat allocation job id is a UUID' });
export const SEAT_ALLOCATION_NOT_FOUND = 'Seat allocation job not found';

/** Seat allocation of a level as a job (admin token required); shaped like the release jobs. */
@ApiTags('admin seat allocation')
@AdminOnly()
@Controller('admin/seat-allocation')
export class SeatAllocationController {
  constructor(
    private readonly startAllocation: StartSeatAllocationUseCase,
    @Inject(SEAT_ALLOCATION_JOB_REPOSITORY) private readonly jobs: SeatAllocationJobRepository,
  ) {}

  @Post()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({ summary: 'Seat every paid, consented candidate of the level without a seat; dryRun reports the plan per room and every candidate left unseated, storing nothing.' })
  @ApiAcceptedResponse({ description: '{ success, data: job } (queued)' })
  @ApiBadRequestResponse({ description: 'An unknown level, or dryRun / reseat not a boolean' })
  @ApiConflictResponse({ description: 'An allocation of this level is running' })
  async start(@Body(new ZodValidationPipe(seatAllocationRequestSchema)) body: z.output<typeof seatAllocationRequestSchema>, @CurrentAdmin() admin: AuthenticatedAdmin) {
    return { success: true, data: await this.startAllocation.execute(body, admin.username) };
  }

  @Get(':id')
  @ApiOperation({ summary: 'A seat allocation job: progress, seats used per room, unseated candidates with the reason.' })
  @ApiOkResponse({ description: '{ success, data: job }' })
  @ApiNotFoundResponse({ description: 'No such job' })
  async get(@Param('id', new ZodValidationPipe(jobIdParam)) id: string) {
    const job = await this.jobs.find(id);
    if (!job) throw new NotFoundException(SEAT_ALLOCATION_NOT_FOUND);
    return { success: true, data: toSeatAllocationJob(job) };
  }
}
