import { RecentBuffers } from '../documents/recent-buffers';
import type { CandidateDirectory, CandidateDocumentData, CandidateFile } from './candidate-directory';

/**
 * registration-service's candidates, with the photos and signatures most recently fetched kept in
 * memory (bounded by `maxBytes`, least recently used out first): a re-render (a new seat number,
 * a new edition setting) skips the two fetches. Safe because a candidate's photo and signature
 * are fixed at registration; the candidate itself is always asked for anew.
 */
export class RememberedCandidateFiles implements CandidateDirectory {
  private readonly files: RecentBuffers;

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
    const bytes = await this.directory.file(candidateCode, file);
    this.files.set(key, bytes);
    return bytes;
  }
}
