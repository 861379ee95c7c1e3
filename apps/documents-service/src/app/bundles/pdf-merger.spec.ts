import { PDFDocument, StandardFonts } from 'pdf-lib';
import { PdfMerger } from './pdf-merger';

/** A small PDF of `pages` pages `width` wide (which source a page came from), each printing `label`. */
async function pdfOf(label: string, width: number, pages = 1): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++) document.addPage([width, 200 + i]).drawText(`${label} ${i}`, { x: 20, y: 100, size: 12, font });
  document.setTitle(label);
  return document.save();
}

describe('PdfMerger', () => {
  it('merges the PDFs page by page, in the order they were added', async () => {
    const merger = new PdfMerger();
    await merger.add(await pdfOf('first', 100));
    await merger.add(await pdfOf('second', 200, 2));
    await merger.add(await pdfOf('third', 300));
    expect(merger.pageCount).toBe(4);

    const merged = await PDFDocument.load(await merger.bytes());
    expect(merged.getPages().map((page) => [page.getWidth(), page.getHeight()])).toEqual([
      [100, 201],
      [200, 201],
      [200, 202],
      [300, 201],
    ]);
  });

  it('answers an empty document when nothing was added', async () => {
    const merged = await PDFDocument.load(await new PdfMerger().bytes());
    expect(merged.getPageCount()).toBe(0);
  });

  it('refuses what is not a PDF', async () => {
    await expect(new PdfMerger().add(Buffer.from('not a pdf'))).rejects.toThrow();
  });
});
