import { ServiceUnavailableException } from '@nestjs/common';
import { DOCUMENTS_INTERNAL_PATHS, PORTAL_RESULTS_MESSAGES, type SchoolResultsReport } from '@kbe/contracts';
import type { InternalHttpClient } from '@kbe/server-auth';

/** documents-service renders a school's results report (Chromium lives there); nothing is stored. */
export interface DocumentsResultsPdf {
  /** The PDF; ServiceUnavailableException(pdfUnavailable) whatever went wrong. */
  schoolResultsPdf(report: SchoolResultsReport): Promise<Buffer>;
}
export const DOCUMENTS_RESULTS_PDF = Symbol('DOCUMENTS_RESULTS_PDF');

export class HttpDocumentsResultsPdf implements DocumentsResultsPdf {
  constructor(private readonly documents: InternalHttpClient) {}

  async schoolResultsPdf(report: SchoolResultsReport): Promise<Buffer> {
    try {
      const file = await this.documents.file(DOCUMENTS_INTERNAL_PATHS.schoolResultsPdf, report);
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    } catch {
      throw new ServiceUnavailableException(PORTAL_RESULTS_MESSAGES.pdfUnavailable);
    }
  }
}
