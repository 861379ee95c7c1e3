import type { CentreListKind, CentreLists, CentreListsRequest, CentreListStatus } from '@kbe/contracts';
import type { Collection, Connection } from 'mongoose';

/** A centre's lists as stored (collection `centre_lists`, `_id` the caller's key). */
export interface CentreListRecord {
  _id: string;
  request: Omit<CentreListsRequest, 'key'>;
  /** The lists' templates version (CENTRE_LISTS_VERSION) they were made with. */
  documentsVersion: string;
  status: CentreListStatus;
  total: number;
  processed: number;
  withoutPhoto: number;
  createdAt: Date;
  finishedAt: Date | null;
  sizes: Record<CentreListKind, number> | null;
  error: string | null;
  /** The process making them, and until when its claim holds (renewed as it goes). */
  leaseOwner: string | null;
  leaseUntil: Date | null;
}

/** The job as the internal API shows it. */
export function centreListsOf(record: CentreListRecord): CentreLists {
  return {
    key: record._id,
    status: record.status,
    total: record.total,
    processed: record.processed,
    withoutPhoto: record.withoutPhoto,
    createdAt: record.createdAt.toISOString(),
    finishedAt: record.finishedAt ? record.finishedAt.toISOString() : null,
    sizes: record.sizes,
    error: record.error,
  };
}

/**
 * Who is printed on which lists (`centre_list_candidates`, one document per candidate and key), so
 * that a change to a candidate (a corrected name, an erasure) drops their lists. Apart from the job:
 * an index over an array of 2,000 codes is one entry too large for FerretDB's PostgreSQL btree.
 */
interface PrintedCandidate {
  _id: string;
  key: string;
  candidateCode: string;
}

const DUPLICATE_KEY = 11000;
const MEMBERS_CHUNK = 1_000;
const RESET = { status: 'queued' as const, processed: 0, withoutPhoto: 0, finishedAt: null, sizes: null, leaseOwner: null, leaseUntil: null };

/**
 * The lists' jobs in the service's database, shared by every replica (as DocumentBundleStore): one
 * process makes a centre's lists while its lease holds; a stopped process's lease runs out and
 * another claims the job again.
 */
export class CentreListStore {
  private readonly records: Collection<CentreListRecord>;
  private readonly printed: Collection<PrintedCandidate>;

  constructor(connection: Connection) {
    this.records = connection.collection<CentreListRecord>('centre_lists');
    this.printed = connection.collection<PrintedCandidate>('centre_list_candidates');
  }

  async ensureIndexes(): Promise<void> {
    // claimNext: the oldest queued job, or a running one whose lease ran out.
    await this.records.createIndex({ status: 1, createdAt: 1 });
    // containing: the lists a changed candidate is printed on.
    await this.printed.createIndex({ candidateCode: 1 });
    // remove: a job's candidates go with it.
    await this.printed.createIndex({ key: 1 });
  }

  find(key: string): Promise<CentreListRecord | null> {
    return this.records.findOne({ _id: key }, { projection: { request: 0 } });
  }

  /** The keys of the lists that print this candidate. */
  async containing(candidateCode: string): Promise<string[]> {
    const rows = await this.printed.find({ candidateCode }, { projection: { key: 1 } }).toArray();
    return [...new Set(rows.map((row) => row.key))];
  }

  async remove(key: string): Promise<void> {
    await this.records.deleteOne({ _id: key });
    await this.printed.deleteMany({ key });
  }

  /** Writes who the lists print (again: a key already written keeps its rows). */
  private async rememberPrinted(key: string, candidateCodes: readonly string[]): Promise<void> {
    for (let i = 0; i < candidateCodes.length; i += MEMBERS_CHUNK) {
      const rows = candidateCodes.slice(i, i + MEMBERS_CHUNK).map((candidateCode) => ({ _id: `${key}:${candidateCode}`, key, candidateCode }));
      await this.printed.insertMany(rows, { ordered: false }).catch((error: unknown) => {
        if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
      });
    }
  }

  /** Completed lists whose file is gone: queued to be made again. */
  async requeue(key: string): Promise<void> {
    await this.records.updateOne({ _id: key, status: 'completed' }, { $set: { ...RESET, error: null } });
  }

  /**
   * The lists of this key: the stored job when it was made (or is being made) with these
   * templates; otherwise (new, failed, or made with older templates) queued anew. A failed job's
   * error stays on it until it is claimed again.
   */
  async request(request: CentreListsRequest, documentsVersion: string, now: Date): Promise<CentreListRecord> {
    const { key, ...rest } = request;
    const candidateCodes = [...new Set(rest.papers.flatMap((paper) => paper.rooms.flatMap((room) => room.seats.map((seat) => seat.candidateCode))))];
    const total = rest.papers.reduce((sum, paper) => sum + paper.rooms.reduce((n, room) => n + room.seats.length, 0), 0);
    const queued: CentreListRecord = { _id: key, request: rest, documentsVersion, total, createdAt: now, error: null, ...RESET };
    const existing = await this.find(key);
    if (existing && existing.documentsVersion === documentsVersion && existing.status !== 'failed') return existing;
    // Before the job exists, so a change heard while it is made finds it (one heard before is read when it is made).
    await this.rememberPrinted(key, candidateCodes);
    if (existing) {
      // Only the state read above is replaced: of two requests at once, one queues it.
      await this.records.replaceOne({ _id: key, status: existing.status, documentsVersion: existing.documentsVersion }, { ...queued, error: existing.error });
      return (await this.find(key)) ?? queued;
    }
    try {
      await this.records.insertOne(queued);
      return queued;
    } catch (error) {
      if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
      return (await this.find(key)) ?? queued;
    }
  }

  /** Claims the oldest job waiting (or abandoned), for `leaseMs`; the whole record, request included. */
  async claimNext(owner: string, now: Date, leaseMs: number): Promise<CentreListRecord | null> {
    return this.records.findOneAndUpdate(
      { $or: [{ status: 'queued' }, { status: 'running', leaseUntil: { $lt: now } }] },
      { $set: { status: 'running', leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs), processed: 0, withoutPhoto: 0 } },
      { sort: { createdAt: 1 }, returnDocument: 'after' },
    );
  }

  /** Saves progress and renews the lease; false when the claim was lost (taken over, or the job removed). */
  async progress(key: string, owner: string, fields: Pick<CentreListRecord, 'processed' | 'withoutPhoto'>, leaseUntil: Date): Promise<boolean> {
    const result = await this.records.updateOne({ _id: key, leaseOwner: owner, status: 'running' }, { $set: { ...fields, leaseUntil } });
    return result.matchedCount === 1;
  }

  async finish(key: string, owner: string, fields: Pick<CentreListRecord, 'status' | 'processed' | 'withoutPhoto' | 'sizes' | 'error' | 'finishedAt'>): Promise<boolean> {
    const result = await this.records.updateOne({ _id: key, leaseOwner: owner, status: 'running' }, { $set: { ...fields, leaseOwner: null, leaseUntil: null } });
    return result.matchedCount === 1;
  }
}
