import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PORTAL_CSV_COLUMNS, PORTAL_MESSAGES, PORTAL_PAGE_PATH, PORTAL_PATHS } from '@kbe/contracts';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser, openPage, screenshot } from './support/browser';
import { waitForInteractive } from './support/interactive';
import { horizontalOverflow, VIEWPORTS } from './support/layout';
import { candidateFormData, mentorPayload, schoolPayload } from './support/registration-payloads';
import { askForCode, openPortal, signIn, textWhen } from './support/school-portal';
import { makeTestImages, type TestImages } from './support/test-images';

/**
 * The school and mentor portal (issue 27) through the one URL: a school, a mentor and a pupil
 * registered through the API; the school signs in with the code the SMS carried (the console SMS
 * provider's log, support/sms-log.ts), sees its pupil with the pupil's statuses, filters, exports
 * the CSV, sees its mentor and signs out; the mentor signs in on a phone (375 px).
 */
const SUFFIX = Date.now().toString().slice(-8);
const SCHOOL_NAME = 'Portal Journey High School';
const MENTOR_NAME = 'Sunita Apte';
const PUPIL_NAME = 'Ishaan Kelkar';

const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, init);
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

interface Registered {
  schoolCode: string;
  mentorCode: string;
  candidateCode: string;
}

/** School -> mentor -> pupil through the public API, each with a mobile of its own (the OTPs go there; 5 a day per number). */
async function register(images: TestImages): Promise<Registered> {
  const { schoolCode } = await api<{ schoolCode: string }>(
    '/api/schools/register',
    json(schoolPayload({ schoolName: SCHOOL_NAME, udiseCode: `27${SUFFIX}0`, contact: `97${SUFFIX}` })),
  );
  const { mentorCode } = await api<{ mentorCode: string }>('/api/mentors/register', json(mentorPayload(schoolCode, { name: MENTOR_NAME, contact: `96${SUFFIX}` })));
  const form = candidateFormData(
    mentorCode,
    { personalDetails: { fullName: PUPIL_NAME }, contactDetails: { phoneNumber: `95${SUFFIX}` } },
    { photo: readFileSync(images.photoJpeg), signature: readFileSync(images.signaturePng) },
  );
  const { candidateCode } = await api<{ candidateCode: string }>('/api/candidates/register', { method: 'POST', body: form });
  return { schoolCode, mentorCode, candidateCode };
}

/**
 * Waits until the pupil is listed. The list is the candidate directory's (a read model): a pupil
 * registered a moment ago may need another look, which a new search asks for.
 */
async function untilListed(page: Page, within: 'pupil-table' | 'pupil-cards'): Promise<void> {
  const search = page.getByLabel('Search by name or candidate code');
  for (let attempt = 0; ; attempt += 1) {
    try {
      await page.getByTestId(within).getByText(PUPIL_NAME).waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= 6) throw error;
      await search.fill(attempt % 2 === 0 ? PUPIL_NAME.split(' ')[0] : '');
    }
  }
}

/** Clicks a button that saves a file and answers the browser's download. */
async function downloadBy(page: Page, buttonName: string): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: buttonName }).click()]);
  return download;
}

