import type { Page, Response } from 'playwright-core';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, chromiumPerSuite, openPage } from './support/browser';
import { catalogue } from './support/catalogues';
import { waitForInteractive } from './support/interactive';

/** The public pages and the remote each belongs to. */
const PAGES = [
  { path: '/einstein-quest', remote: 'public' },
  { path: '/einstein-quest/about', remote: 'public' },
  { path: '/einstein-quest/exams', remote: 'public' },
  { path: '/einstein-quest/gallery', remote: 'public' },
  { path: '/einstein-quest/contact', remote: 'public' },
  { path: '/einstein-quest/downloads', remote: 'downloads' },
  { path: '/einstein-quest/online-registrations', remote: 'registration' },
  { path: '/einstein-quest/school-portal', remote: 'schools' },
];
const CHROME = { en: catalogue('libs/shell-chrome/src/i18n', 'en'), mr: catalogue('libs/shell-chrome/src/i18n', 'mr'), hi: catalogue('libs/shell-chrome/src/i18n', 'hi') };
const chromeMr = CHROME.mr;
const DEVANAGARI = /[\u0900-\u097F]/;

/** Whether a script holds a text, as written or as the minifier escapes it (`\u0906...`). */
const holds = (script: string, text: string) =>
  script.includes(text) || script.includes(text.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
const descriptionOf = (html: string) => /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
const htmlLang = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];
const alternates = (html: string) => [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map((m) => [m[1], new URL(m[2]).pathname]);

describe('Marathi and Hindi pages as the edge serves them', () => {
  it.each(PAGES.flatMap((page) => (['mr', 'hi'] as const).map((locale) => ({ ...page, locale }))))(
    '$locale$path: prerendered in its language, with its title, <html lang> and hreflang alternates',
    async ({ path, locale }) => {
      const [english, localized] = await Promise.all([fetch(`${baseUrl}${path}`), fetch(`${baseUrl}/${locale}${path}`)]);
      const html = await localized.text();
      expect(localized.status).toBe(200);
      expect(htmlLang(html)).toBe(locale);
      expect(alternates(html)).toEqual([
        ['en', path],
        ['mr', `/mr${path}`],
        ['hi', `/hi${path}`],
        ['x-default', path],
      ]);
      const englishHtml = await english.text();
      // the home page's title is the competition's name, which stays in Latin script (docs/glossary.md)
      if (path !== '/einstein-quest') {
        expect(titleOf(html)).not.toBe(titleOf(englishHtml));
        expect(titleOf(html)).toMatch(DEVANAGARI);
      }
      expect(descriptionOf(html)).not.toBe(descriptionOf(englishHtml));
      expect(descriptionOf(html)).toMatch(DEVANAGARI);
      // the header is in the page's language in the prerendered markup
      expect(html).toContain(`>${CHROME[locale]['nav.about']}<`);
      expect(html).not.toContain(`>${CHROME.en['registerNow']}<`);
    },
  );

  it.each(['mr', 'hi'] as const)('answers a path that is no page with a 404 in %s, announcing no alternates', async (locale) => {
    const response = await fetch(`${baseUrl}/${locale}/einstein-quest/no-such-page`);
    const html = await response.text();
    expect(response.status).toBe(404);
    expect(htmlLang(html)).toBe(locale);
    expect(titleOf(html)).toMatch(DEVANAGARI);
    expect(alternates(html)).toEqual([]);
  });

  it('keeps English pages in English, announcing their Marathi and Hindi versions', async () => {
    const html = await (await fetch(`${baseUrl}/einstein-quest/about`)).text();
    expect(htmlLang(html)).toBe('en');
    expect(html).toContain('>About Us<');
    expect(alternates(html).map(([lang]) => lang)).toEqual(['en', 'mr', 'hi', 'x-default']);
  });
});

describe('Marathi and Hindi pages in the browser', () => {
  const chromium = chromiumPerSuite();

  /** Every script the page downloaded, with its text. */
  async function scriptsOf(page: Page, open: () => Promise<unknown>): Promise<string[]> {
    const responses: Response[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() === 'script') responses.push(response);
    });
    await open();
    return Promise.all(responses.map((response) => response.text()));
  }

  it.each(PAGES.map(({ path, remote }) => ({ path: `/mr${path}`, remote })))('$path hydrates in Marathi and is axe clean', async ({ path, remote }) => {
    const { page } = chromium.closeAfterTest(await openPage(chromium.browser, { width: 412, height: 823 }, { locale: 'mr-IN' }));
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${baseUrl}${path}`);
    await waitForInteractive(page, remote);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('mr');
    // the page's language is the browser's: nothing is offered
    expect(await page.getByTestId('language-offer').count()).toBe(0);
    await expectNoAxeViolations(page, path);
    expect(errors).toEqual([]);
  });

  it('an English page downloads no Marathi or Hindi text', async () => {
    const { page } = chromium.closeAfterTest(await openPage(chromium.browser));
    const scripts = await scriptsOf(page, async () => {
      await page.goto(`${baseUrl}/einstein-quest`);
      await waitForInteractive(page, 'public');
      await page.waitForLoadState('networkidle');
    });
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((text) => holds(text, CHROME.mr['nav.about']) || holds(text, CHROME.hi['nav.about']))).toEqual([]);
  });

  it('a Marathi page downloads the Marathi messages and no Hindi ones', async () => {
    const { page } = chromium.closeAfterTest(await openPage(chromium.browser));
    const scripts = await scriptsOf(page, async () => {
      await page.goto(`${baseUrl}/mr/einstein-quest`);
      await waitForInteractive(page, 'public');
      await page.waitForLoadState('networkidle');
    });
    expect(scripts.some((text) => holds(text, CHROME.mr['nav.about']))).toBe(true);
    expect(scripts.some((text) => holds(text, CHROME.hi['nav.about']))).toBe(false);
  });

  it('the switcher opens the same page in Marathi, whose links stay in Marathi', async () => {
    const { page } = chromium.closeAfterTest(await openPage(chromium.browser, { width: 1280, height: 800 }, { locale: 'en-IN' }));
    await page.goto(`${baseUrl}/einstein-quest/gallery`);
    await waitForInteractive(page, 'public');
    await page.getByRole('navigation', { name: 'Language' }).getByRole('link', { name: 'मराठी' }).click();
    await page.waitForURL(`${baseUrl}/mr/einstein-quest/gallery`);
    await waitForInteractive(page, 'public');
    await page.getByRole('navigation', { name: chromeMr['nav.main'] }).getByRole('link', { name: chromeMr['nav.exams'] }).click();
    await page.waitForURL(`${baseUrl}/mr/einstein-quest/exams`);
    expect(await page.evaluate(() => localStorage.getItem('kbe.locale'))).toBe('mr');
  });

  it('a browser that asks for Marathi is offered the Marathi page, not sent there', async () => {
    const { page } = chromium.closeAfterTest(await openPage(chromium.browser, { width: 412, height: 823 }, { locale: 'mr-IN' }));
    await page.goto(`${baseUrl}/einstein-quest/about`);
    await waitForInteractive(page, 'public');
    const offer = page.getByTestId('language-offer');
    await offer.waitFor({ state: 'visible' });
    expect(page.url()).toBe(`${baseUrl}/einstein-quest/about`);
    await offer.getByRole('link', { name: 'मराठीत वाचा' }).click();
    await page.waitForURL(`${baseUrl}/mr/einstein-quest/about`);
    await waitForInteractive(page, 'public');
    expect(await page.getByTestId('language-offer').count()).toBe(0);
  });
});
