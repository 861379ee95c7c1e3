import type { Model } from 'mongoose';
import type { CandidateDocument } from '../candidate.schema';
import { DIRECTORY_ENTRY_PROJECTION, directoryEntryOf, type DirectoryEntry, type StoredDirectoryFields } from './directory-entry';

/** Where directory entries are read from: the candidates collection, only by `_id`. */
export interface CandidateEntrySource {
  /** Every entry, in no particular order (the start-up pass). */
  all(): Promise<DirectoryEntry[]>;
  /** Entries of these codes (those still stored). */
  read(codes: readonly string[]): Promise<DirectoryEntry[]>;
}

export const CANDIDATE_ENTRY_SOURCE = Symbol('CANDIDATE_ENTRY_SOURCE');

export class MongoCandidateEntrySource implements CandidateEntrySource {
  constructor(private readonly model: Model<CandidateDocument>) {}

  /** One read of the whole collection, unsorted: a sort or a range would be read whole again per page (ADR 0004). */
  async all(): Promise<DirectoryEntry[]> {
    const docs = await this.model.find({}, DIRECTORY_ENTRY_PROJECTION).batchSize(5_000).lean<StoredDirectoryFields[]>().exec();
    return docs.map(directoryEntryOf);
  }

  async read(codes: readonly string[]): Promise<DirectoryEntry[]> {
    if (codes.length === 0) return [];
    const docs = await this.model.find({ _id: { $in: [...codes] } }, DIRECTORY_ENTRY_PROJECTION).lean<StoredDirectoryFields[]>().exec();
    return docs.map(directoryEntryOf);
  }
}
