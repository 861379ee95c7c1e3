import type { EventPayloads, EventType } from '@kbe/contracts';
import { CandidateDirectory } from './candidate-directory';
import { CandidateDirectoryKeeper, type ReplicaEvents } from './candidate-directory.keeper';
import type { CandidateEntrySource } from './candidate-entry.source';
import type { DirectoryEntry } from './directory-entry';
import { entry } from './directory-entry.fixture';

const codeOf = (i: number) => `KBE${String(i).padStart(6, '0')}AAA`;

/** The candidates collection as the directory reads it. */
class FakeEntrySource implements CandidateEntrySource {
  readonly stored = new Map<string, DirectoryEntry>();
  readonly reads: string[][] = [];
  pages = 0;

  async all(): Promise<DirectoryEntry[]> {
    this.pages += 1;
    return [...this.stored.values()];
  }

  async read(codes: readonly string[]): Promise<DirectoryEntry[]> {
    this.reads.push([...codes]);
    return codes.flatMap((code) => this.stored.get(code) ?? []);
  }
}

/** Replica events delivered by hand. */
class FakeReplicaEvents implements ReplicaEvents {
  readonly handlers = new Map<string, (payload: never) => void>();
  resync?: () => void | Promise<void>;
  started = false;

  on<K extends EventType>(type: K, handler: (payload: EventPayloads[K]) => void): void {
    this.handlers.set(type, handler as (payload: never) => void);
  }
  onResync(listener: () => void | Promise<void>): void {
    this.resync = listener;
  }
  startInBackground(): void {
    this.started = true;
  }
  async stop(): Promise<void> {
    this.started = false;
  }
  deliver(type: EventType, candidateCode: string): void {
    this.handlers.get(type)?.({ candidateCode } as never);
  }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('CandidateDirectoryKeeper', () => {
  let source: FakeEntrySource;
  let events: FakeReplicaEvents;
  let directory: CandidateDirectory;
  let keeper: CandidateDirectoryKeeper;

  beforeEach(() => {
    source = new FakeEntrySource();
    events = new FakeReplicaEvents();
    directory = new CandidateDirectory();
    keeper = new CandidateDirectoryKeeper(directory, source, events);
  });

  it('reads every stored candidate at start in one pass, then starts hearing events', async () => {
    const count = 10_007;
    for (let i = 0; i < count; i += 1) source.stored.set(codeOf(i), entry(codeOf(i), { deletedAt: i % 2 ? 1 : null }));
    await keeper.onApplicationBootstrap();
    expect(directory.size).toBe(count);
    expect(source.pages).toBe(1);
    expect(directory.counts().total).toBe(Math.ceil(count / 2));
    expect(events.started).toBe(true);
  });

  it('re-reads the candidates of concurrent changes in one read by code', async () => {
    await keeper.onApplicationBootstrap();
    source.stored.set(codeOf(1), entry(codeOf(1), { feesPaid: true }));
    source.stored.set(codeOf(2), entry(codeOf(2)));
    await Promise.all([keeper.refresh([codeOf(1)]), keeper.refresh([codeOf(2), codeOf(3)])]);
    expect(source.reads).toEqual([[codeOf(1), codeOf(2), codeOf(3)]]);
    expect(directory.count({ feesPaid: true })).toBe(1);
    expect(directory.size).toBe(2);
  });

  it('reads the candidate an event names: registered, changed, released', async () => {
    await keeper.onApplicationBootstrap();
    source.stored.set(codeOf(1), entry(codeOf(1), { nameSearch: 'aarav patil' }));
    events.deliver('candidate.registered', codeOf(1));
    await settled();
    expect(directory.page({ search: 'aar' }, { page: 1, limit: 10 }).codes).toEqual([codeOf(1)]);

    source.stored.set(codeOf(1), entry(codeOf(1), { nameSearch: 'aarav patil', feesPaid: true, hallTicketReleased: true }));
    events.deliver('hall-ticket.released', codeOf(1));
    await settled();
    expect(directory.get(codeOf(1))).toMatchObject({ feesPaid: true, hallTicketReleased: true });

    source.stored.set(codeOf(1), entry(codeOf(1), { nameSearch: 'aarav patil', deletedAt: 5 }));
    events.deliver('candidate.changed', codeOf(1));
    await settled();
    expect(directory.counts().total).toBe(0);

    source.stored.set(codeOf(1), entry(codeOf(1), { certificateReleased: true }));
    events.deliver('certificate.released', codeOf(1));
    await settled();
    expect(directory.dashboard(new Date(0)).certificates).toBe(1);
  });

  it('reads everything again when the event feed (re)joins', async () => {
    await keeper.onApplicationBootstrap();
    source.stored.set(codeOf(1), entry(codeOf(1)));
    source.stored.set(codeOf(2), entry(codeOf(2)));
    await events.resync?.();
    expect(directory.size).toBe(2);
  });

  it('takes an inserted candidate as it was stored, without reading it', async () => {
    await keeper.onApplicationBootstrap();
    keeper.stored(entry(codeOf(4)));
    expect(directory.get(codeOf(4))).toBeDefined();
    expect(source.reads).toEqual([]);
  });

  it('stops the feed on shutdown', async () => {
    await keeper.onApplicationBootstrap();
    await keeper.onApplicationShutdown();
    expect(events.started).toBe(false);
  });
});
