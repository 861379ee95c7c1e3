import type { DocumentKind } from '@kbe/contracts';
import { FileNotFoundError, type FileStorage } from '@kbe/server-storage';
import type { Readable } from 'node:stream';

export const PDF_BUCKET = 'documents';

/** Rendered PDFs in MinIO, keyed by candidate, document and content version. */
export class PdfCache {
  constructor(private readonly storage: FileStorage) {}

  key(candidateCode: string, kind: DocumentKind, version: string): string {
    return `${candidateCode}/${kind}/${version}.pdf`;
  }

  async get(key: string): Promise<Buffer | null> {
    let stream: Readable;
    try {
      stream = await this.storage.get(PDF_BUCKET, key);
    } catch (error) {
      if (error instanceof FileNotFoundError) return null;
      throw error;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async has(key: string): Promise<boolean> {
    return this.storage.exists(PDF_BUCKET, key);
  }

  async put(key: string, pdf: Buffer): Promise<void> {
    await this.storage.put(PDF_BUCKET, key, pdf, { contentType: 'application/pdf', size: pdf.length });
  }
}
