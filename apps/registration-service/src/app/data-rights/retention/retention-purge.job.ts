import { ConflictException, Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DATA_RIGHTS_MESSAGES, type RetentionReport } from '@kbe/contracts';
import { InjectConfig } from '@kbe/server-config';
import { errorMessage } from '@kbe/server-bootstrap';
import { CANDIDATE_DOCUMENTS_STORE, type CandidateDocumentsStore } from '../../candidates/candidate-documents.store';
import { CANDIDATE_REPOSITORY, type CandidateRepository } from '../../candidates/candidate.repository';
import { RETENTION_PURGED_FIELD_NAMES, retentionPurgedFields } from '../../candidates/erasure-fields';
import { CLOCK, type Clock } from '../../common/clock';
import { editionFromConfig } from '../../common/edition.settings.provider';
import { ConcurrencyLimit } from '../../common/concurrency-limit';
import type { RegistrationConfig } from '../../registration.config';
import { CandidateEraser } from '../erasure/candidate-eraser';
import { RetentionStore, type RetentionRun } from './retention.store';

const DAY_MS = 24 * 60 * 60 * 1000;
const PAGE = 200;
const LEASE_MS = 5 * 60_000;
const CHECK_EVERY_MS = 60 * 60_000;

/**
 * The edition's retention (DPDP Act 2023, section 8(7)): a set number of days
 * (RETENTION_DAYS_AFTER_RESULTS) after the results are published, every candidate's photo,
 * signature, mother's and guardian's names and phone numbers are purged. The admin sees the
 * report (what will go, when) from the day the results date is recorded; the purge then runs by
 * itself, checked hourly, page by page from the candidate directory, resumable from its last page
 * and held by one process at a time (a lease).
 */
@Injectable()
export class RetentionPurgeJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(RetentionPurgeJob.name);
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;

  constructor(
    private readonly store: RetentionStore,
    @Inject(CANDIDATE_REPOSITORY) private readonly candidates: CandidateRepository,
    @Inject(CANDIDATE_DOCUMENTS_STORE) private readonly files: CandidateDocumentsStore,
    private readonly eraser: CandidateEraser,
    @Inject(CLOCK) private readonly clock: Clock,
    @InjectConfig() private readonly config: RegistrationConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.trigger(), CHECK_EVERY_MS);
    this.timer.unref();
    void this.trigger();
  }

  /** The running edition (the same year the settings and documents print). */
  private get editionYear(): number {
    return editionFromConfig(this.config).year;
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** Starts a pass unless one is under way in this process (it purges only when due). */
  trigger(): Promise<void> {
    this.running ??= this.purgeIfDue()
      .catch((error: unknown) => this.logger.warn(`retention purge stopped, resumed at the next check: ${errorMessage(error)}`))
      .finally(() => (this.running = undefined));
    return this.running;
  }

  async report(): Promise<RetentionReport> {
    const run = await this.store.find(this.editionYear);
    const purgeDueOn = run.resultsPublishedOn ? addDays(run.resultsPublishedOn, this.config.RETENTION_DAYS_AFTER_RESULTS) : null;
    return {
      editionYear: run.editionYear,
      resultsPublishedOn: run.resultsPublishedOn,
      retentionDays: this.config.RETENTION_DAYS_AFTER_RESULTS,
      purgeDueOn,
      state: stateOf(run, purgeDueOn, this.today()),
      // an erased (withdrawn) registration has nothing left to purge
      candidates: (await this.candidates.counts()).total - (await this.candidates.count({ consent: 'withdrawn' })),
      purged: run.purged,
      startedAt: run.startedAt ? run.startedAt.toISOString() : null,
      finishedAt: run.finishedAt ? run.finishedAt.toISOString() : null,
      fields: RETENTION_PURGED_FIELD_NAMES,
    };
  }

  /** The admin records when the edition's results were published (issue: results publication sets it). */
  async setResultsDate(resultsPublishedOn: string): Promise<RetentionReport> {
    // the day itself is checked by the request schema; these conflict with today and with the purge
    if (resultsPublishedOn > this.today()) throw new ConflictException(DATA_RIGHTS_MESSAGES.resultsDateInFuture);
    const run = await this.store.find(this.editionYear);
    if (run.finishedAt || run.startedAt) throw new ConflictException(DATA_RIGHTS_MESSAGES.purgeDone);
    await this.store.setResultsDate(this.editionYear, resultsPublishedOn);
    void this.trigger();
    return this.report();
  }

  private async purgeIfDue(): Promise<void> {
    const year = this.editionYear;
    let run = await this.store.find(year);
    const due = run.resultsPublishedOn ? addDays(run.resultsPublishedOn, this.config.RETENTION_DAYS_AFTER_RESULTS) : null;
    const state = stateOf(run, due, this.today());
    if (state !== 'due' && state !== 'running') return;
    if (!(await this.store.lease(year, this.clock.now(), LEASE_MS))) return;
    run = await this.store.find(year);
    this.logger.log(`retention purge of edition ${year} ${run.after ? `resumed after ${run.phase} ${run.after}` : 'started'}`);
    let { phase, after } = run;
    for (;;) {
      const rows = this.candidates.sheetAfter(phase === 'deleted' ? { deleted: true } : {}, after ?? undefined, PAGE);
      if (rows.length === 0) {
        if (phase === 'deleted') break;
        [phase, after] = ['deleted', null];
        continue;
      }
      const codes = rows.map((row) => row.candidateId);
      await this.purge(codes);
      after = codes[codes.length - 1];
      await this.store.progress(year, phase, after, codes.length, new Date(this.clock.now().getTime() + LEASE_MS));
    }
    await this.store.finish(year, this.clock.now());
    this.logger.log(`retention purge of edition ${year} finished`);
  }

  private async purge(codes: string[]): Promise<void> {
    const now = this.clock.now();
    await this.candidates.eraseFields(codes, retentionPurgedFields(now));
    const limit = new ConcurrencyLimit(8);
    await Promise.all(
      codes.map((candidateCode) =>
        limit.run(async () => {
          await this.files.removeAllOf(candidateCode);
          await this.eraser.announceErased({ candidateCode, erasedAt: now.toISOString(), reason: 'retention' });
        }),
      ),
    );
  }

  /** Today in India (YYYY-MM-DD). */
  private today(): string {
    return new Date(this.clock.now().getTime() + 330 * 60_000).toISOString().slice(0, 10);
  }
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

function stateOf(run: RetentionRun, purgeDueOn: string | null, today: string): RetentionReport['state'] {
  if (run.finishedAt) return 'done';
  if (run.startedAt) return 'running';
  if (!run.resultsPublishedOn || !purgeDueOn) return 'no-results-date';
  return today >= purgeDueOn ? 'due' : 'waiting';
}
