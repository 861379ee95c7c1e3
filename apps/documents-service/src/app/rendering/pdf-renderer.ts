/**
 * `background` renders (a class's hall-ticket bundle) wait behind every `normal` one (a download)
 * for a page, and never count against the waiting line downloads are refused by.
 */
export type RenderPriority = 'normal' | 'background';

export interface RenderOptions {
  priority?: RenderPriority;
}

/** Turns one self-contained HTML document (fonts local, images as data: URLs) into an A4 PDF. */
export interface PdfRenderer {
  render(html: string, options?: RenderOptions): Promise<Buffer>;
}

export const PDF_RENDERER = Symbol('PDF_RENDERER');

/** Every page is busy and the waiting line is full: try again after `retryAfterSeconds`. */
export class RendererBusyError extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('The document service is busy. Please try again in a few seconds.');
    this.name = 'RendererBusyError';
  }
}

/** A render took longer than the configured timeout (the page was discarded). */
export class RenderTimeoutError extends Error {
  constructor(timeoutMs: number) {
    super(`Rendering the document took longer than ${timeoutMs} ms`);
    this.name = 'RenderTimeoutError';
  }
}
