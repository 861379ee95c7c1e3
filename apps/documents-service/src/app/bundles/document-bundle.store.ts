import type { DocumentBundle, DocumentBundleStatus } from '@kbe/contracts';
import type { Collection, Connection } from 'mongoose';

/** A bundle as stored (collection `document_bundles`, `_id` the caller's key). */
export interface DocumentBundleRecord {
  _id: string;
  candidateCodes: string[];
  /** The template, edition and signing version it was built with (BundleBuilder.documentsVersion). */
  documentsVersion: string;
  status: DocumentBundleStatus;
  rendered: number;
  skippedCodes: string[];
  createdAt: Date;
  finishedAt: Date | null;
  size: number | null;
  error: string | null;
  /** The process building it, and until when its claim holds (renewed as it goes). */
  leaseOwner: string | null;
  leaseUntil: Date | null;
}

/** The bundle as the internal API shows it. */
export function documentBundleOf(record: DocumentBundleRecord): DocumentBundle {
  return {
    key: record._id,
    status: record.status,
    total: record.candidateCodes.length,
    rendered: record.rendered,
    skippedCodes: record.skippedCodes,
    createdAt: record.createdAt.toISOString(),
    finishedAt: record.finishedAt ? record.finishedAt.toISOString() : null,
    size: record.size,
    error: record.error,
  };
}

const DUPLICATE_KEY = 11000;

/**
 * Bundles in the service's database, so that every replica sees the same jobs: a bundle is built
 * by the one process whose claim (a lease, renewed as it goes) holds; a process that stops
 * leaves a lease that runs out, and another (or the same, restarted) claims the bundle again.
 */
export class DocumentBundleStore {
  private readonly records: Collection<DocumentBundleRecord>;

  constructor(connection: Connection) {
    this.records = connection.collection<DocumentBundleRecord>('document_bundles');
  }

  async ensureIndexes(): Promise<void> {
    // claimNext: the oldest queued bundle, or a running one whose lease ran out.
    await this.records.createIndex({ status: 1, createdAt: 1 });
    // containing: the bundles an erased candidate is in (multikey).
    await this.records.createIndex({ candidateCodes: 1 });
  }

  /** The keys of the bundles that hold this candidate. */
  async containing(candidateCode: string): Promise<string[]> {
    const records = await this.records.find({ candidateCodes: candidateCode }, { projection: { _id: 1 } }).toArray();
    return records.map((record) => record._id);
  }

  async remove(key: string): Promise<void> {
    await this.records.deleteOne({ _id: key });
  }

  /** A completed bundle whose file is gone: queued to be built again. */
  async requeue(key: string): Promise<void> {
    await this.records.updateOne(
      { _id: key, status: 'completed' },
      { $set: { status: 'queued', rendered: 0, skippedCodes: [], finishedAt: null, size: null, error: null, leaseOwner: null, leaseUntil: null } },
    );
  }

  find(key: string): Promise<DocumentBundleRecord | null> {
    return this.records.findOne({ _id: key });
  }

  /**
   * The bundle of this key: the one stored when it was built (or is being built) with these
   * documents; otherwise (new, failed, or built with an older template) queued anew.
   */
  async request(key: string, candidateCodes: string[], documentsVersion: string, now: Date): Promise<DocumentBundleRecord> {
    const queued: DocumentBundleRecord = {
      _id: key,
      candidateCodes,
      documentsVersion,
      status: 'queued',
      rendered: 0,
      skippedCodes: [],
      createdAt: now,
      finishedAt: null,
      size: null,
      error: null,
      leaseOwner: null,
      leaseUntil: null,
    };
    const existing = await this.records.findOne({ _id: key });
    if (existing && existing.documentsVersion === documentsVersion && existing.status !== 'failed') return existing;
    if (existing) {
      // Only the state read above is replaced: of two requests at once, one queues it.
      await this.records.replaceOne({ _id: key, status: existing.status, documentsVersion: existing.documentsVersion }, queued);
      return (await this.records.findOne({ _id: key })) ?? queued;
    }
    try {
      await this.records.insertOne(queued);
      return queued;
    } catch (error) {
      if ((error as { code?: number }).code !== DUPLICATE_KEY) throw error;
      return (await this.records.findOne({ _id: key })) ?? queued;
    }
  }

  /** Claims the oldest bundle waiting to be built (or abandoned), for `leaseMs`. */
  async claimNext(owner: string, now: Date, leaseMs: number): Promise<DocumentBundleRecord | null> {
    return this.records.findOneAndUpdate(
      { $or: [{ status: 'queued' }, { status: 'running', leaseUntil: { $lt: now } }] },
      { $set: { status: 'running', leaseOwner: owner, leaseUntil: new Date(now.getTime() + leaseMs), rendered: 0, skippedCodes: [] } },
      { sort: { createdAt: 1 }, returnDocument: 'after' },
    );
  }

  /** Saves progress and renews the lease; false when the claim was lost (another process has it now). */
  async progress(key: string, owner: string, fields: Pick<DocumentBundleRecord, 'rendered' | 'skippedCodes'>, leaseUntil: Date): Promise<boolean> {
    const result = await this.records.updateOne({ _id: key, leaseOwner: owner, status: 'running' }, { $set: { ...fields, leaseUntil } });
    return result.matchedCount === 1;
  }

  async finish(
    key: string,
    owner: string,
    fields: Pick<DocumentBundleRecord, 'status' | 'rendered' | 'skippedCodes' | 'size' | 'error' | 'finishedAt'>,
  ): Promise<boolean> {
    const result = await this.records.updateOne(
      { _id: key, leaseOwner: owner, status: 'running' },
      { $set: { ...fields, leaseOwner: null, leaseUntil: null } },
    );
    return result.matchedCount === 1;
  }
}
