import { Logger } from '@nestjs/common';
import { Metrics, RENDER_DURATION, RENDER_QUEUE_DEPTH } from '@kbe/server-metrics';
import { errorMessage } from '@kbe/server-bootstrap';
import type { Histogram } from 'prom-client';
import { chromium, errors, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { RendererBusyError, RenderTimeoutError, type PdfRenderer, type RenderOptions, type RenderPriority } from './pdf-renderer';

export interface ChromiumPoolOptions {
  executablePath: string;
  /** Reused pages (about one per core). */
  size: number;
  /** Renders that may wait for a page; one more is refused with `RendererBusyError`. */
  queueLimit: number;
  timeoutMs: number;
  /** Relaunch the browser after this many renders (bounds slow leaks). */
  recycleAfter?: number;
}

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-sync',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-extensions',
  '--no-first-run',
  '--font-render-hinting=none',
];

/** What a refused render is told to wait: the queue drains in well under this. */
const RETRY_AFTER_SECONDS = 2;

interface Slot {
  page: Page;
  context: BrowserContext;
  generation: number;
}

/**
 * One long-lived Chromium with a bounded pool of reused pages. Every request a page makes is
 * aborted (documents are self-contained: local fonts, data: images), so nothing waits on the
 * network. A crash (browser disconnected) or a hang (render timeout) discards the browser or
 * the page; the next render launches a fresh one, so a failure never sticks.
 */
export class ChromiumPagePool implements PdfRenderer {
  private readonly logger = new Logger(ChromiumPagePool.name);
  private browser?: Promise<Browser>;
  private generation = 0;
  private readonly idle: Slot[] = [];
  private created = 0;
  private readonly waiting: Array<(slot: Slot | null) => void> = [];
  /** Background renders waiting: served only when no download waits. */
  private readonly waitingBackground: Array<(slot: Slot | null) => void> = [];
  private rendersOnBrowser = 0;
  private closed = false;
  private readonly renderDuration: Histogram<'outcome'>;

  constructor(
    private readonly options: ChromiumPoolOptions,
    metrics: Metrics,
  ) {
    this.renderDuration = metrics.histogram(RENDER_DURATION);
    metrics.gauge(RENDER_QUEUE_DEPTH, () => this.waiting.length + this.waitingBackground.length);
  }

  /** Renders `html` to an A4 PDF; retried once on a fresh browser if Chromium died meanwhile. */
  async render(html: string, options: RenderOptions = {}): Promise<Buffer> {
    const end = this.renderDuration.startTimer();
    try {
      const pdf = await this.renderRetrying(html, options.priority ?? 'normal');
      end({ outcome: 'ok' });
      return pdf;
    } catch (error) {
      end({ outcome: error instanceof RendererBusyError ? 'busy' : error instanceof RenderTimeoutError ? 'timeout' : 'failed' });
      throw error;
    }
  }

  private async renderRetrying(html: string, priority: RenderPriority): Promise<Buffer> {
    try {
      return await this.renderOnce(html, priority);
    } catch (error) {
      if (error instanceof RendererBusyError || error instanceof RenderTimeoutError || this.closed) throw error;
      this.logger.warn(`render failed (${errorMessage(error)}); retrying on a fresh browser`);
      await this.discardBrowser();
      return this.renderOnce(html, priority);
    }
  }

