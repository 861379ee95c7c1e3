import type { Browser, BrowserContext, Page } from 'playwright-core';

import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser, openPage, screenshot } from './support/browser';
import { VIEWPORTS, horizontalOverflow } from './support/layout';

/**
 * The exam centres screens through the one URL, every service real: log in with the run's admin
 * account, add a centre with a room and a Mains sitting through the form, find it in the list, run
 * a dry run of the Mains allocation and read the centre's room in its report, ask for its printed
 * lists (refused: no seats) and open its attendance. The screen (and the form) pass axe at 1280 px and 375 px and never scroll sideways on a phone.
 */
const adminUsername = process.env['KBE_E2E_ADMIN_USERNAME'];
const adminPassword = process.env['KBE_E2E_ADMIN_PASSWORD'];
const code = `EC${String(Date.now()).slice(-8)}`;
const centreName = `Journey Centre ${code}`;

async function checkPage(page: Page, name: string): Promise<void> {
  for (const [width, size] of [['1280', VIEWPORTS.desktop], ['375', VIEWPORTS.mobile]] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150); // tables re-lay out
    await expectNoAxeViolations(page, `${name} at ${width} px`);
    await screenshot(page, `exam-centres-${name}-${width}`);
    if (width === '375') {
      const overflow = await horizontalOverflow(page);
      if (overflow.scrollWidth > overflow.innerWidth + 1) {
        throw new Error(`${name} scrolls sideways at 375 px (${overflow.scrollWidth} > ${overflow.innerWidth}): ${overflow.widest.join(', ')}`);
      }
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

describe('exam centres screens', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    if (!adminUsername || !adminPassword) throw new Error('KBE_E2E_ADMIN_USERNAME / KBE_E2E_ADMIN_PASSWORD are not set: run through tools/test/e2e-run.mjs');
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser, VIEWPORTS.desktop));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
  });

  it('logs in and opens the Exam centres tab', async () => {
    await page.goto(`${baseUrl}/admin/login`);
    await page.getByLabel('Username').fill(adminUsername as string);
    await page.getByLabel('Password').fill(adminPassword as string);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await page.getByRole('tab', { name: 'Exam centres', exact: true }).click();
    await page.getByRole('heading', { name: 'Exam centres', level: 2 }).waitFor();
  }, 60_000);

  it('adds a centre with a room and a Mains sitting through the form, and finds it in the list', async () => {
    await page.getByRole('button', { name: 'Add centre', exact: true }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Centre code').fill(code.toLowerCase());
    await form.getByLabel('Centre name').fill(centreName);
    await form.getByLabel('Address').fill('Station road, Journeypur');
    await form.getByLabel('District').fill('Nashik');
    await form.getByLabel('Taluka').fill('Nashik');
    await form.getByLabel('Contact (10-digit mobile number)').fill('9876543210');
    const room = form.getByRole('group', { name: 'Room 1' });
    await room.getByLabel('Room name').fill('Hall A');
    await room.getByLabel('Capacity').fill('40');
    await form.getByRole('button', { name: 'Add sitting' }).click();
    const sitting = form.getByRole('group', { name: 'Sitting 1' });
    await sitting.getByLabel('Level').selectOption('Mains');
    await sitting.getByLabel('Category').selectOption('Prime');
    await sitting.getByLabel('Date').fill('2027-01-17');
    await sitting.getByLabel('Start time').fill('10:30');
    await sitting.getByLabel('Reporting time').fill('09:45');
    await checkPage(page, 'add-form');

    const created = page.waitForResponse((res) => res.url().endsWith('/api/admin/centres') && res.request().method() === 'POST');
    await form.getByRole('button', { name: 'Add centre', exact: true }).click();
    expect((await created).status()).toBe(201);
    await page.getByText(`${centreName} was added as ${code}`, { exact: false }).first().waitFor({ timeout: 20_000 });
    await form.waitFor({ state: 'detached' });

    await page.getByLabel('Search by code, name, district or taluka').fill(code);
    const row = page.getByRole('table', { name: 'Exam centres' }).getByRole('row').filter({ hasText: code });
    await row.waitFor();
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells.slice(0, 7)).toEqual([code, centreName, 'Nashik', 'Nashik', '1', '40', '1']);
  }, 60_000);

  it('runs a dry run of the Mains allocation and shows the centre’s room in the report', async () => {
    await page.getByLabel('Level', { exact: true }).selectOption('Mains');
    const started = page.waitForResponse((res) => res.url().endsWith('/api/admin/seat-allocation') && res.request().method() === 'POST');
    await page.getByRole('button', { name: 'Dry run' }).click();
    expect((await started).status()).toBe(202);
    await page.getByRole('heading', { name: 'Dry run of the Mains allocation' }).waitFor({ timeout: 60_000 });
    await page.getByLabel('Show the rooms of centres whose code starts with').fill(code);
    const room = page.getByRole('table', { name: 'Rooms of the Mains sittings' }).getByRole('row').filter({ hasText: code });
    await room.waitFor();
    const [centre, name, paper, use] = await room.getByRole('cell').allTextContents();
    expect([centre, name, paper]).toEqual([code, 'Hall A', 'Mains Prime, 2027-01-17 10:30']);
    expect(use).toMatch(/^\d+ \/ 40/);
    await checkPage(page, 'tab-with-report');
  }, 120_000);

  it('asks for the printed lists of the centre (no seats yet: the server’s message) and opens its attendance (no rooms yet)', async () => {
    const row = page.getByRole('table', { name: 'Exam centres' }).getByRole('row').filter({ hasText: code });
    await row.getByRole('button', { name: `Printed lists of centre ${code}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: 'Attendance sheets' }).click();
    await dialog.getByText(`Centre ${code} has no seats allocated`, { exact: false }).waitFor({ timeout: 20_000 });
    await checkPage(page, 'printed-lists');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: `Attendance at centre ${code}` }).click();
    await page.getByRole('heading', { name: `Attendance at ${code}` }).waitFor();
    await page.getByText(`No Mains seats are allocated at ${code}.`).waitFor({ timeout: 20_000 });
    await checkPage(page, 'tab-with-attendance');
  }, 60_000);
});
