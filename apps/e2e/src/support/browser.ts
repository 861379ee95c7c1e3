import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

/** The one URL under test, set by tools/test/run.mjs. */
export const baseUrl = process.env['KBE_BASE_URL'] ?? 'http://localhost:8080';

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-sync',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium', args: chromiumArgs });
}

/**
 * One Chromium for the enclosing describe block (launched before its first test, closed after
 * its last); a page opened with `closeAfterTest` has its context closed after that test.
 */
export function chromiumPerSuite() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get browser(): Browser {
      if (!browser) throw new Error('Chromium is not running: use it inside a test of this describe block');
      return browser;
    },
    closeAfterTest<T extends { context: BrowserContext }>(opened: T): T {
      contexts.push(opened.context);
      return opened;
    },
  };
}

/** A page that may only talk to this machine: any other request is refused at once. */
export async function openPage(browser: Browser, viewport = { width: 1280, height: 800 }, options: { locale?: string } = {}): Promise<{ context: BrowserContext; page: Page }> {
  // `locale` sets the browser's languages and its Accept-Language header
  const context = await browser.newContext({ viewport, locale: options.locale });
  await context.route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    return hostname === 'localhost' || hostname === '127.0.0.1' ? route.continue() : route.abort();
  });
  const page = await context.newPage();
  return { context, page };
}

/** Screenshots for review go to a git-ignored folder; `fullPage: false` keeps only the viewport (e.g. an open drawer). */
export async function screenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  const dir = join(__dirname, '../../../../screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage: options.fullPage ?? true });
}
