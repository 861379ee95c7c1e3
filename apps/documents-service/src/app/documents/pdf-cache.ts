import type { DocumentKind } from '@kbe/contracts';
import { FileNotFoundError, type FileStorage } from '@kbe/server-storage';
import type { Readable } from 'node:stream';
import { RecentBuffers } from './recent-buffers';

export const PDF_BUCKET = 'documents';

/**
 * Rendered PDFs in MinIO, keyed by candidate, document and content version, with the most recently
 * served ones also kept in memory (`memoryBytes`, 0 for none).
 */
export class PdfCache {
  private readonly recent: RecentBuffers;

  constructor(
    private readonly storage: FileStorage,
    memoryBytes = 0,
  ) {
    this.recent = new RecentBuffers(memoryBytes);
  }

  key(candidateCode: string, kind: DocumentKind, version: string): string {
    return `${candidateCode}/${kind}/${version}.pdf`;
  }

  async get(key: string): Promise<Buffer | null> {
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
    this.recent.set(key, pdf);
    return pdf;
  }

  async has(key: string): Promise<boolean> {
    return this.recent.get(key) !== undefined || this.storage.exists(PDF_BUCKET, key);
  }

  /** Kept in memory at once, then written to MinIO. */
  async put(key: string, pdf: Buffer): Promise<void> {
    this.recent.set(key, pdf);
    await this.storage.put(PDF_BUCKET, key, pdf, { contentType: 'application/pdf', size: pdf.length });
  }
}
