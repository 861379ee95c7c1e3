import type { CandidateDataExport } from '@kbe/contracts';
import type { PdfRenderer } from '../rendering/pdf-renderer';
import type { DataExportComposer } from './data-export.composer';

/**
 * The readable PDF of a data export, rendered by the Chromium pool as the hall ticket is. It is
 * personal data: neither the HTML nor the PDF is cached or stored.
 */
export class RenderDataExportUseCase {
  constructor(
    private readonly composer: DataExportComposer,
    private readonly renderer: PdfRenderer,
  ) {}

  execute(data: CandidateDataExport): Promise<Buffer> {
    return this.renderer.render(this.composer.html(data));
  }
}