describe('the school and mentor portal', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let images: TestImages;
  let registered: Registered;
  let downloadDir: string;

  beforeAll(async () => {
    images = await makeTestImages();
    registered = await register(images);
    downloadDir = mkdtempSync(join(tmpdir(), 'kbe-e2e-portal-'));
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser));
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    images?.cleanup();
    if (downloadDir) rmSync(downloadDir, { recursive: true, force: true });
  });

  it('is reached from the footer and is axe clean before signing in', async () => {
    await page.goto(`${baseUrl}/einstein-quest/about`);
    await waitForInteractive(page, 'public');
    await page.getByRole('navigation', { name: 'Quick Links' }).getByRole('link', { name: 'School portal' }).click();
    await page.waitForURL(`${baseUrl}${PORTAL_PAGE_PATH}`);
    await waitForInteractive(page, 'schools');
    await page.getByLabel('School code or mentor code').waitFor();
    await expectNoAxeViolations(page, 'school portal sign-in');
  }, 60_000);

  it('signs the school in with the code from the SMS, after a wrong one shown beside its field', async () => {
    await openPortal(page);
    const code = await askForCode(page, registered.schoolCode);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const field = page.getByLabel('6-digit code');
    await field.fill(wrong);
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await textWhen(page, 'otp-error', PORTAL_MESSAGES.otpWrong)).toBe(PORTAL_MESSAGES.otpWrong);
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(field.inputValue()).resolves.toBe(wrong);
    await expect(page.getByRole('button', { name: /^Send a new code in \d+ seconds?$/ }).isDisabled()).resolves.toBe(true);

    await signIn(page, code, SCHOOL_NAME);
    await expect(page.getByTestId('portal-code').innerText()).resolves.toBe(registered.schoolCode);
    // the session is the tab's (sessionStorage), never kept on the computer (localStorage)
    const stored = await page.evaluate(() => [sessionStorage.getItem('kbe.schoolPortal.session') !== null, localStorage.getItem('kbe.schoolPortal.session')]);
    expect(stored).toEqual([true, null]);
  }, 120_000);

  it('shows the pupil with its statuses and the counts, filters, exports the CSV, lists the mentor; axe clean', async () => {
    await untilListed(page, 'pupil-table');
    const row = page.getByTestId('pupil-table').getByRole('row').filter({ hasText: PUPIL_NAME });
    await expect(row.getByRole('rowheader').innerText()).resolves.toContain(registered.candidateCode);
    // Category · standard, mentor, consent, fees, photo and signature, hall ticket, certificate. The
    // e2e profile records consent at registration (TEST_DATA_CONSENT); fees are not paid yet.
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells.slice(1)).toEqual([registered.mentorCode, 'Given', 'Not paid', 'Both present', 'Not yet', 'Not yet']);
    await expect(page.getByTestId('count-candidates').innerText()).resolves.toMatch(/Pupils\s*1$/);
    await expect(page.getByTestId('count-consentGiven').innerText()).resolves.toMatch(/Consent given\s*1$/);
    await expect(page.getByTestId('count-consentPending').innerText()).resolves.toMatch(/Consent pending\s*0$/);
    await expect(page.getByTestId('count-missingFiles').innerText()).resolves.toMatch(/Photo or signature missing\s*0$/);
    await expectNoAxeViolations(page, 'school portal overview');

    await page.getByLabel('Fees').selectOption('paid');
    await page.getByTestId('no-pupils').waitFor();
    await expect(page.getByTestId('no-pupils').innerText()).resolves.toBe('No pupils match these filters.');
    await page.getByLabel('Fees').selectOption('unpaid');
    await page.getByLabel('Consent').selectOption('given');
    await page.getByTestId('pupil-table').getByText(PUPIL_NAME).waitFor();

    const csv = await downloadBy(page, 'Download CSV');
    expect(csv.suggestedFilename()).toMatch(new RegExp(`^school-portal-${registered.schoolCode}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    await csv.saveAs(join(downloadDir, 'pupils.csv'));
    const lines = readFileSync(join(downloadDir, 'pupils.csv'), 'utf8').replace(/^\uFEFF/, '').trim().split(/\r?\n/);
    expect(lines[0].split(',').map((cell) => cell.replace(/^"|"$/g, ''))).toEqual([...PORTAL_CSV_COLUMNS]);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(registered.candidateCode);
    expect(lines[1]).toContain(PUPIL_NAME);

    await page.getByRole('tab', { name: 'Mentors' }).click();
    const mentors = page.getByTestId('mentor-list');
    await expect(mentors.getByRole('listitem').allInnerTexts()).resolves.toEqual([expect.stringContaining(MENTOR_NAME)]);
    await expect(mentors.innerText()).resolves.toContain(registered.mentorCode);
    await expectNoAxeViolations(page, 'school portal mentors');
    await screenshot(page, 'school-portal-overview');
  }, 120_000);

  it('signs out: the sign-in form again, and the token no longer works', async () => {
    const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('kbe.schoolPortal.session') ?? '{}') as { token?: string }).token);
    expect(token).toEqual(expect.any(String));
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('School code or mentor code').waitFor();
    await expect(page.evaluate(() => sessionStorage.getItem('kbe.schoolPortal.session'))).resolves.toBeNull();
    const me = await fetch(`${baseUrl}${PORTAL_PATHS.me}`, { headers: { authorization: `Bearer ${token}` } });
    expect(me.status).toBe(401);
  }, 60_000);

  it('works on a phone (375 px): the mentor signs in and sees the pupil as a card, nothing scrolls sideways; axe clean', async () => {
    const phone = await openPage(browser, VIEWPORTS.mobile);
    try {
      const mobile = phone.page;
      await openPortal(mobile);
      const signInOverflow = await horizontalOverflow(mobile);
      expect(signInOverflow.scrollWidth).toBeLessThanOrEqual(signInOverflow.innerWidth);
      const code = await askForCode(mobile, registered.mentorCode);
      await signIn(mobile, code, MENTOR_NAME);
      await untilListed(mobile, 'pupil-cards');
      const card = mobile.getByTestId('pupil-cards').getByRole('listitem').filter({ hasText: PUPIL_NAME });
      await expect(card.innerText()).resolves.toContain('Consent: Given');
      await expect(mobile.getByTestId('pupil-table').isVisible()).resolves.toBe(false);
      // a mentor sees their own pupils: no mentors, no template
      await expect(mobile.getByRole('tab').count()).resolves.toBe(0);
      const overflow = await horizontalOverflow(mobile);
      expect(overflow.widest).toEqual([]);
      expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.innerWidth);
      await expectNoAxeViolations(mobile, 'school portal overview at 375 px');
      await screenshot(mobile, 'school-portal-mentor-phone');
    } finally {
      await phone.context.close();
    }
  }, 120_000);
});
