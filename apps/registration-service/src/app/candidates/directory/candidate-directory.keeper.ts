import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { ReplicaEventFeed } from '@kbe/server-messaging';
import { errorMessage } from '@kbe/server-bootstrap';
import { CandidateDirectory } from './candidate-directory';
import { CANDIDATE_ENTRY_SOURCE, type CandidateEntrySource } from './candidate-entry.source';
import { directoryEntryOf, type DirectoryEntry, type StoredDirectoryFields } from './directory-entry';

/** Codes per `_id $in` re-read. */
const READ_CHUNK = 1_000;

/** What the keeper needs of the replica event feed (tests hand in a fake). */
export type ReplicaEvents = Pick<ReplicaEventFeed, 'on' | 'onResync' | 'startInBackground' | 'stop'>;

/** Events that name a candidate another replica (or this one) changed. */
const CANDIDATE_EVENTS = ['candidate.registered', 'candidate.changed', 'hall-ticket.released', 'certificate.released'] as const;

/**
 * Keeps this process's candidate directory current (docs/adr/0006): one pass over the collection
 * before the service answers, a re-read by `_id` of the candidates this process just wrote, and of
 * those named by the replica events (other replicas' writes). When the event feed (re)joins, what
 * it may have missed is read again with a whole pass.
 */
@Injectable()
export class CandidateDirectoryKeeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CandidateDirectoryKeeper.name);
  private pending = new Set<string>();
  private scheduled?: Promise<void>;

  constructor(
    private readonly directory: CandidateDirectory,
    @Inject(CANDIDATE_ENTRY_SOURCE) private readonly source: CandidateEntrySource,
    @Inject(ReplicaEventFeed) private readonly feed: ReplicaEvents,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    for (const topic of CANDIDATE_EVENTS) {
      this.feed.on(topic, ({ candidateCode }) => {
        this.refresh([candidateCode]).catch((error: unknown) => this.logger.warn(`${topic} of ${candidateCode} not read: ${errorMessage(error)}`));
      });
    }
    this.feed.onResync(() => this.build());
    await this.build();
    this.feed.startInBackground();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.feed.stop();
  }

  /** One pass over the collection. */
  async build(): Promise<void> {
    const started = Date.now();
    const ticket = this.directory.ticket();
    const entries = await this.source.all();
    this.directory.replaceAll(ticket, entries);
    this.logger.log(`candidate directory read: ${entries.length} candidates in ${Date.now() - started} ms`);
  }

  /** Re-reads these candidates by `_id`; concurrent calls share one read. Resolves once they are in the directory. */
  refresh(codes: readonly string[]): Promise<void> {
    for (const code of codes) this.pending.add(code);
    this.scheduled ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.readPending());
    return this.scheduled;
  }

  /**
   * A read of these candidates the caller makes anyway (with at least DIRECTORY_ENTRY_PROJECTION's
   * fields, not only the live ones) also refreshes their entries: no second read.
   */
  async readThrough<T extends StoredDirectoryFields>(codes: readonly string[], read: () => Promise<T[]>): Promise<T[]> {
    const ticket = this.directory.ticket();
    const docs = await read();
    this.directory.apply(ticket, codes, docs.map(directoryEntryOf));
    return docs;
  }

  /** A candidate this process just inserted, as it was stored. */
  stored(entry: DirectoryEntry): void {
    this.directory.apply(this.directory.ticket(), [entry.code], [entry]);
  }

  private async readPending(): Promise<void> {
    this.scheduled = undefined;
    const codes = [...this.pending];
    this.pending = new Set();
    for (let i = 0; i < codes.length; i += READ_CHUNK) {
      const chunk = codes.slice(i, i + READ_CHUNK);
      const ticket = this.directory.ticket();
      this.directory.apply(ticket, chunk, await this.source.read(chunk));
    }
  }
}
