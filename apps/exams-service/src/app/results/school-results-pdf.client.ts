import { ServiceUnavailableException } from '@nestjs/common';
import { DOCUMENTS_INTERNAL_PATHS, type SchoolResultsReport } from '@kbe/contracts';
import type { InternalHttpClient } from '@kbe/server-auth';
import { RESULTS_MESSAGES } from './results.messages';

/** documents-service renders a school's results report (Chromium lives there); nothing is stored. */
export interface SchoolResultsPdfClient {
  /** The PDF; ServiceUnavailableException(pdfUnavailable) whatever went wrong (no answer, a refusal, a broken transfer). */
  render(report: SchoolResultsReport): Promise<Buffer>;
}
export const SCHOOL_RESULTS_PDF_CLIENT = Symbol('SCHOOL_RESULTS_PDF_CLIENT');

export class HttpSchoolResultsPdfClient implements SchoolResultsPdfClient {
  constructor(private readonly documents: InternalHttpClient) {}

  async render(report: SchoolResultsReport): Promise<Buffer> {
    try {
      const file = await this.documents.file(DOCUMENTS_INTERNAL_PATHS.schoolResultsPdf, report);
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    } catch {
      throw new ServiceUnavailableException(RESULTS_MESSAGES.pdfUnavailable);
    }
  }
}
