import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { InjectConnection, InjectModel } from '@nestjs/mongoose';
import { WriteBatcher } from '@kbe/server-database';
import type { Document } from 'mongodb';
import type { Connection, Model } from 'mongoose';
import { AuditCounterDocument, AuditEntryDocument, AuditPostingDocument } from './audit-entry.schema';
import { AuditEntryStore, type StoredAuditEntry } from './audit-entry.store';
import {
  ALL_ENTRIES,
  descendingRuns,
  filterPositions,
  matchesFilters,
  pagePositions,
  positionKey,
  positionsAfter,
  streamsOfEntry,
  streamsOfQuery,
  type AuditFilterValues,
} from './audit-streams';
import { LEGACY_AUDIT_COLLECTION, moveLegacyAuditEntries, type LegacyAuditEntry, type MoveLease } from './legacy-audit-log.migration';

/** What an entry says. */
export interface AuditEntryFields {
  entryId: string;
  actor: string;
  role: string;
  action: string;
  targetType: string;
  targetId: string;
  details: Record<string, unknown>;
  ip: string;
  at: Date;
}

export interface AuditPage {
  /** Newest first. */
  entries: AuditEntryFields[];
  /** How many entries have the filter values asked for. */
  total: number;
}

export interface AuditEntryRepository {
  /** A new entry (its `entryId` unused so far). */
  append(entry: AuditEntryFields): Promise<void>;
  /** An entry another service may post again (a retry): stored once per `entryId`, also when two posts arrive at once. */
  appendOnce(entry: AuditEntryFields): Promise<void>;
  /** Page `page` (from 1) of `limit` entries with every filter value given, newest first. */
  page(filters: AuditFilterValues, page: number, limit: number): Promise<AuditPage>;
}
export const AUDIT_ENTRY_REPOSITORY = Symbol('AUDIT_ENTRY_REPOSITORY');

/** An entry to write, and whether it is kept once per `entryId` (`appendOnce`). */
interface Append {
  entry: AuditEntryFields;
  once: boolean;
}

/** How many positions of a stream one read asks for when a page has two or three filters. */
const WALK_RUN = 500;
/** At most this many entries written together. */
const APPEND_BATCH = 200;

/**
 * The audit log, numbered (audit-streams.ts, docs/adr/0007). Appends are written together, a batch
 * at a time per process, so that this process's writers never try the same positions: five
 * statements by `_id` per batch (the counts, the entries, their postings, the counts again, the
 * entries marked finished). A page with one filter or none is three reads by `_id` (count,
 * postings, entries). A page with two or three filters reads the smallest of their streams newest
 * first and filters it, so that its total is exact; the audit screen asks for one filter at most.
 */
@Injectable()
export class MongoAuditEntryRepository implements AuditEntryRepository, OnModuleInit {
  private readonly logger = new Logger(MongoAuditEntryRepository.name);
  private readonly store: AuditEntryStore;
  private readonly appends = new WriteBatcher<Append>((appends) => this.appendAll(appends), APPEND_BATCH);

  constructor(
    @InjectModel(AuditEntryDocument.name) entries: Model<AuditEntryDocument>,
    @InjectModel(AuditPostingDocument.name) postings: Model<AuditPostingDocument>,
    @InjectModel(AuditCounterDocument.name) private readonly counters: Model<AuditCounterDocument>,
    @InjectConnection() private readonly connection: Connection,
  ) {
    const collection = <D extends Document>(model: Model<D>) => connection.collection<D>(model.collection.collectionName);
    this.store = new AuditEntryStore(collection(entries), collection(postings), collection(counters));
  }

