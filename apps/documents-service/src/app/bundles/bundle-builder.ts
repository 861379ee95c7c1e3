import { Logger, type BeforeApplicationShutdown, type OnApplicationBootstrap } from '@nestjs/common';
import type { DocumentBundleRequest } from '@kbe/contracts';
import { errorMessage } from '@kbe/server-bootstrap';
import type { FileStorage } from '@kbe/server-storage';
import { setTimeout as delay } from 'node:timers/promises';
import { LeasedJobs } from '../jobs/leased-jobs';
import type { CandidateDirectory } from '../candidates/candidate-directory';
import type { DocumentProvider } from '../documents/document-provider';
import { PDF_BUCKET } from '../documents/pdf-cache';
import type { DocumentBundleRecord, DocumentBundleStore } from './document-bundle.store';
import { PdfMerger } from './pdf-merger';

/** Where a bundle's PDF is kept in the documents bucket (beside the candidates' `KBE…/` prefixes). */
export const bundleFileKey = (key: string): string => `bundles/${key}.pdf`;

export interface BundleBuilderOptions {
  /** Hall tickets rendered at once for bundles, over every bundle of this process. */
  rendersAtOnce: number;
  /** Hall tickets of one bundle looked up and read from the cache ahead of the merge (held in memory meanwhile). */
  readAhead: number;
  /** Bundles built at once by this process. */
  bundlesAtOnce: number;
  /** How long a claim holds without progress; a stopped process's bundles are taken over after it. */
  leaseMs: number;
  /** How often queued and abandoned bundles are looked for (besides every request). */
  sweepMs: number;
  /** Pause before trying a hall ticket again (ms); three tries, then the bundle fails. */
  retryDelayMs: number;
}

export const DEFAULT_BUNDLE_OPTIONS: Omit<BundleBuilderOptions, 'rendersAtOnce'> = {
  readAhead: 8,
  bundlesAtOnce: 2,
  leaseMs: 60_000,
  sweepMs: 5_000,
  retryDelayMs: 1_000,
};

/** Progress is saved (and the lease renewed) at most this often. */
const PROGRESS_EVERY_MS = 1_000;
const ATTEMPTS = 3;

/** A counting semaphore: at most `size` tasks at once, the others in arrival order. */
export class Limit {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active--;
    }
  }
}

/**
 * Builds bundles: each candidate's hall ticket from the PDF cache (else rendered at background
 * priority and cached, as a download would), merged in the order asked into one PDF, stored in
 * MinIO. A few hall tickets are fetched ahead of the merge, never the whole class at once. Any
 * replica may take a bundle; the store's lease makes one build it, and a stopped process's
 * bundle is built again by the next to claim it (the hall tickets come from the cache then).
 */
