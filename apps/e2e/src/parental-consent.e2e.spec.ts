import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser, openPage, screenshot } from './support/browser';
import { waitForInteractive } from './support/interactive';
import { candidateFormData, mentorPayload, schoolPayload } from './support/registration-payloads';
import { makeTestImages, type TestImages } from './support/test-images';

/**
 * The parental-consent page through the one URL: the notice in three languages, accessible, and
 * its answers. The journeys' profile records consent as test data at registration
 * (TEST_DATA_CONSENT, tools/stack/profiles.mjs), so a candidate registered here already has it; the
 * code by SMS itself is tested against the real services (registration-service's
 * consent.integration.spec.ts).
 */
const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function api<T>(path: string, init: RequestInit): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, init);
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

async function registerCandidate(images: TestImages): Promise<string> {
  const school = await api<{ schoolCode: string }>('/api/schools/register', json(schoolPayload({ udiseCode: `27${Date.now().toString().slice(-9)}` })));
  const mentor = await api<{ mentorCode: string }>('/api/mentors/register', json(mentorPayload(school.schoolCode, { contact: `95${Date.now().toString().slice(-8)}` })));
  const form = candidateFormData(
    mentor.mentorCode,
    { personalDetails: { fullName: 'Isha Kulkarni' }, contactDetails: { phoneNumber: `94${Date.now().toString().slice(-8)}` } },
    { photo: readFileSync(images.photoJpeg), signature: readFileSync(images.signaturePng) },
  );
  return (await api<{ candidateCode: string }>('/api/candidates/register', { method: 'POST', body: form })).candidateCode;
}

describe('the parental-consent page', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let images: TestImages;
  let candidateCode: string;

  beforeAll(async () => {
    images = await makeTestImages();
    candidateCode = await registerCandidate(images);
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser));
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    images?.cleanup();
  });

  it('shows the notice in English, Marathi and Hindi, with no accessibility violation', async () => {
    await page.goto(`${baseUrl}/einstein-quest/parental-consent/${candidateCode}`);
    await waitForInteractive(page, 'public');
    await page.getByRole('heading', { level: 1, name: 'Parental Consent' }).waitFor();
    await page.getByRole('heading', { name: /Notice to the parent or guardian/ }).waitFor();
    await expect(page.getByRole('region', { name: 'Notice' }).innerText()).resolves.toContain('How to withdraw consent');
    await expectNoAxeViolations(page, 'parental consent page');
    await page.getByRole('radio', { name: 'मराठी' }).check();
    await page.getByRole('heading', { name: /पालक किंवा संरक्षकांसाठी सूचना/ }).waitFor();
    await page.getByRole('radio', { name: 'हिन्दी' }).check();
    await page.getByRole('heading', { name: /माता-पिता या अभिभावक के लिए सूचना/ }).waitFor();
    await screenshot(page, 'parental-consent-notice');
  });

  it('says what is missing before asking the server, at each field', async () => {
    await page.getByRole('button', { name: 'Give consent' }).click();
    await expect(page.getByLabel('Code from the SMS').getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByText('Please enter the 6-digit code from the SMS.').waitFor();
    await page.getByText(/Please confirm that you are the parent or lawful guardian/).waitFor();
  });

  it('says so when consent is already recorded', async () => {
    await page.getByRole('button', { name: 'Send code by SMS' }).click();
    await page.getByTestId('consent-given').waitFor();
    await expect(page.getByTestId('consent-given').innerText()).resolves.toContain('Parental consent has already been given for this candidate.');
  });

  it('answers an unknown candidate like the search', async () => {
    await page.goto(`${baseUrl}/einstein-quest/parental-consent/KBE000000ZZZ`);
    await waitForInteractive(page, 'public');
    await page.getByRole('button', { name: 'Send code by SMS' }).click();
    await page.getByText('Candidate not found').waitFor();
  });
});
