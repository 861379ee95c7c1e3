import type { DocumentKind } from '@kbe/contracts';
import { FileNotFoundError, type FileStorage } from '@kbe/server-storage';
import type { Readable } from 'node:stream';
import { RecentBuffers } from './recent-buffers';

export const PDF_BUCKET = 'documents';

/**
 * How long an erasure keeps a candidate's PDFs out of the cache: longer than any render or MinIO
 * read under way when it came. After it, PDFs are kept again (a retention purge leaves the
 * certificate printable).
 */
export const ERASURE_GRACE_MS = 5 * 60_000;

/**
 * Rendered PDFs in MinIO, keyed by candidate, document and content version, with the most recently
 * served ones also kept in memory (`memoryBytes`, 0 for none).
 */
export class PdfCache {
  private readonly recent: RecentBuffers;
  /** The candidates erased within the grace period, with when (oldest first): none of their PDFs is kept. */
  private readonly erased = new Map<string, number>();
  /** MinIO writes under way, by key. */
  private readonly writes = new Map<string, Promise<void>>();

  constructor(
    private readonly storage: FileStorage,
    memoryBytes = 0,
    private readonly now: () => number = Date.now,
  ) {
    this.recent = new RecentBuffers(memoryBytes);
  }

  /** `variant` tells a certificate's awards apart ('mains-merit'): each has its own key, under the candidate's prefix. */
  key(candidateCode: string, kind: DocumentKind, version: string, variant?: string): string {
    return variant ? `${candidateCode}/${kind}/${variant}/${version}.pdf` : `${candidateCode}/${kind}/${version}.pdf`;
  }

  /** `remember: false` (a bundle's many reads) leaves the memory copies to downloads. */
  async get(key: string, { remember = true }: { remember?: boolean } = {}): Promise<Buffer | null> {
    const recent = this.recent.get(key);
    if (recent) return recent;
    let stream: Readable;
    try {
      stream = await this.storage.get(PDF_BUCKET, key);
    } catch (error) {
      if (error instanceof FileNotFoundError) return null;
      throw error;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const pdf = Buffer.concat(chunks);
    if (remember && !this.isErased(key)) this.recent.set(key, pdf);
    return pdf;
  }

  async has(key: string): Promise<boolean> {
    return this.recent.get(key) !== undefined || this.storage.exists(PDF_BUCKET, key);
  }

  /** Kept in memory at once, then written to MinIO (neither for a candidate erased meanwhile). */
  async put(key: string, pdf: Buffer): Promise<void> {
    if (this.isErased(key)) return;
    this.recent.set(key, pdf);
    const write = this.storage.put(PDF_BUCKET, key, pdf, { contentType: 'application/pdf', size: pdf.length }).finally(() => {
      if (this.writes.get(key) === write) this.writes.delete(key);
    });
    this.writes.set(key, write);
    await write;
  }

  /**
   * The candidate was erased: its PDFs leave this process's memory, and a render or MinIO read
   * still under way keeps none (every replica does this; `removeCandidate` also empties MinIO).
   */
  forgetCandidate(candidateCode: string): void {
    const now = this.now();
    for (const [code, erasedAt] of this.erased) {
      if (now - erasedAt <= ERASURE_GRACE_MS) break;
      this.erased.delete(code);
    }
    this.erased.delete(candidateCode);
    this.erased.set(candidateCode, now);
    this.recent.forgetPrefix(`${candidateCode}/`);
  }

  /** Forgets the candidate, then removes every PDF of it from MinIO; answers how many there were. */
  async removeCandidate(candidateCode: string): Promise<number> {
    this.forgetCandidate(candidateCode);
    const prefix = `${candidateCode}/`;
    // A write begun before the erasure lands first, so that the removal finds it.
    const landing = [...this.writes].filter(([key]) => key.startsWith(prefix)).map(([, write]) => write);
    await Promise.allSettled(landing);
    return this.storage.removeAll(PDF_BUCKET, prefix);
  }

  private isErased(key: string): boolean {
    const erasedAt = this.erased.get(key.slice(0, key.indexOf('/')));
    return erasedAt !== undefined && this.now() - erasedAt <= ERASURE_GRACE_MS;
  }
}
