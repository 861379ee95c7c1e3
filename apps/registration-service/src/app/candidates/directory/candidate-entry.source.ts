import type { Model } from 'mongoose';
import type { CandidateDocument } from '../candidate.schema';
import { DIRECTORY_ENTRY_PROJECTION, directoryEntryOf, type DirectoryEntry, type StoredDirectoryFields } from './directory-entry';

/** Where directory entries are read from: the candidates collection, only by `_id`. */
export interface CandidateEntrySource {
  /** Entries with a code after `after`, in code order (a keyset page of the start-up pass). */
  pageAfter(after: string | undefined, limit: number): Promise<DirectoryEntry[]>;
  /** Entries of these codes (those still stored). */
  read(codes: readonly string[]): Promise<DirectoryEntry[]>;
}

export const CANDIDATE_ENTRY_SOURCE = Symbol('CANDIDATE_ENTRY_SOURCE');

export class MongoCandidateEntrySource implements CandidateEntrySource {
  constructor(private readonly model: Model<CandidateDocument>) {}

  async pageAfter(after: string | undefined, limit: number): Promise<DirectoryEntry[]> {
    const docs = await this.model
      .find(after === undefined ? {} : { _id: { $gt: after } }, DIRECTORY_ENTRY_PROJECTION)
      .sort({ _id: 1 })
      .limit(limit)
      .lean<StoredDirectoryFields[]>()
      .exec();
    return docs.map(directoryEntryOf);
  }

  async read(codes: readonly string[]): Promise<DirectoryEntry[]> {
    if (codes.length === 0) return [];
    const docs = await this.model.find({ _id: { $in: [...codes] } }, DIRECTORY_ENTRY_PROJECTION).lean<StoredDirectoryFields[]>().exec();
    return docs.map(directoryEntryOf);
  }
}
