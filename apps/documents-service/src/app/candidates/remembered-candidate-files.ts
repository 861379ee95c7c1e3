import { RecentBuffers } from '../documents/recent-buffers';
import type { CandidateDirectory, CandidateDocumentData, CandidateFile } from './candidate-directory';

/**
 * registration-service's candidates, with the photos and signatures most recently fetched kept in
 * memory (bounded by `maxBytes`, least recently used out first): a re-render (a new seat number,
 * a new edition setting) skips the two fetches. Safe because a candidate's photo and signature
 * are fixed at registration (until the candidate is erased: `forget`); the candidate itself is
 * always asked for anew.
 */
export class RememberedCandidateFiles implements CandidateDirectory {
  private readonly files: RecentBuffers;
  /** Counts `forget` calls: a fetch that a forget overtook is not kept (it may be the erased file). */
  private forgets = 0;

  constructor(
    private readonly directory: CandidateDirectory,
    maxBytes: number,
  ) {
    this.files = new RecentBuffers(maxBytes);
  }

  find(candidateCode: string): Promise<CandidateDocumentData | null> {
    return this.directory.find(candidateCode);
  }

  async file(candidateCode: string, file: CandidateFile): Promise<Buffer> {
    const key = `${candidateCode}/${file}`;
    const remembered = this.files.get(key);
    if (remembered) return remembered;
    const forgetsBefore = this.forgets;
    const bytes = await this.directory.file(candidateCode, file);
    if (this.forgets === forgetsBefore) this.files.set(key, bytes);
    return bytes;
  }

  /** The candidate was erased: its photo and signature leave memory. */
  forget(candidateCode: string): void {
    this.forgets++;
    this.files.forgetPrefix(`${candidateCode}/`);
  }
}
