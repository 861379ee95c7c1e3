import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PATHS, DATA_REQUEST_DUE_DAYS, DATA_RIGHTS_MESSAGES, requestRecordedMessage, type CandidateDataExport } from '@kbe/contracts';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser, openPage, screenshot } from './support/browser';
import { waitForInteractive } from './support/interactive';
import { candidateFormData, mentorPayload, schoolPayload } from './support/registration-payloads';
import { codeFromSmsLog, smsLogMark } from './support/sms-log';
import { makeTestImages, type TestImages } from './support/test-images';

/**
 * A parent's data rights (issue 25, DPDP Act) on the consent page through the one URL: a
 * data-request code opens the data to download (JSON and PDF) and to ask for a correction; a
 * withdrawal code withdraws consent, after which the downloads page and the search say the
 * registration was withdrawn. The codes are the real ones: the SMS notifications-service's console
 * provider writes to its log (support/sms-log.ts).
 */
const FULL_NAME = 'Kavya Deshpande';
const DOWNLOADS_PATH = '/einstein-quest/downloads';
const DAY_MS = 24 * 3600 * 1000;

const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, init);
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** School -> mentor -> candidate through the public API; the codes go to the candidate's own mobile. */
async function registerCandidate(images: TestImages): Promise<string> {
  const school = await api<{ schoolCode: string }>('/api/schools/register', json(schoolPayload({ udiseCode: `27${Date.now().toString().slice(-9)}` })));
  const mentor = await api<{ mentorCode: string }>('/api/mentors/register', json(mentorPayload(school.schoolCode, { contact: `93${Date.now().toString().slice(-8)}` })));
  const form = candidateFormData(
    mentor.mentorCode,
    { personalDetails: { fullName: FULL_NAME }, contactDetails: { phoneNumber: `92${Date.now().toString().slice(-8)}` } },
    { photo: readFileSync(images.photoJpeg), signature: readFileSync(images.signaturePng) },
  );
  return (await api<{ candidateCode: string }>('/api/candidates/register', { method: 'POST', body: form })).candidateCode;
}

/** Clicks a button that saves a file and answers the browser's download. */
async function downloadBy(page: Page, buttonName: string): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: buttonName }).click()]);
  return download;
}

