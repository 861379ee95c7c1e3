import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { HERO_SLIDES } from '@kbe/content';
import { baseUrl, chromiumPerSuite, openPage } from './support/browser';
import { VIEWPORTS } from './support/layout';
import { waitForInteractive } from './support/interactive';

// What a phone gets first (issue 11, docs/web-performance.md): the public pages arrive
// prerendered, with the hints of their first screen, and nothing moves once painted. Speed itself
// is measured by bench/lighthouse.mjs, not asserted here.

const PUBLIC_PAGES: { path: string; remote: 'public' | 'registration' | 'downloads' | 'schools' }[] = [
  { path: '/', remote: 'public' },
  { path: '/einstein-quest', remote: 'public' },
  { path: '/einstein-quest/about', remote: 'public' },
  { path: '/einstein-quest/exams', remote: 'public' },
  { path: '/einstein-quest/gallery', remote: 'public' },
  { path: '/einstein-quest/contact', remote: 'public' },
  { path: '/einstein-quest/online-registrations', remote: 'registration' },
  { path: '/einstein-quest/downloads', remote: 'downloads' },
  { path: '/einstein-quest/school-portal', remote: 'schools' },
];

const NAV_LINKS = ['Home', 'About Us', 'Exams', 'Downloads', 'Gallery'];

const BRAND = 'KBE Young Scientist Competition';
/** Each public page's own <title> and the start of its meta description (what a search result shows). */
const PAGE_META: [path: string, title: string, description: RegExp][] = [
  ['/', BRAND, /^KBE Young Scientist Competition \d{4}: a science exam for classes V to XII\+/],
  ['/einstein-quest', BRAND, /^KBE Young Scientist Competition \d{4}: a science exam/],
  ['/einstein-quest/about', `About Us - ${BRAND}`, /^Who we are: a young-scientist competition from Nashik/],
  ['/einstein-quest/exams', `Exams - ${BRAND}`, /^Mains, Advanced and Super Advanced: exam format/],
  ['/einstein-quest/gallery', `Gallery - ${BRAND}`, /^Photos and artwork from KBE competitions/],
  ['/einstein-quest/contact', `Contact Us - ${BRAND}`, /^Questions about registration, exams or results\?/],
  ['/einstein-quest/online-registrations', `Online Registration - ${BRAND}`, /^Register your school, its mentors and their candidates online/],
  ['/einstein-quest/downloads', `Downloads - ${BRAND}`, /^Download your hall ticket or certificate/],
  ['/einstein-quest/school-portal', `School portal - ${BRAND}`, /^Schools and mentors sign in with a one-time code/],
];

const titleOf = (page: string) => page.match(/<title>([^<]*)<\/title>/g) ?? [];
const descriptionsOf = (page: string) => [...page.matchAll(/<meta name="description" content="([^"]*)"/g)].map(([, content]) => content.replace(/&amp;/g, '&'));

async function html(path: string): Promise<string> {
  const res = await fetch(`${baseUrl}${path}`);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/html/);
  return res.text();
}