export class BundleBuilder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(BundleBuilder.name);
  private readonly limit: Limit;
  private readonly jobs: LeasedJobs<DocumentBundleRecord>;

  constructor(
    private readonly store: DocumentBundleStore,
    private readonly storage: FileStorage,
    private readonly directory: CandidateDirectory,
    private readonly documents: DocumentProvider,
    /** The template, edition and signing version hall tickets are rendered with now. */
    private readonly documentsVersion: string,
    private readonly options: BundleBuilderOptions,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.jobs = new LeasedJobs<DocumentBundleRecord>(
      {
        what: 'bundles',
        atOnce: options.bundlesAtOnce,
        sweepMs: options.sweepMs,
        claimNext: (owner) => this.store.claimNext(owner, this.now(), this.options.leaseMs),
        run: (record) => this.build(record),
      },
      this.logger,
    );
    this.limit = new Limit(options.rendersAtOnce);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.store.ensureIndexes();
    this.jobs.start();
  }

  /** Before Chromium closes: builds under way stop and hand their bundles back at once. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.jobs.stop();
  }

  /** The bundle of this key (queued when new), and a build started if this process has room. */
  async request(request: DocumentBundleRequest): Promise<DocumentBundleRecord> {
    const record = await this.store.request(request.key, request.candidateCodes, this.documentsVersion, this.now());
    if (record.status === 'queued') this.poke();
    return record;
  }

  /**
   * A candidate was erased: every bundle holding their hall ticket goes (record and file); the
   * portal's next look at it asks for it again, without them. Answers how many went.
   */
  async removeContaining(candidateCode: string): Promise<number> {
    const keys = await this.store.containing(candidateCode);
    for (const key of keys) {
      await this.store.remove(key);
      await this.storage.remove(PDF_BUCKET, bundleFileKey(key));
    }
    return keys.length;
  }

  /** Resolves once every build this process has under way has ended (tests, the bench). */
  async idle(): Promise<void> {
    await this.jobs.idle();
  }

  /** Claims bundles while this process has room. */
  poke(): void {
    this.jobs.poke();
  }

  private leaseUntil(): Date {
    return new Date(this.now().getTime() + this.options.leaseMs);
  }

  private async build(record: DocumentBundleRecord): Promise<void> {
    const key = record._id;
    const codes = record.candidateCodes;
    const started = Date.now();
    const merger = new PdfMerger();
    const skippedCodes: string[] = [];
    let rendered = 0;
    let savedAt = Date.now();
    // The next few hall tickets are fetched while one is merged: at most `ahead` PDFs are held.
    const ahead = Math.max(this.options.readAhead, this.options.rendersAtOnce + 1);
    const pending: Promise<Buffer | null>[] = [];
    let next = 0;
    try {
      for (const code of codes) {
        while (next < codes.length && pending.length < ahead) {
          const fetching = this.hallTicket(codes[next++]);
          fetching.catch(() => undefined); // awaited in order below
          pending.push(fetching);
        }
        const pdf = await pending.shift();
        if (pdf) {
          await merger.add(pdf);
          rendered++;
        } else {
          skippedCodes.push(code);
        }
        if (this.jobs.stopping) return await this.handBack(key);
        if (Date.now() - savedAt >= PROGRESS_EVERY_MS) {
          savedAt = Date.now();
          if (!(await this.store.progress(key, this.jobs.owner, { rendered, skippedCodes }, this.leaseUntil()))) {
            this.logger.warn(`bundle ${key}: its claim was taken over; stopped here`);
            return;
          }
        }
      }
      const pdf = await merger.bytes();
      await this.storage.put(PDF_BUCKET, bundleFileKey(key), pdf, { contentType: 'application/pdf', size: pdf.length });
      const finished = await this.store.finish(key, this.jobs.owner, { status: 'completed', rendered, skippedCodes, size: pdf.length, error: null, finishedAt: this.now() });
      if (!finished) {
        // Removed meanwhile (a candidate in it was erased) or taken over: this file is nobody's.
        this.logger.warn(`bundle ${key}: no longer this process's; its file is removed`);
        await this.storage.remove(PDF_BUCKET, bundleFileKey(key));
        return;
      }
      this.logger.log(`bundle ${key}: ${rendered} hall tickets (${skippedCodes.length} skipped), ${pdf.length} bytes in ${Date.now() - started} ms`);
    } catch (error) {
      if (this.jobs.stopping) return await this.handBack(key);
      const message = errorMessage(error);
      this.logger.error(`bundle ${key} failed: ${message}`);
      await this.store
        .finish(key, this.jobs.owner, { status: 'failed', rendered, skippedCodes, size: null, error: message, finishedAt: this.now() })
        .catch((failure: unknown) => this.logger.warn(`bundle ${key}: its failure was not saved: ${errorMessage(failure)}`));
    } finally {
      for (const fetching of pending) fetching.catch(() => undefined);
    }
  }

  /** This process stops: its claim ends now, so the next process to look takes the bundle at once. */
  private async handBack(key: string): Promise<void> {
    await this.store.progress(key, this.jobs.owner, { rendered: 0, skippedCodes: [] }, new Date(0)).catch(() => undefined);
  }

  /** A released candidate's hall ticket, or null for one not (or no longer) released, or unknown. */
  private async hallTicket(candidateCode: string): Promise<Buffer | null> {
    for (let attempt = 1; ; attempt++) {
      try {
        const candidate = await this.directory.find(candidateCode);
        if (!candidate || !candidate.hallTicketReleased) return null;
        // Cache reads go ahead freely; renders take their turn in the process's limit.
        return (await this.documents.forBundle('hall-ticket', candidate, (render) => this.limit.run(render))).pdf;
      } catch (error) {
        if (attempt >= ATTEMPTS || this.jobs.stopping) throw error;
        this.logger.warn(`hall ticket of ${candidateCode} for a bundle, try ${attempt}: ${errorMessage(error)}`);
        await delay(this.options.retryDelayMs * attempt);
      }
    }
  }
}