  /**
   * Entries a stopped writer left pending are finished (so the counts are right again), then the
   * entries written before the log was numbered are moved into it.
   */
  async onModuleInit(): Promise<void> {
    const pending = await this.store.pending();
    await this.store.finish(pending);
    if (pending.length > 0) this.logger.log(`Finished ${pending.length} audit entries left pending`);
    await moveLegacyAuditEntries(
      {
        entries: this.connection.collection<LegacyAuditEntry>(LEGACY_AUDIT_COLLECTION),
        leases: this.connection.collection<MoveLease>(this.counters.collection.collectionName),
      },
      this.store,
      this.logger,
    );
  }

  append(entry: AuditEntryFields): Promise<void> {
    return this.appends.submit({ entry, once: false });
  }

  appendOnce(entry: AuditEntryFields): Promise<void> {
    return this.appends.submit({ entry, once: true });
  }

  async page(filters: AuditFilterValues, page: number, limit: number): Promise<AuditPage> {
    const streams = streamsOfQuery(filters);
    if (streams.length > 1) return this.walk(streams, filters, page, limit);
    const stream = streams[0] ?? ALL_ENTRIES;
    const total = (await this.store.counts([stream])).get(stream) ?? 0;
    return { entries: (await this.store.entriesAt(stream, pagePositions(total, page, limit))).map(fieldsOf), total };
  }

  /**
   * Entries to be kept once (`appendOnce`) start where their receipt says (AuditEntryStore.receipts):
   * those with one are numbered last, so that the positions they were given and do not use leave
   * no gap. One sent twice in a batch is written once.
   */
  private async appendAll(appends: Append[]): Promise<void> {
    const fresh: AuditEntryFields[] = [];
    const once = new Map<string, AuditEntryFields>();
    for (const { entry, once: keptOnce } of appends) {
      if (!keptOnce) fresh.push(entry);
      else if (!once.has(entry.entryId)) once.set(entry.entryId, entry);
    }
    const noted = await this.store.receipts([...once.keys()]);
    const unnoted = [...once.values()].filter((entry) => !noted.has(entry.entryId));
    const renoted = [...once.values()].filter((entry) => noted.has(entry.entryId));
    const entries = [...fresh, ...unnoted, ...renoted];
    const counts = await this.store.counts([ALL_ENTRIES, ...entries.flatMap((entry) => Object.values(streamsOfEntry(entry)))]);
    const next = positionsAfter(counts);
    const numbered = entries.map((entry) => ({ ...entry, _id: positionKey(next(ALL_ENTRIES)), positions: filterPositions(entry, next), pending: true as const }));
    const received = await this.store.receive(numbered.slice(fresh.length, fresh.length + unnoted.length));
    const started = [...received, ...numbered.slice(fresh.length + unnoted.length).map((entry) => ({ ...entry, _id: noted.get(entry.entryId) ?? entry._id }))];
    const placed = await this.store.place([...numbered.slice(0, fresh.length), ...started]);
    await this.store.received(started, placed.slice(fresh.length));
    await this.store.finish(placed);
  }

  /** Two or three filters: the smallest of their streams, read newest first, keeping the entries with the other values too. */
  private async walk(streams: string[], filters: AuditFilterValues, page: number, limit: number): Promise<AuditPage> {
    const counts = await this.store.counts(streams);
    const smallest = streams.reduce((a, b) => ((counts.get(b) ?? 0) < (counts.get(a) ?? 0) ? b : a));
    const skip = (page - 1) * limit;
    const entries: AuditEntryFields[] = [];
    let total = 0;
    for (const run of descendingRuns(counts.get(smallest) ?? 0, WALK_RUN)) {
      for (const entry of await this.store.entriesAt(smallest, run)) {
        if (!matchesFilters(entry, filters)) continue;
        if (total >= skip && entries.length < limit) entries.push(fieldsOf(entry));
        total += 1;
      }
    }
    return { entries, total };
  }
}

const fieldsOf = ({ entryId, actor, role, action, targetType, targetId, details, ip, at }: StoredAuditEntry): AuditEntryFields => ({
  entryId,
  actor,
  role,
  action,
  targetType,
  targetId,
  details,
  ip,
  at,
});
