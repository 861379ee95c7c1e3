import type { Logger } from '@nestjs/common';
import { errorMessage } from '@kbe/server-bootstrap';
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { setTimeout as delay } from 'node:timers/promises';

export interface LeasedJobsOptions<R> {
  /** What the jobs are, for the log ('bundles', 'centre lists'). */
  what: string;
  /** Jobs this process runs at once. */
  atOnce: number;
  /** How often queued and abandoned jobs are looked for (besides every poke). */
  sweepMs: number;
  /** Claims the next job for `owner` (with the store's lease), or null when none waits. */
  claimNext: (owner: string) => Promise<R | null>;
  run: (record: R) => Promise<void>;
}

/**
 * The claiming loop of jobs kept in a store with a lease (class bundles, centre lists): while this
 * process has room it claims the next job and runs it, and claims again as one ends; a sweep finds
 * jobs queued elsewhere or abandoned by a stopped process. Any replica may claim a job; the lease
 * makes one run it.
 */
export class LeasedJobs<R> {
  /** This process, as the store's leases name it. */
  readonly owner = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  private readonly running = new Set<Promise<void>>();
  private timer?: NodeJS.Timeout;
  private claiming = false;
  private again = false;
  private stopped = false;

  constructor(
    private readonly options: LeasedJobsOptions<R>,
    private readonly logger: Logger,
  ) {}

  /** Whether the process is stopping: a job under way hands its record back. */
  get stopping(): boolean {
    return this.stopped;
  }

  start(): void {
    this.timer = setInterval(() => this.poke(), this.options.sweepMs);
    this.timer.unref();
    this.poke();
  }

  /** No more claims; resolves when the jobs under way have ended (handed back). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await Promise.allSettled([...this.running]);
  }

  /** Claims jobs while this process has room. */
  poke(): void {
    this.fill().catch((error: unknown) => this.logger.warn(`${this.options.what} not claimed: ${errorMessage(error)}`));
  }

  /** Resolves once every job this process has under way has ended (tests, the benches). */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.claiming) await Promise.allSettled([...this.running, delay(10)]);
  }

  private async fill(): Promise<void> {
    if (this.claiming) {
      this.again = true;
      return;
    }
    this.claiming = true;
    try {
      do {
        this.again = false;
        while (!this.stopped && this.running.size < this.options.atOnce) {
          const record = await this.options.claimNext(this.owner);
          if (!record) break;
          const job: Promise<void> = this.options.run(record).finally(() => {
            this.running.delete(job);
            this.poke();
          });
          this.running.add(job);
        }
      } while (this.again && !this.stopped);
    } finally {
      this.claiming = false;
    }
  }
}
