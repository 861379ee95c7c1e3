import { PDFDocument } from 'pdf-lib';

/**
 * Merges PDFs page by page into one, in the order they are added. Each source is parsed, its
 * pages copied, and dropped: only the merged document is held, never the sources together.
 */
export class PdfMerger {
  private document?: PDFDocument;
  private pages = 0;

  get pageCount(): number {
    return this.pages;
  }

  async add(pdf: Uint8Array): Promise<void> {
    this.document ??= await PDFDocument.create();
    const source = await PDFDocument.load(pdf);
    const copied = await this.document.copyPages(source, source.getPageIndices());
    for (const page of copied) this.document.addPage(page);
    this.pages += copied.length;
  }

  /** The merged PDF (an empty document of no pages when nothing was added). */
  async bytes(): Promise<Buffer> {
    this.document ??= await PDFDocument.create();
    return Buffer.from(await this.document.save({ addDefaultPage: false }));
  }
}
