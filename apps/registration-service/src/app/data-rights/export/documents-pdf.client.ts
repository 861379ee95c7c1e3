import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { DOCUMENTS_INTERNAL_PATHS, type CandidateDataExport } from '@kbe/contracts';
import { InjectConfig } from '@kbe/server-config';
import { InternalHttpClient } from '@kbe/server-auth';
import type { RegistrationConfig } from '../../registration.config';

export const PDF_UNAVAILABLE = 'The PDF could not be made just now. Please try again in a moment, or download the data as JSON.';

/** documents-service renders the readable copy of a data export (Chromium lives there); nothing is stored. */
@Injectable()
export class DocumentsPdfClient {
  private readonly documents: InternalHttpClient;

  constructor(@InjectConfig() config: RegistrationConfig) {
    this.documents = new InternalHttpClient({ baseUrl: config.DOCUMENTS_SERVICE_URL, internalToken: config.INTERNAL_API_TOKEN, timeoutMs: 60_000 });
  }

  /** The PDF; ServiceUnavailableException(PDF_UNAVAILABLE) whatever went wrong (no answer, a refusal, a broken transfer). */
  async dataExportPdf(data: CandidateDataExport): Promise<Buffer> {
    try {
      const file = await this.documents.file(DOCUMENTS_INTERNAL_PATHS.dataExportPdf, data);
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    } catch {
      throw new ServiceUnavailableException(PDF_UNAVAILABLE);
    }
  }
}
