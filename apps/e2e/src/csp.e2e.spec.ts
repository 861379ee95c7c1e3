import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import { baseUrl, chromiumPerSuite, openPage, screenshot } from './support/browser';
import { parseCsp, securityPolicy } from './support/security-policy';
import { waitForInteractive } from './support/interactive';

// Every page with the Content-Security-Policy enforced (the edge sends it, the browser applies
// it): no violation is raised on the page (securitypolicyviolation events) nor reported to the
// endpoint (report-uri requests, seen through the DevTools protocol), and each page still
// renders its remote (module federation included).

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/** A report the browser sent to the policy's report-uri, and the endpoint's answer. */
interface SentReport {
  requestId: string;
  url: string;
  status?: number;
}

const PAGES: { path: string; remote: 'public' | 'registration' | 'downloads' | 'schools' | 'admin'; text?: string }[] = [
  { path: '/', remote: 'public', text: 'Slide 1 of 4' },
  { path: '/einstein-quest', remote: 'public', text: 'Our Global Impact' },
  { path: '/einstein-quest/about', remote: 'public', text: 'Our Mission' },
  { path: '/einstein-quest/exams', remote: 'public', text: 'Merit-Based Selection' },
  { path: '/einstein-quest/gallery', remote: 'public', text: 'KBE Gallery' },
  { path: '/einstein-quest/contact', remote: 'public', text: 'Send us a Message' },
  { path: '/einstein-quest/no-such-page', remote: 'public', text: 'Page Not Found' },
  { path: '/einstein-quest/online-registrations', remote: 'registration', text: 'School Registration' },
  { path: '/einstein-quest/downloads', remote: 'downloads', text: 'Downloads' },
  { path: '/einstein-quest/school-portal', remote: 'schools', text: 'School portal' },
  // the admin remote's pages are being built: its marker is enough
  { path: '/admin/login', remote: 'admin' },
  { path: '/admin/test', remote: 'admin' },
  { path: '/admin/dashboard', remote: 'admin' },
];

/** A page that records CSP violations from its first script on, and every report sent to the endpoint. */
async function watchedPage(browser: Browser): Promise<{ context: BrowserContext; page: Page; cdp: CDPSession; reports: SentReport[] }> {
  const { context, page } = await openPage(browser);
  // Init scripts are evaluated by the DevTools protocol, so the page's CSP does not apply to them.
  await page.addInitScript(() => {
    const store: unknown[] = [];
    (window as unknown as { __cspViolations: unknown[] }).__cspViolations = store;
    document.addEventListener('securitypolicyviolation', (event) =>
      store.push({ directive: event.effectiveDirective, blocked: event.blockedURI, source: `${event.sourceFile}:${event.lineNumber}` }),
    );
  });
  const cdp = await context.newCDPSession(page);
  const reports: SentReport[] = [];
  cdp.on('Network.requestWillBeSent', ({ requestId, request }: { requestId: string; request: { url: string } }) => {
    if (new URL(request.url).pathname === securityPolicy.reporting.path) reports.push({ requestId, url: request.url });
  });
  cdp.on('Network.responseReceived', ({ requestId, response }: { requestId: string; response: { status: number } }) => {
    const report = reports.find((r) => r.requestId === requestId);
    if (report) report.status = response.status;
  });
  await cdp.send('Network.enable');
  return { context, page, cdp, reports };
}

const violationsOf = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);

describe('the pages under the enforced Content-Security-Policy', () => {
  const chromium = chromiumPerSuite();

  it.each(PAGES.map((p) => [p.path, p] as const))('%s works and reports no violation', async (_path, target) => {
    const watched = chromium.closeAfterTest(await watchedPage(chromium.browser));
    const { page } = watched;
    const entry = page.waitForResponse((res) => res.url().endsWith(`/remotes/${target.remote}/remoteEntry.js`));
    const response = await page.goto(`${baseUrl}${target.path}`);
    expect(parseCsp(response?.headers()['content-security-policy'] ?? null)['script-src']).toEqual(["'self'"]);
    expect((await entry).status()).toBe(200);
    const remote = page.locator(`[data-testid="remote-${target.remote}"]`).first();
    await remote.waitFor({ state: 'visible', timeout: 30_000 });
    if (target.text) await page.getByText(target.text).first().waitFor({ state: 'visible', timeout: 15_000 });
    // Let late scripts and styles (lazy chunks, fonts, images) load before counting.
    await page.waitForLoadState('networkidle');
    expect({ path: target.path, violations: await violationsOf(page), reports: watched.reports }).toEqual({ path: target.path, violations: [], reports: [] });
    await screenshot(page, `csp${target.path.replace(/\//g, '-') || '-root'}`);
  });

  it('keeps working through dialogs and client-side navigation (mobile drawer, registration tabs)', async () => {
    const watched = chromium.closeAfterTest(await watchedPage(chromium.browser));
    const { page } = watched;
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${baseUrl}/einstein-quest`);
    await waitForInteractive(page, 'public');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor({ state: 'visible' });
    await drawer.getByRole('link', { name: /Register for the \d{4} edition/ }).click();
    await page.waitForURL(`${baseUrl}/einstein-quest/online-registrations`);
    await waitForInteractive(page, 'registration');
    await page.getByRole('tab', { name: 'Candidate Registration' }).click();
    await page.getByRole('button', { name: 'Register Candidate' }).waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    expect({ violations: await violationsOf(page), reports: watched.reports }).toEqual({ violations: [], reports: [] });
  });

  it('refuses an injected inline script, raises the violation and reports it to the endpoint', async () => {
    const watched = chromium.closeAfterTest(await watchedPage(chromium.browser));
    const { page } = watched;
    await page.goto(`${baseUrl}/einstein-quest/about`);
    await page.locator('[data-testid="remote-public"]').first().waitFor({ state: 'visible', timeout: 30_000 });
    // What an XSS would do: insert a script element with code in it.
    await page.evaluate(() => {
      const script = document.createElement('script');
      script.textContent = 'window.__injected = true;';
      document.head.append(script);
    });
    await page.waitForFunction(() => (window as unknown as { __cspViolations: unknown[] }).__cspViolations.length > 0);
    expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
    expect(await violationsOf(page)).toEqual([expect.objectContaining({ directive: 'script-src-elem', blocked: 'inline' })]);
    // The browser sends the report to the policy's report-uri; the endpoint takes it (204).
    const deadline = Date.now() + 10_000;
    while (!watched.reports.some((r) => r.status !== undefined) && Date.now() < deadline) await page.waitForTimeout(100);
    expect(watched.reports).toEqual([expect.objectContaining({ url: `${baseUrl}${securityPolicy.reporting.path}`, status: 204 })]);
  });
});