  /** Launches the browser and opens the pages ahead of the first render. */
  async warmUp(): Promise<void> {
    const slots = await Promise.all(Array.from({ length: this.options.size }, () => this.acquire()));
    for (const slot of slots) this.release(slot);
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const resolve of [...this.waiting.splice(0), ...this.waitingBackground.splice(0)]) resolve(null);
    await this.discardBrowser();
  }

  private async renderOnce(html: string, priority: RenderPriority): Promise<Buffer> {
    const slot = await this.acquire(priority);
    const work = (async () => {
      // The pool's own timer below is the one deadline; Playwright's is only a later backstop, so
      // a hang always ends as RenderTimeoutError rather than whichever equal timer fires first.
      await slot.page.setContent(html, { waitUntil: 'load', timeout: 2 * this.options.timeoutMs });
      return Buffer.from(await slot.page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true }));
    })();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RenderTimeoutError(this.options.timeoutMs)), this.options.timeoutMs);
    });
    try {
      const pdf = await Promise.race([work, timeout]);
      this.release(slot);
      return pdf;
    } catch (error) {
      work.catch(() => undefined);
      void this.discard(slot);
      if (error instanceof RenderTimeoutError || error instanceof errors.TimeoutError) {
        // A hung page may mean a hung browser: start over with a fresh one.
        this.logger.warn(`render timed out after ${this.options.timeoutMs} ms; relaunching Chromium`);
        void this.discardBrowser();
        throw new RenderTimeoutError(this.options.timeoutMs);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  private async acquire(priority: RenderPriority = 'normal'): Promise<Slot> {
    if (this.closed) throw new Error('The renderer is closed');
    const ready = this.idle.pop();
    if (ready) return ready;
    if (this.created < this.options.size) {
      this.created++;
      try {
        return await this.openSlot();
      } catch (error) {
        this.created--;
        this.wakeNext();
        throw error;
      }
    }
    const line = priority === 'background' ? this.waitingBackground : this.waiting;
    if (priority === 'normal' && this.waiting.length >= this.options.queueLimit) {
      throw new RendererBusyError(RETRY_AFTER_SECONDS);
    }
    const slot = await new Promise<Slot | null>((resolve) => line.push(resolve));
    if (!slot) return this.acquire(priority);
    return slot;
  }

  private release(slot: Slot): void {
    if (slot.generation !== this.generation || slot.page.isClosed()) {
      void this.discard(slot);
      return;
    }
    this.rendersOnBrowser++;
    if (this.options.recycleAfter && this.rendersOnBrowser >= this.options.recycleAfter) {
      // Recycle: pages of the old browser are discarded as they come back.
      this.rendersOnBrowser = 0;
      void this.discardBrowser();
      this.created--;
      this.wakeNext();
      return;
    }
    const next = this.nextWaiter();
    if (next) next(slot);
    else this.idle.push(slot);
  }

  /** A page that timed out or broke is closed; its place is freed for a new one. */
  private async discard(slot: Slot): Promise<void> {
    this.created--;
    this.wakeNext();
    await slot.context.close().catch(() => undefined);
  }

  /** Lets one waiter try again (it will open a fresh page). */
  private wakeNext(): void {
    const next = this.nextWaiter();
    if (next) next(null);
  }

  /** Downloads first; a background render only when none waits. */
  private nextWaiter(): ((slot: Slot | null) => void) | undefined {
    return this.waiting.shift() ?? this.waitingBackground.shift();
  }

  private async openSlot(): Promise<Slot> {
    const generation = this.generation;
    const browser = await this.ensureBrowser();
    const context = await browser.newContext({ javaScriptEnabled: false, offline: true });
    // Documents are self-contained: refuse every request (data: URLs are never routed).
    await context.route('**/*', (route) => route.abort('blockedbyclient'));
    const page = await context.newPage();
    return { page, context, generation };
  }

  private ensureBrowser(): Promise<Browser> {
    if (!this.browser) {
      const generation = this.generation;
      const launching = chromium.launch({ executablePath: this.options.executablePath, args: CHROMIUM_ARGS, timeout: 30_000 });
      this.browser = launching;
      launching
        .then((browser) =>
          browser.on('disconnected', () => {
            if (this.generation !== generation) return;
            this.logger.warn('Chromium disconnected; the next render starts a new one');
            this.resetBrowser();
          }),
        )
        .catch(() => {
          if (this.browser === launching) this.resetBrowser();
        });
    }
    return this.browser;
  }

  /** Forget the current browser and its idle pages; pages in use are discarded when returned. */
  private resetBrowser(): void {
    this.generation++;
    this.browser = undefined;
    this.created -= this.idle.length;
    this.idle.length = 0;
  }

  private async discardBrowser(): Promise<void> {
    const browser = this.browser;
    this.resetBrowser();
    const launched = await browser?.catch(() => undefined);
    await launched?.close().catch(() => undefined);
  }
}
