import { Body, Controller, Get, HttpCode, Inject, NotFoundException, Param, Post, Req } from '@nestjs/common';
import { ApiNotFoundResponse, ApiTags } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { ADMIN_MESSAGES, bulkReleaseSchema, type ReleaseJobResponse, type ReleaseKind } from '@kbe/contracts';
import { AdminOnly, CurrentAdmin, type AuthenticatedAdmin } from '@kbe/server-auth';
import { ZodValidationPipe } from '@kbe/server-bootstrap';
import type { z } from 'zod';
import { AuditLog, type RequestOrigin } from '../audit/audit-log';
import { CLOCK, type Clock } from '../common/clock';
import { queuedReleaseJob, RELEASE_JOB_REPOSITORY, type ReleaseJobRepository } from './release-job.repository';
import { ReleaseJobRunner, toReleaseJob } from './release-job.runner';

type BulkRelease = z.output<typeof bulkReleaseSchema>;

/** Bulk releases as one server-side job each; `GET` reports progress and then the final counts. */
@ApiTags('admin')
@Controller('admin')
@AdminOnly({ missingTokenMessage: ADMIN_MESSAGES.noTokenBulkRelease })
export class ReleasesController {
  constructor(
    @Inject(RELEASE_JOB_REPOSITORY) private readonly jobs: ReleaseJobRepository,
    private readonly runner: ReleaseJobRunner,
    private readonly audit: AuditLog,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  @Post('hall-tickets/release')
  @HttpCode(202)
  releaseHallTickets(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Body(new ZodValidationPipe(bulkReleaseSchema)) body: BulkRelease,
  ): Promise<ReleaseJobResponse> {
    return this.create('hall-ticket', admin, origin, body ?? {});
  }

  @Post('certificates/release')
  @HttpCode(202)
  releaseCertificates(
    @CurrentAdmin() admin: AuthenticatedAdmin,
    @Req() origin: RequestOrigin,
    @Body(new ZodValidationPipe(bulkReleaseSchema)) body: BulkRelease,
  ): Promise<ReleaseJobResponse> {
    return this.create('certificate', admin, origin, body ?? {});
  }

  @Get('release-jobs/:id')
  @ApiNotFoundResponse({ description: 'Release job not found' })
  async job(@Param('id') id: string): Promise<ReleaseJobResponse> {
    const job = await this.jobs.find(id);
    if (!job) throw new NotFoundException(ADMIN_MESSAGES.jobNotFound);
    return { success: true, message: `Release job ${job.status}`, data: toReleaseJob(job) };
  }

  private async create(kind: ReleaseKind, admin: AuthenticatedAdmin, origin: RequestOrigin, body: BulkRelease): Promise<ReleaseJobResponse> {
    const jobId = randomUUID();
    const filter = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
    const job = queuedReleaseJob({ jobId, kind, filter, requestedBy: admin.username, createdAt: this.clock.now() });
    await this.jobs.create(job);
    const ip = this.audit.addressOf(origin);
    await this.audit.record(admin, ip, { action: 'release-job.create', target: { type: 'release-job', id: jobId }, details: { kind, filter } });
    void this.runner.start(jobId, ip);
    return { success: true, message: 'Release job started', data: toReleaseJob(job) };
  }
}
