import { Injectable, ServiceUnavailableException } from '@nestjs/common';
import { DOCUMENTS_INTERNAL_PATHS, type CandidateDataExport } from '@kbe/contracts';
import { InjectConfig } from '@kbe/server-config';
import type { RegistrationConfig } from '../../registration.config';

export const PDF_UNAVAILABLE = 'The PDF could not be made just now. Please try again in a moment, or download the data as JSON.';

/** documents-service renders the readable copy of a data export (Chromium lives there); nothing is stored. */
@Injectable()
export class DocumentsPdfClient {
  constructor(@InjectConfig() private readonly config: RegistrationConfig) {}

  async dataExportPdf(data: CandidateDataExport): Promise<Buffer> {
    let response: Response;
    try {
      response = await fetch(`${this.config.DOCUMENTS_SERVICE_URL}${DOCUMENTS_INTERNAL_PATHS.dataExportPdf}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-internal-token': this.config.INTERNAL_API_TOKEN },
        body: JSON.stringify(data),
        signal: AbortSignal.timeout(60_000),
      });
    } catch {
      throw new ServiceUnavailableException(PDF_UNAVAILABLE);
    }
    if (!response.ok) throw new ServiceUnavailableException(PDF_UNAVAILABLE);
    return Buffer.from(await response.arrayBuffer());
  }
}
