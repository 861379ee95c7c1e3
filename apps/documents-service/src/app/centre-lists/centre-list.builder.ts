import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import { CENTRE_LIST_KINDS, type CentreListKind, type CentreListsRequest, type ListedSeat } from '@kbe/contracts';
import { errorMessage } from '@kbe/server-bootstrap';
import type { FileStorage } from '@kbe/server-storage';
import { setTimeout as delay } from 'node:timers/promises';
import { LeasedJobs } from '../jobs/leased-jobs';
import { Limit } from '../bundles/bundle-builder';
import { PdfMerger } from '../bundles/pdf-merger';
import type { CandidateDirectory } from '../candidates/candidate-directory';
import { PDF_BUCKET } from '../documents/pdf-cache';
import type { PdfRenderer } from '../rendering/pdf-renderer';
import type { AttendanceRow, AttendanceSheet, CentreListComposer } from './centre-list.composer';
import type { CentreListRecord, CentreListStore } from './centre-list.store';
import type { PhotoThumbnails } from './photo-thumbnails';

/** Where a centre's list is kept in the documents bucket (beside the candidates' `KBE…/` and the bundles' prefixes). */
export const centreListFileKey = (key: string, kind: CentreListKind): string => `centre-lists/${key}/${kind}.pdf`;

export interface CentreListBuilderOptions {
  /** Renders at once for lists, over every job of this process (each waits behind every download for a page). */
  rendersAtOnce: number;
  /** Candidates (record and photo) looked up at once while a job runs. */
  lookupsAtOnce: number;
  /** Attendance rows per Chromium render: whole rooms are put together up to about this many (a larger room is one render). */
  rowsPerRender: number;
  /** Jobs run at once by this process. */
  jobsAtOnce: number;
  /** How long a claim holds without progress. */
  leaseMs: number;
  /** How often queued and abandoned jobs are looked for (besides every request). */
  sweepMs: number;
  /** Pause before asking registration-service again (ms); three tries, then the job fails. */
  retryDelayMs: number;
}

export const DEFAULT_CENTRE_LIST_OPTIONS: Omit<CentreListBuilderOptions, 'rendersAtOnce'> = {
  lookupsAtOnce: 16,
  rowsPerRender: 400,
  jobsAtOnce: 1,
  leaseMs: 60_000,
  sweepMs: 5_000,
  retryDelayMs: 1_000,
};

const ATTEMPTS = 3;

interface SheetPlan {
  paper: AttendanceSheet['paper'];
  room: string;
  seats: ListedSeat[];
}

/** Whole rooms, in order, put together up to `rowsPerRender` rows (a room larger than that alone). */
export function renderBatches(request: Pick<CentreListsRequest, 'papers'>, rowsPerRender: number): SheetPlan[][] {
  const batches: SheetPlan[][] = [];
  let current: SheetPlan[] = [];
  let rows = 0;
  for (const { rooms, ...paper } of request.papers) {
    for (const room of rooms) {
      if (current.length > 0 && rows + room.seats.length > rowsPerRender) {
        batches.push(current);
        current = [];
        rows = 0;
      }
      current.push({ paper, room: room.name, seats: room.seats });
      rows += room.seats.length;
    }
  }
  if (current.length > 0) batches.push(current);
  return batches;
}

/**
 * Makes a centre's lists: the attendance sheets (each candidate's name and category from
 * registration-service, the photo made small; a candidate not found, or without a photo, an empty
 * box), rendered a few rooms at a time at background priority and merged in order; the door list
 * and the summary; the three PDFs stored in MinIO. Any replica may take a job; the store's lease
 * makes one run it (as BundleBuilder).
 */
