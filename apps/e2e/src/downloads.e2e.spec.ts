import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser, openPage, screenshot } from './support/browser';
import { candidateFormData, mentorPayload, schoolPayload } from './support/registration-payloads';
import { makeTestImages, type TestImages } from './support/test-images';
import { waitForInteractive } from './support/interactive';

const DOWNLOADS_PATH = '/einstein-quest/downloads';
/** registration-service's internal API (not routed by the edge): releases the hall ticket as the admin service would. */
const registrationUrl = process.env['REGISTRATION_SERVICE_URL'] ?? 'http://127.0.0.1:3101';
const internalToken = process.env['INTERNAL_API_TOKEN'] ?? '';
const screenshotsDir = join(__dirname, '../../../screenshots');

const MOTHER_NAME = 'Sunanda Joshi';

async function api<T>(path: string, init: RequestInit & { base?: string } = {}): Promise<T> {
  const response = await fetch(`${init.base ?? baseUrl}${path}`, init);
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

/** School -> mentor -> candidate through the public API at the one URL; returns the candidate code. */
async function registerCandidate(images: TestImages): Promise<string> {
  const school = await api<{ schoolCode: string }>('/api/schools/register', json(schoolPayload({ udiseCode: `27${Date.now().toString().slice(-9)}` })));
  const mentor = await api<{ mentorCode: string }>('/api/mentors/register', json(mentorPayload(school.schoolCode, { contact: `97${Date.now().toString().slice(-8)}` })));
  const form = candidateFormData(
    mentor.mentorCode,
    {
      personalDetails: { fullName: 'Neha Joshi', motherName: MOTHER_NAME },
      contactDetails: { phoneNumber: `96${Date.now().toString().slice(-8)}` },
    },
    { photo: readFileSync(images.photoJpeg), signature: readFileSync(images.signaturePng) },
  );
  const candidate = await api<{ candidateCode: string }>('/api/candidates/register', { method: 'POST', body: form });
  return candidate.candidateCode;
}

async function releaseHallTicket(code: string): Promise<void> {
  const headers = { 'content-type': 'application/json', 'x-internal-token': internalToken };
  await api(`/internal/candidates/${code}/fees-paid`, { base: registrationUrl, method: 'PATCH', headers, body: JSON.stringify({ feesPaid: true }) });
  await api(`/internal/candidates/${code}/hall-ticket`, { base: registrationUrl, method: 'PATCH', headers, body: JSON.stringify({ hallTicketReleased: true }) });
}

function toast(page: Page, title: string): Locator {
  return page.getByRole('region', { name: /notifications/i }).getByText(title, { exact: true }).first();
}

describe('downloads: search, verify with the mother name, download the hall ticket', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let images: TestImages;
  let candidateCode: string;
  let downloadDir: string;

  beforeAll(async () => {
    if (!internalToken) throw new Error('INTERNAL_API_TOKEN is not set (npm test passes the stack profile\'s token to the journeys)');
    images = await makeTestImages();
    candidateCode = await registerCandidate(images);
    downloadDir = mkdtempSync(join(tmpdir(), 'kbe-e2e-downloads-'));
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser));
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    images?.cleanup();
    if (downloadDir) rmSync(downloadDir, { recursive: true, force: true });
  });

  it('walks the three steps and saves {code}_hallticket.pdf', async () => {
    await page.goto(`${baseUrl}${DOWNLOADS_PATH}`);
    await waitForInteractive(page, 'downloads');
    const number = page.getByLabel('Registration Number');
    await expect(number.getAttribute('maxlength')).resolves.toBe('20');
    await expect(page.getByLabel('Hall Ticket').isChecked()).resolves.toBe(true);

    // Empty search: the Validation Error toast.
    await page.getByRole('button', { name: 'Search Candidate' }).click();
    await toast(page, 'Validation Error').waitFor({ state: 'visible' });

    // Step 1: search, typed in lower case (the input upper-cases it).
    await number.fill(candidateCode.toLowerCase());
    await expect(number.inputValue()).resolves.toBe(candidateCode);
    await screenshot(page, 'downloads-1-search');
    await page.getByRole('button', { name: 'Search Candidate' }).click();

    // Step 2: verify. Not released yet: the server says so.
    const details = page.getByTestId('candidate-details');
    await details.waitFor({ state: 'visible' });
    await expect(details.innerText()).resolves.toContain('Neha Joshi');
    await expect(details.innerText()).resolves.toMatch(/\*{6}\d{4}/);
    await expect(page.getByTestId('availability-hall-ticket').innerText()).resolves.toContain('Not Released');
    await page.getByLabel("Mother's Name").fill(MOTHER_NAME);
    await page.getByRole('button', { name: 'Verify & Download' }).click();
    await toast(page, 'Hall Ticket Not Available').waitFor({ state: 'visible' });

    // Wrong name: refused by the server, what was typed stays.
    await releaseHallTicket(candidateCode);
    await page.getByLabel("Mother's Name").fill('Someone Else');
    await page.getByRole('button', { name: 'Verify & Download' }).click();
    await toast(page, 'Verification Failed').waitFor({ state: 'visible' });
    await expect(page.getByLabel("Mother's Name").inputValue()).resolves.toBe('Someone Else');
    await expectNoAxeViolations(page, 'downloads verify step');
    await screenshot(page, 'downloads-2-verify');

    // Step 3: the right name, in another case: the PDF is saved under the spec's file name.
    await page.getByLabel("Mother's Name").fill(MOTHER_NAME.toUpperCase());
    const [download] = await Promise.all([
      page.waitForEvent('download', { timeout: 60_000 }),
      page.getByRole('button', { name: 'Verify & Download' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${candidateCode}_hallticket.pdf`);
    const saved = join(downloadDir, download.suggestedFilename());
    await download.saveAs(saved);
    expect(statSync(saved).size).toBeGreaterThan(10_000);
    expect(readFileSync(saved).subarray(0, 4).toString()).toBe('%PDF');

    await toast(page, 'Download Successful').waitFor({ state: 'visible' });
    await expect(page.getByTestId('downloaded-file-name').innerText()).resolves.toBe(`${candidateCode}_hallticket.pdf`);
    await screenshot(page, 'downloads-3-done');

    // The hall ticket's first page as PNG, for review.
    mkdirSync(screenshotsDir, { recursive: true });
    execFileSync('pdftoppm', ['-png', '-r', '110', '-f', '1', '-l', '1', '-singlefile', saved, join(downloadDir, 'page')]);
    copyFileSync(join(downloadDir, 'page.png'), join(screenshotsDir, 'hall-ticket-page-1.png'));

    // 'Download Another Document' resets everything.
    await page.getByRole('button', { name: 'Download Another Document' }).click();
    await expect(page.getByLabel('Registration Number').inputValue()).resolves.toBe('');
    await expect(page.getByLabel('Hall Ticket').isChecked()).resolves.toBe(true);
  }, 180_000);
});