describe("a parent's data rights on the consent page", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let images: TestImages;
  let candidateCode: string;
  let downloadDir: string;

  beforeAll(async () => {
    images = await makeTestImages();
    candidateCode = await registerCandidate(images);
    downloadDir = mkdtempSync(join(tmpdir(), 'kbe-e2e-guardian-'));
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser));
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    images?.cleanup();
    if (downloadDir) rmSync(downloadDir, { recursive: true, force: true });
  });

  it('opens the data with the code from the SMS, downloads it as JSON and PDF, and files a correction listed as open', async () => {
    await page.goto(`${baseUrl}/einstein-quest/parental-consent/${candidateCode}`);
    await waitForInteractive(page, 'public');
    await page.getByRole('heading', { name: "Your child's data", exact: true }).waitFor();

    const mark = smsLogMark();
    await page.getByRole('button', { name: 'Send data-request code' }).click();
    await expect(page.getByTestId('data-code-sent').innerText()).resolves.toMatch(/A 6-digit code was sent by SMS to \*{6}\d{4}\./);
    const code = await codeFromSmsLog(candidateCode, 'data-request-otp', mark);
    await page.getByLabel('Data-request code').fill(code);
    await page.getByRole('button', { name: 'Confirm code' }).click();
    await expect(page.getByTestId('data-session').innerText()).resolves.toContain(DATA_RIGHTS_MESSAGES.sessionStarted);
    await page.getByText('No requests yet.').waitFor();

    // JSON: everything held, naming the candidate.
    const jsonDownload = await downloadBy(page, 'Download as JSON');
    expect(jsonDownload.suggestedFilename()).toBe(`kbe-data-${candidateCode}.json`);
    await jsonDownload.saveAs(join(downloadDir, 'data.json'));
    const exported = JSON.parse(readFileSync(join(downloadDir, 'data.json'), 'utf8')) as CandidateDataExport;
    expect(exported.candidateCode).toBe(candidateCode);
    expect(exported.registration).toMatchObject({ personalDetails: { fullName: FULL_NAME } });
    await expect(page.getByTestId('data-saved').innerText()).resolves.toBe(`Saved as kbe-data-${candidateCode}.json.`);

    // PDF: the same data to read.
    const pdfDownload = await downloadBy(page, 'Download as PDF');
    expect(pdfDownload.suggestedFilename()).toBe(`kbe-data-${candidateCode}.pdf`);
    await pdfDownload.saveAs(join(downloadDir, 'data.pdf'));
    expect(readFileSync(join(downloadDir, 'data.pdf')).subarray(0, 4).toString()).toBe('%PDF');
    await expect(page.getByTestId('data-saved').innerText()).resolves.toBe(`Saved as kbe-data-${candidateCode}.pdf.`);

    // A correction: recorded, answered within 90 days, listed as open.
    await page.getByLabel('What is wrong, and what it should say').fill('The school name should read Nashik Model High School.');
    const before = Date.now();
    await page.getByRole('button', { name: 'Send correction request' }).click();
    const recorded = await page.getByTestId('correction-recorded').innerText();
    const dueDays = [before, Date.now()].map((at) => requestRecordedMessage(new Date(at + DATA_REQUEST_DUE_DAYS * DAY_MS)));
    expect(dueDays).toContain(recorded);
    const row = page.getByRole('row').filter({ hasText: 'Correction' });
    await expect(row.getByRole('cell').allInnerTexts()).resolves.toEqual(expect.arrayContaining(['Correction', 'Open', 'Not answered yet']));
    await screenshot(page, 'guardian-rights-data-session');
  }, 180_000);

  it('has no accessibility violation with the data open', async () => {
    await expectNoAxeViolations(page, 'parental consent page with the data session open');
  });

  it('withdraws consent with the withdrawal code after a wrong one, keeping what was typed', async () => {
    const mark = smsLogMark();
    await page.getByRole('button', { name: 'Send withdrawal code' }).click();
    await page.getByTestId('withdrawal-code-sent').waitFor();
    const code = await codeFromSmsLog(candidateCode, 'withdrawal-otp', mark);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    const field = page.getByLabel('Withdrawal code');
    await field.fill(wrong);
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    await page.getByText('The code is not correct. 4 tries left.').waitFor();
    await expect(field.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(field.inputValue()).resolves.toBe(wrong);

    await field.fill(code);
    await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
    const withdrawn = await page.getByTestId('consent-withdrawn').innerText();
    expect([DATA_RIGHTS_MESSAGES.withdrawn, DATA_RIGHTS_MESSAGES.withdrawnUnderWay].some((message) => withdrawn.includes(message))).toBe(true);
    await expect(page.getByRole('button', { name: 'Confirm withdrawal' }).count()).resolves.toBe(0);
    await screenshot(page, 'guardian-rights-withdrawn');
  }, 120_000);

  it('answers the search and the downloads page as a withdrawn registration, with nothing to download', async () => {
    const search = await api<{ data: { consentStatus?: string } }>(API_PATHS.candidateSearch(candidateCode));
    expect(search.data.consentStatus).toBe('withdrawn');

    await page.goto(`${baseUrl}${DOWNLOADS_PATH}`);
    await waitForInteractive(page, 'downloads');
    await page.getByLabel('Registration Number').fill(candidateCode);
    await page.getByRole('button', { name: 'Search Candidate' }).click();
    await expect(page.getByTestId('registration-withdrawn').innerText()).resolves.toContain(DATA_RIGHTS_MESSAGES.registrationWithdrawn);
    await expect(page.getByRole('button', { name: /download/i }).count()).resolves.toBe(0);
    await expect(page.getByLabel("Mother's Name").count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Back to Search' }).waitFor();
    await screenshot(page, 'guardian-rights-downloads-withdrawn');
  }, 60_000);
});
