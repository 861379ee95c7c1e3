import { ConflictException, Inject, Injectable } from '@nestjs/common';
import type { ExamLevel, SeatAllocationJob } from '@kbe/contracts';
import { randomUUID } from 'node:crypto';
import { ALLOCATION_LOCK_MS, SeatAllocationRunner } from './seat-allocation.runner';
import { SEAT_ALLOCATION_JOB_REPOSITORY, toSeatAllocationJob, type SeatAllocationJobRepository } from './seat-allocation-job.repository';

export const ALLOCATION_RUNNING_MESSAGE = (level: ExamLevel) => `A seat allocation of ${level} is running; wait for it to finish, then try again.`;

/** Queues an allocation of a level (202) and starts it here; 409 while another of that level runs. */
@Injectable()
export class StartSeatAllocationUseCase {
  constructor(
    @Inject(SEAT_ALLOCATION_JOB_REPOSITORY) private readonly jobs: SeatAllocationJobRepository,
    private readonly runner: SeatAllocationRunner,
  ) {}

  async execute(request: { level: ExamLevel; dryRun: boolean; reseat: boolean }, requestedBy: string): Promise<SeatAllocationJob> {
    const id = randomUUID();
    const now = new Date();
    // the job holds its level from here: a second request meanwhile is refused, not queued
    if (!(await this.jobs.lock(request.level, id, now, new Date(now.getTime() + ALLOCATION_LOCK_MS)))) {
      throw new ConflictException(ALLOCATION_RUNNING_MESSAGE(request.level));
    }
    const job = {
      _id: id,
      ...request,
      status: 'queued' as const,
      total: 0,
      processed: 0,
      seated: 0,
      kept: { allocated: 0, manual: 0 },
      unseatedCount: 0,
      unseatedItems: [],
      rooms: [],
      requestedBy,
      createdAt: now,
      finishedAt: null,
      error: null,
    };
    await this.jobs.create(job);
    void this.runner.start(id);
    return toSeatAllocationJob(job);
  }
}