export class CentreListBuilder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(CentreListBuilder.name);
  private readonly renders: Limit;
  private readonly jobs: LeasedJobs<CentreListRecord>;

  constructor(
    private readonly store: CentreListStore,
    private readonly storage: FileStorage,
    private readonly directory: CandidateDirectory,
    private readonly composer: CentreListComposer,
    private readonly renderer: PdfRenderer,
    private readonly thumbnails: PhotoThumbnails,
    private readonly documentsVersion: string,
    private readonly options: CentreListBuilderOptions,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.jobs = new LeasedJobs<CentreListRecord>(
      {
        what: 'centre lists',
        atOnce: options.jobsAtOnce,
        sweepMs: options.sweepMs,
        claimNext: (owner) => this.store.claimNext(owner, this.now(), this.options.leaseMs),
        run: (record) => this.run(record),
      },
      this.logger,
    );
    this.renders = new Limit(options.rendersAtOnce);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.store.ensureIndexes();
    this.jobs.start();
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.jobs.stop();
  }

  /** The lists of this key (queued when new), and a job started if this process has room. */
  async request(request: CentreListsRequest): Promise<CentreListRecord> {
    const record = await this.store.request(request, this.documentsVersion, this.now());
    if (record.status === 'queued') this.poke();
    return record;
  }

  /** A candidate changed (or was erased): every list printing them goes; the next request makes it anew. Answers how many. */
  async removeContaining(candidateCode: string): Promise<number> {
    const keys = await this.store.containing(candidateCode);
    for (const key of keys) {
      await this.store.remove(key);
      for (const kind of CENTRE_LIST_KINDS) await this.storage.remove(PDF_BUCKET, centreListFileKey(key, kind));
    }
    return keys.length;
  }

  /** Resolves once every job this process has under way has ended (tests, the bench). */
  async idle(): Promise<void> {
    await this.jobs.idle();
  }

  poke(): void {
    this.jobs.poke();
  }

  private leaseUntil(): Date {
    return new Date(this.now().getTime() + this.options.leaseMs);
  }

  private async run(record: CentreListRecord): Promise<void> {
    const key = record._id;
    const request = { key, ...record.request };
    const started = Date.now();
    const counts = { processed: 0, withoutPhoto: 0 };
    try {
      const merger = new PdfMerger();
      const batches = renderBatches(request, this.options.rowsPerRender);
      // The next batch's candidates are looked up while this one renders.
      let preparing = batches.length > 0 ? this.sheetsOf(batches[0] ?? [], counts) : null;
      for (let i = 0; i < batches.length && preparing; i++) {
        const sheets = await preparing;
        preparing = i + 1 < batches.length ? this.sheetsOf(batches[i + 1] ?? [], counts) : null;
        preparing?.catch(() => undefined); // awaited in the next round
        await merger.add(await this.render(this.composer.attendanceHtml(request.centre, sheets)));
        counts.processed += sheets.reduce((n, sheet) => n + sheet.rows.length, 0);
        if (this.jobs.stopping) return await this.handBack(key);
        if (!(await this.store.progress(key, this.jobs.owner, { ...counts }, this.leaseUntil()))) {
          this.logger.warn(`centre lists ${key}: no longer this process's (taken over or removed); stopped here`);
          return;
        }
      }
      const files: Record<CentreListKind, Buffer> = {
        attendance: await merger.bytes(),
        'door-list': await this.render(this.composer.doorListHtml(request)),
        summary: await this.render(this.composer.summaryHtml(request)),
      };
      for (const kind of CENTRE_LIST_KINDS) {
        await this.storage.put(PDF_BUCKET, centreListFileKey(key, kind), files[kind], { contentType: 'application/pdf', size: files[kind].length });
      }
      const sizes = { attendance: files.attendance.length, 'door-list': files['door-list'].length, summary: files.summary.length };
      const finished = await this.store.finish(key, this.jobs.owner, { status: 'completed', ...counts, sizes, error: null, finishedAt: this.now() });
      if (!finished) {
        this.logger.warn(`centre lists ${key}: no longer this process's; its files are removed`);
        for (const kind of CENTRE_LIST_KINDS) await this.storage.remove(PDF_BUCKET, centreListFileKey(key, kind));
        return;
      }
      this.logger.log(`centre lists ${key} of ${request.centre.code}: ${counts.processed} rows (${counts.withoutPhoto} without photo) in ${Date.now() - started} ms`);
    } catch (error) {
      if (this.jobs.stopping) return await this.handBack(key);
      const message = errorMessage(error);
      this.logger.error(`centre lists ${key} failed: ${message}`);
      await this.store
        .finish(key, this.jobs.owner, { status: 'failed', ...counts, sizes: null, error: message, finishedAt: this.now() })
        .catch((failure: unknown) => this.logger.warn(`centre lists ${key}: the failure was not saved: ${errorMessage(failure)}`));
    }
  }

  private render(html: string): Promise<Buffer> {
    return this.renders.run(() => this.renderer.render(html, { priority: 'background' }));
  }

  private async handBack(key: string): Promise<void> {
    await this.store.progress(key, this.jobs.owner, { processed: 0, withoutPhoto: 0 }, new Date(0)).catch(() => undefined);
  }

  /** The rows of some rooms, their candidates looked up `lookupsAtOnce` at a time. */
  private async sheetsOf(plans: readonly SheetPlan[], counts: { withoutPhoto: number }): Promise<AttendanceSheet[]> {
    const lookups = new Limit(this.options.lookupsAtOnce);
    return Promise.all(
      plans.map(async (plan) => ({
        paper: plan.paper,
        room: plan.room,
        rows: await Promise.all(
          plan.seats.map((seat) =>
            lookups.run(async () => {
              const row = await this.rowOf(seat, plan.paper.category);
              if (!row.photo) counts.withoutPhoto++;
              return row;
            }),
          ),
        ),
      })),
    );
  }

  private async rowOf(seat: ListedSeat, paperCategory: string | null): Promise<AttendanceRow> {
    const candidate = await this.retrying(`candidate ${seat.candidateCode}`, () => this.directory.find(seat.candidateCode));
    const row = { seatInRoom: seat.seatInRoom, rollNumber: seat.rollNumber, name: '', category: paperCategory ?? '', photo: null };
    if (!candidate) return row;
    let photo: string | null = null;
    try {
      photo = await this.thumbnails.thumbnail(await this.directory.file(seat.candidateCode, 'photo'));
    } catch (error) {
      // Erased or never stored: the invigilator checks the hall ticket's photo instead.
      this.logger.debug(`no photo of ${seat.candidateCode} for an attendance sheet: ${errorMessage(error)}`);
    }
    return { ...row, name: candidate.personalDetails.fullName, category: candidate.educationalDetails.kbeCategory || row.category, photo };
  }

  private async retrying<T>(what: string, call: () => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await call();
      } catch (error) {
        if (attempt >= ATTEMPTS || this.jobs.stopping) throw error;
        this.logger.warn(`${what} for a centre's lists, try ${attempt}: ${errorMessage(error)}`);
        await delay(this.options.retryDelayMs * attempt);
      }
    }
  }
}
