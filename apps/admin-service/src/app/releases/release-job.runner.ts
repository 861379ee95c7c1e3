import { Inject, Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { RELEASE_SKIP_REASONS, type ReleaseJob } from '@kbe/contracts';
import { Metrics, RELEASE_CANDIDATES, RELEASE_JOBS_RUNNING } from '@kbe/server-metrics';
import { errorMessage } from '@kbe/server-bootstrap';
import type { Counter } from 'prom-client';
import { AuditLog } from '../audit/audit-log';
import { CLOCK, type Clock } from '../common/clock';
import { RELEASE_JOB_REPOSITORY, type ReleaseJobRecord, type ReleaseJobRepository } from './release-job.repository';
import { RELEASE_TARGET, type ReleaseTarget } from './release-target';

/** registration-service releases a batch in a few statements; small enough to answer well within the client timeout. */
export const RELEASE_BATCH_SIZE = 200;
/** Batches released at once: registration-service and its store overlap one batch's reads with another's writes. */
export const RELEASE_BATCHES_IN_FLIGHT = 2;
const MAX_FAILED_ITEMS = 100;
const BATCH_ATTEMPTS = 3;

export interface ReleaseJobRunnerOptions {
  /** Pause before retrying a batch that registration-service could not take (ms). */
  retryDelayMs: number;
}
export const RELEASE_JOB_RUNNER_OPTIONS = Symbol('RELEASE_JOB_RUNNER_OPTIONS');

/**
 * Runs bulk release jobs in this process, in batches in candidate code order (a few at once),
 * saving counts and the cursor after each batch in that order (the progress GET reads them). Every release is a conditional
 * update in registration-service, so running a job again, or resuming one after a restart, never
 * releases twice or emits a second event: those candidates count as 'already-released'.
 */
type ReleaseResults = Awaited<ReturnType<ReleaseTarget['release']>>;

@Injectable()
export class ReleaseJobRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(ReleaseJobRunner.name);
  private readonly running = new Map<string, Promise<void>>();
  private stopping = false;
  private readonly processed: Counter<'kind' | 'outcome'>;

  constructor(
    @Inject(RELEASE_JOB_REPOSITORY) private readonly jobs: ReleaseJobRepository,
    @Inject(RELEASE_TARGET) private readonly target: ReleaseTarget,
    private readonly audit: AuditLog,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(RELEASE_JOB_RUNNER_OPTIONS) private readonly options: ReleaseJobRunnerOptions,
    metrics: Metrics,
  ) {
    // Per kind and outcome, never per job: the progress GET has each job's own counts.
    this.processed = metrics.counter(RELEASE_CANDIDATES);
    metrics.gauge(RELEASE_JOBS_RUNNING, () => this.running.size);
  }

  /** Starts the job in the background (once); the returned promise settles when it ends. */
  start(jobId: string, ip: string): Promise<void> {
    let run = this.running.get(jobId);
    if (!run) {
      run = this.run(jobId, ip).finally(() => this.running.delete(jobId));
      this.running.set(jobId, run);
    }
    return run;
  }

  /** Jobs a previous process left unfinished go on from their cursor. */
  async onApplicationBootstrap(): Promise<void> {
    for (const job of await this.jobs.unfinished()) void this.start(job.jobId, 'resumed');
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.running.values()]);
  }

  private async run(jobId: string, ip: string): Promise<void> {
    const job = await this.jobs.find(jobId);
    if (!job || job.status === 'completed' || job.status === 'failed') return;
    // mongoose does not store an empty object, so a job read back before its first skip has none,
    // and a job for everybody (an empty filter, e.g. no search) has no filter.
    job.skipped ??= {};
    job.filter ??= {};
    const admin = { username: job.requestedBy, role: 'admin' as const };
    try {
      if (job.status === 'queued') {
        job.total = await this.target.count(job.filter);
        job.status = 'running';
        await this.jobs.update(jobId, { status: 'running', total: job.total });
      }
      let after = job.cursor ?? undefined;
      let more = true;
      const inFlight: { codes: string[]; results: Promise<ReleaseResults> }[] = [];
      while (inFlight.length > 0 || (more && !this.stopping)) {
        // Pages come from registration-service's directory (cheap); a few batches are released at
        // once, and counted and saved in code order, so the saved cursor never passes a batch
        // that is not done (a resumed job starts after it; a batch redone counts as already released).
        while (more && !this.stopping && inFlight.length < RELEASE_BATCHES_IN_FLIGHT) {
          const page = await this.withRetries(() => this.target.page(job.filter, after, RELEASE_BATCH_SIZE));
          if (page.codes.length === 0) {
            more = false;
            break;
          }
          after = page.codes[page.codes.length - 1];
          more = page.nextCursor !== null;
          const results = this.withRetries(() => this.target.release(job.kind, page.codes, job.requestedBy));
          results.catch(() => undefined); // awaited below, in order; a failure stops the job there
          inFlight.push({ codes: page.codes, results });
        }
        const batch = inFlight.shift();
        if (!batch) break;
        const results = await batch.results;
        const released: string[] = [];
        for (const result of results) {
          this.processed.inc({ kind: job.kind, outcome: result.outcome });
          if (result.outcome === 'released') {
            released.push(result.candidateCode);
          } else if (result.outcome === 'failed') {
            job.failedCount += 1;
            if (job.failedItems.length < MAX_FAILED_ITEMS) {
              job.failedItems.push({ candidateId: result.candidateCode, message: result.message ?? 'Release failed' });
            }
          } else {
            job.skipped[result.outcome] = (job.skipped[result.outcome] ?? 0) + 1;
          }
        }
        job.released += released.length;
        job.processed += results.length;
        job.cursor = batch.codes[batch.codes.length - 1] ?? null;
        await this.jobs.update(jobId, {
          processed: job.processed,
          released: job.released,
          skipped: job.skipped,
          failedCount: job.failedCount,
          failedItems: job.failedItems,
          cursor: job.cursor,
        });
        if (released.length > 0) {
          await this.audit.record(admin, ip, {
            action: `candidate.${job.kind}.bulk-release`,
            target: { type: 'release-job', id: jobId },
            details: { candidateIds: released },
          });
        }
      }
      if (this.stopping) return; // resumed at the next start
      await this.jobs.update(jobId, { status: 'completed', finishedAt: this.clock.now(), total: Math.max(job.total, job.processed) });
      await this.audit.record(admin, ip, {
        action: 'release-job.complete',
        target: { type: 'release-job', id: jobId },
        details: { kind: job.kind, released: job.released, skipped: job.skipped, failed: job.failedCount },
      });
    } catch (error) {
      const message = errorMessage(error);
      this.logger.error(`Release job ${jobId} stopped: ${message}`);
      await this.jobs.update(jobId, { status: 'failed', error: message, finishedAt: this.clock.now() });
    }
  }

  private async withRetries<T>(work: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await work();
      } catch (error) {
        if (attempt >= BATCH_ATTEMPTS || this.stopping) throw error;
        await new Promise((resolve) => setTimeout(resolve, this.options.retryDelayMs * attempt));
      }
    }
  }
}

/** The job as the API shows it. */
export function toReleaseJob(job: ReleaseJobRecord): ReleaseJob {
  const percent = job.status === 'completed' ? 100 : job.total > 0 ? Math.min(99, Math.floor((job.processed / job.total) * 100)) : 0;
  // In the catalogue's order, so answers are stable.
  const reasons = RELEASE_SKIP_REASONS.map((reason) => ({ reason, count: job.skipped?.[reason] ?? 0 })).filter(
    (entry) => entry.count > 0,
  );
  return {
    id: job.jobId,
    kind: job.kind,
    status: job.status,
    filter: job.filter ?? {},
    total: job.total,
    processed: job.processed,
    percent,
    released: job.released,
    skipped: { count: reasons.reduce((sum, reason) => sum + reason.count, 0), reasons },
    failed: { count: job.failedCount, items: job.failedItems ?? [] },
    requestedBy: job.requestedBy,
    createdAt: job.createdAt.toISOString(),
    finishedAt: job.finishedAt ? job.finishedAt.toISOString() : null,
    error: job.error ?? null,
  };
}