/** The attributes of every `<link>` element of a page's <head>. */
function headLinks(page: string): Record<string, string>[] {
  const head = page.slice(0, page.indexOf('</head>'));
  return [...head.matchAll(/<link\b([^>]*)>/g)].map(([, attributes]) =>
    Object.fromEntries([...attributes.matchAll(/([a-z-]+)="([^"]*)"/g)].map(([, name, value]) => [name, value.replace(/&amp;/g, '&')])),
  );
}

const bodyOf = (page: string) => page.slice(page.indexOf('<body'));

describe('the public pages on a phone', () => {
  describe('the HTML, before any script runs (no browser)', () => {
    it('/ holds the hero heading and the navigation', async () => {
      const body = bodyOf(await html('/'));
      const h1 = body.match(/<h1\b[^>]*>([^<]*)<\/h1>/);
      expect(h1?.[1]).toBe(HERO_SLIDES[0].title);
      const nav = body.match(/<nav\b[^>]*aria-label="Main"[^>]*>([\s\S]*?)<\/nav>/);
      expect(nav).not.toBeNull();
      const labels = [...(nav?.[1] ?? '').matchAll(/<a\b[^>]*>([\s\S]*?)<\/a>/g)].map(([, inner]) => inner.replace(/<[^>]+>/g, '').trim());
      expect(labels).toEqual(expect.arrayContaining(NAV_LINKS));
      // The page body comes before the footer in the markup: the footer is never painted first.
      expect(body.indexOf('data-testid="hero-slider"')).toBeGreaterThan(0);
      expect(body.indexOf('<footer')).toBeGreaterThan(body.indexOf('data-testid="hero-slider"'));
    });

    it.each(PUBLIC_PAGES.map((p) => [p.path, p.remote]))('%s is prerendered by the %s remote, in place', async (path, remote) => {
      const body = bodyOf(await html(path));
      expect(body).toMatch(new RegExp(`data-testid="remote-${remote}"`));
      expect(body).toMatch(/<h1\b/);
      expect(body).toMatch(/<footer\b/);
      // shown as it is: no section sent hidden behind a loading state to be swapped in by a script
      expect(body).not.toMatch(/<div hidden id="S:/);
      expect(body).not.toMatch(/>Loading/);
      const inlineScripts = [...body.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(([, attributes]) => !/\bsrc=/.test(attributes));
      expect(inlineScripts).toEqual([]);
    });

    it('/einstein-quest/downloads?verify=<token> (a QR code\'s link) is prerendered as the verification, not the search', async () => {
      const body = bodyOf(await html('/einstein-quest/downloads?verify=KBE123456ABC.H.2025.abc'));
      expect(body).toMatch(/data-testid="document-verification"/);
      expect(body).not.toMatch(/Search Candidate/);
    });

    it('/ links the stylesheet and preloads the hero image (high priority), the remote entry and the page chunk (low: only hydration needs them)', async () => {
      const links = headLinks(await html('/'));
      expect(links.filter((l) => l['rel'] === 'stylesheet').length).toBeGreaterThan(0);
      const hero = links.find((l) => l['rel'] === 'preload' && l['as'] === 'image');
      expect(hero).toEqual(expect.objectContaining({ fetchpriority: 'high', imagesizes: '100vw' }));
      expect(hero?.['href']).toMatch(new RegExp(`/remotes/public/assets/generated/${HERO_SLIDES[0].image}-\\d+\\.webp$`));
      const scriptLinks = links.filter((l) => l['rel'] === 'preload' && l['as'] === 'script');
      expect(scriptLinks.filter((l) => l['fetchpriority'] !== 'low')).toEqual([]);
      const scripts = scriptLinks.map((l) => l['href']);
      expect(scripts).toEqual(expect.arrayContaining(['/remotes/public/remoteEntry.js']));
      expect(scripts.some((href) => /^\/remotes\/public\/page-home\.[0-9a-f]+\.js$/.test(href))).toBe(true);
      expect(scripts.some((href) => /^\/bootstrap\.[0-9a-f]+\.js$/.test(href))).toBe(true);
    });

    it.each(PUBLIC_PAGES.map((p) => [p.path]))('every hint of %s points at a file that is served', async (path) => {
      const links = headLinks(await html(path)).filter((l) => l['rel'] === 'preload' || l['rel'] === 'stylesheet');
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) {
        const res = await fetch(`${baseUrl}${link['href']}`);
        expect({ href: link['href'], status: res.status }).toEqual({ href: link['href'], status: 200 });
      }
    });

    it.each(PAGE_META)('%s has its own title and meta description in the HTML', async (path, title, description) => {
      const head = (await html(path)).split('</head>')[0];
      expect(titleOf(head)).toEqual([`<title>${title}</title>`]);
      const descriptions = descriptionsOf(head);
      expect(descriptions).toHaveLength(1);
      expect(descriptions[0]).toMatch(description);
    });

    it('loads the runtime config without blocking the first paint', async () => {
      const head = (await html('/')).split('</head>')[0];
      const configTag = head.match(/<script\b[^>]*src="\/runtime-config\.js"[^>]*>/)?.[0];
      expect(configTag).toMatch(/\bdefer\b/);
    });
  });

  describe('in Chromium at phone size', () => {
    const chromium = chromiumPerSuite();

    /** A page that records every layout shift from its first paint on, and every console error. */
    async function observedPage(): Promise<{ page: Page; errors: string[] }> {
      const opened = chromium.closeAfterTest(await openPage(chromium.browser, VIEWPORTS.mobile));
      const { page } = opened;
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(error.message));
      await page.addInitScript(() => {
        type Source = { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
        const shifts: { value: number; sources: string[]; context: string }[] = [];
        (window as unknown as { __layoutShifts: typeof shifts }).__layoutShifts = shifts;
        const rect = (r: DOMRectReadOnly) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}x${Math.round(r.height)}`;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Source[] })[]) {
            if (entry.hadRecentInput) continue;
            shifts.push({
              value: entry.value,
              sources: (entry.sources ?? []).map(
                (s) => `${s.node instanceof Element ? `${s.node.tagName.toLowerCase()}.${String(s.node.className).slice(0, 60)}` : String(s.node?.nodeName)} ${rect(s.previousRect)} -> ${rect(s.currentRect)}`,
              ),
              // When and in what state it happened, so that a failure says why (a late stylesheet, the viewport, hydration).
              context: `at ${Math.round(entry.startTime)} ms; ${document.readyState}; viewport ${innerWidth}x${innerHeight}; stylesheets ${Array.from(document.styleSheets, (sheet) => sheet.href?.split('/').pop() ?? 'inline').join(' ')}`,
            });
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      return { page, errors };
    }

    // every page in every language (/mr/..., /hi/...: other words, another font, the same layout)
    const IN_EVERY_LANGUAGE = ['', '/mr', '/hi'].flatMap((prefix) => PUBLIC_PAGES.map((p) => ({ ...p, path: prefix && p.path === '/' ? prefix : `${prefix}${p.path}` })));
    it.each(IN_EVERY_LANGUAGE.map((p) => [p.path, p] as const))('%s does not move once painted and hydrates without errors', async (path, target) => {
      const { page, errors } = await observedPage();
      await page.goto(`${baseUrl}${path}`);
      await waitForInteractive(page, target.remote);
      await page.waitForLoadState('networkidle');
      // Late work (images decoding, a slide's first timer) gets a moment to show a shift.
      await page.waitForTimeout(1000);
      const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts: unknown[] }).__layoutShifts);
      expect({ path, shifts, errors }).toEqual({ path, shifts: [], errors: [] });
    });

    it('hydrates the prerendered registration forms and puts a draft typed before a reload back in place', async () => {
      const { page, errors } = await observedPage();
      await page.goto(`${baseUrl}/einstein-quest/online-registrations`);
      await waitForInteractive(page, 'registration');
      const schoolName = page.getByRole('form', { name: 'School registration' }).getByLabel(/^School Name/);
      await schoolName.fill('Prerendered Draft School');
      await page.reload();
      await waitForInteractive(page, 'registration');
      await expect(schoolName.inputValue()).resolves.toBe('Prerendered Draft School');
      expect(errors).toEqual([]);
    });

    it('moves nothing when the hero slider advances on its own', async () => {
      const { page, errors } = await observedPage();
      await page.goto(`${baseUrl}/einstein-quest`);
      await waitForInteractive(page, 'public');
      // the first automatic advance (every 8 s), without any input that would excuse a shift
      await page.getByTestId('hero-slide-label').filter({ hasText: 'Slide 2 of 4' }).waitFor({ timeout: 20_000 });
      await page.waitForTimeout(1500);
      const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts: unknown[] }).__layoutShifts);
      expect({ shifts, errors }).toEqual({ shifts: [], errors: [] });
    });

    it('paints a page only once its markup is whole: a document that arrives in two pieces moves nothing', async () => {
      // On a slow phone the HTML can arrive (or be parsed) in pieces; a first paint of half the
      // gallery's filter row used to move when the rest came. Here a proxy in front of the site
      // sends the gallery's HTML cut inside that row, the rest 1.5 s later.
      const proxy = await twoPieceProxy('/einstein-quest/gallery', 'aria-pressed', 1_500);
      try {
        const { page, errors } = await observedPage();
        await page.goto(`${proxy.url}/einstein-quest/gallery`);
        await waitForInteractive(page, 'public');
        await page.waitForLoadState('networkidle');
        const shifts = await page.evaluate(() => (window as unknown as { __layoutShifts: unknown[] }).__layoutShifts);
        expect({ shifts, errors }).toEqual({ shifts: [], errors: [] });
        expect(proxy.cutSent()).toBe(true);
      } finally {
        await proxy.close();
      }
    });

    it('loads the code below the fold of / when it is scrolled near, and hydrates it in place', async () => {
      const { page, errors } = await observedPage();
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(`${baseUrl}/`);
      await waitForInteractive(page, 'public');
      await page.waitForLoadState('networkidle');
      const deferred = () => scripts.filter((path) => /^\/remotes\/public\/home-(eligibility|stages|quotes)\./.test(path));
      expect(deferred()).toEqual([]);
      await page.evaluate(() => {
        (window as unknown as { __quotes: Element | null }).__quotes = document.querySelector('[data-testid="quote-carousel"]');
      });
      // (a wait for 'networkidle' would return at once: the page reached that state before the scroll)
      const quotesCode = page.waitForRequest((request) => /^\/remotes\/public\/home-quotes\./.test(new URL(request.url()).pathname), { timeout: 15_000 });
      await page.locator('[data-testid="quote-carousel"]').scrollIntoViewIfNeeded();
      await quotesCode;
      expect(deferred().some((path) => path.includes('home-quotes'))).toBe(true);
      // it answers once its code has arrived (a tap before that is lost, as on any page still loading)
      const second = page.getByRole('button', { name: /^Show quote 2 of/ });
      for (let attempt = 0; attempt < 40 && (await second.getAttribute('aria-current')) !== 'true'; attempt += 1) {
        await second.click();
        await page.waitForTimeout(250);
      }
      expect(await second.getAttribute('aria-current')).toBe('true');
      expect(await page.evaluate(() => (window as unknown as { __quotes: Element | null }).__quotes === document.querySelector('[data-testid="quote-carousel"]'))).toBe(true);
      expect(errors).toEqual([]);
    });

    it('changes the title and meta description with the page on client navigation', async () => {
      const { page } = await observedPage();
      await page.goto(`${baseUrl}/`);
      await waitForInteractive(page, 'public');
      const requests: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'document') requests.push(request.url());
      });
      await page.getByRole('navigation', { name: 'Quick Links' }).getByRole('link', { name: 'Exams', exact: true }).click();
      await page.waitForURL(`${baseUrl}/einstein-quest/exams`);
      await page.waitForFunction((expected) => document.title === expected, `Exams - ${BRAND}`, { timeout: 15_000 });
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description).toMatch(/^Mains, Advanced and Super Advanced: exam format/);
      expect(await page.locator('meta[name="description"]').count()).toBe(1);
      // a client navigation: no new document was loaded
      expect(requests).toEqual([]);
    });

    it('hydrates / instead of painting it again: the prerendered hero heading is the same element after hydration', async () => {
      const { page } = await observedPage();
      await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
      await page.waitForSelector('h1');
      await page.evaluate(() => {
        (window as unknown as { __firstH1: Element | null }).__firstH1 = document.querySelector('h1');
      });
      await waitForInteractive(page, 'public');
      expect(await page.evaluate(() => (window as unknown as { __firstH1: Element | null }).__firstH1 === document.querySelector('h1'))).toBe(true);
      // the stylesheet the HTML links is the one the shell's code uses: not added (and the page restyled) a second time
      const stylesheets = await page.evaluate(() => [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => new URL(link.href).pathname));
      expect(stylesheets.length).toBeGreaterThan(0);
      expect(stylesheets).toEqual([...new Set(stylesheets)]);
      // and it answers clicks: the slider moves
      await page.getByRole('button', { name: 'Next slide' }).click();
      await page.getByText('Slide 2 of 4').waitFor({ state: 'visible' });
    });
  });
});

/**
 * A proxy to the site that sends the HTML of `path` in two pieces: up to the end of the start tag
 * of the third element carrying `marker`, then the rest after `pauseMs`. Everything else passes through.
 */
async function twoPieceProxy(path: string, marker: string, pauseMs: number): Promise<{ url: string; cutSent: () => boolean; close: () => Promise<void> }> {
  let cut = false;
  const server: Server = createServer((request, response) => {
    void (async () => {
      const upstream = await fetch(`${baseUrl}${request.url}`, { headers: { accept: request.headers.accept ?? '*/*', 'accept-encoding': 'identity' } });
      const body = Buffer.from(await upstream.arrayBuffer());
      const passed = [...upstream.headers].filter(([name]) => !['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name));
      response.writeHead(upstream.status, Object.fromEntries(passed));
      if (request.url !== path) return response.end(body);
      const text = body.toString('utf8');
      let at = -1;
      for (let n = 0; n < 3; n += 1) at = text.indexOf(marker, at + 1);
      if (at < 0) throw new Error(`${path} has fewer than three "${marker}"`);
      const end = text.indexOf('>', at) + 1;
      response.write(text.slice(0, end));
      cut = true;
      setTimeout(() => response.end(text.slice(end)), pauseMs);
    })().catch((error: unknown) => response.destroy(error instanceof Error ? error : new Error(String(error))));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    cutSent: () => cut,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
