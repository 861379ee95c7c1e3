import type { SchoolResultsReport } from '@kbe/contracts';
import type { PdfRenderer } from '../rendering/pdf-renderer';
import type { SchoolResultsComposer } from './school-results.composer';

/** The readable PDF of a school's results report, rendered by the Chromium pool; neither the HTML nor the PDF is kept. */
export class RenderSchoolResultsUseCase {
  constructor(
    private readonly composer: SchoolResultsComposer,
    private readonly renderer: PdfRenderer,
  ) {}

  execute(report: SchoolResultsReport): Promise<Buffer> {
    return this.renderer.render(this.composer.html(report));
  }
}
