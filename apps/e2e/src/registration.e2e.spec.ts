import type { Browser, BrowserContext, Locator, Page, Request, Response } from 'playwright-core';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser, openPage, screenshot } from './support/browser';
import { makeTestImages, type TestImages } from './support/test-images';
import { waitForInteractive } from './support/interactive';

const REGISTRATION_PATH = '/einstein-quest/online-registrations';

/** A suffix that makes this run's names unique and easy to find in the database. */
const run = Date.now().toString(36).toUpperCase();
/** 10 digits that differ per run (the last four appear in the masked number). */
const candidatePhone = `98${Date.now().toString().slice(-8)}`;

/** One image part of a multipart request the page sent, as sharp reads it. */
async function sentImage(request: Request, part: string): Promise<{ name: string; format?: string; width?: number; height?: number; exif: boolean }> {
  const body = request.postDataBuffer();
  if (!body) throw new Error(`${request.url()} was sent without a body the test can read`);
  const form = await new globalThis.Response(new Blob([new Uint8Array(body)]), { headers: { 'content-type': (await request.allHeaders())['content-type'] ?? '' } }).formData();
  const file = form.get(part);
  if (!(file instanceof File)) throw new Error(`the request has no file part '${part}'`);
  const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
  return { name: file.name, format: meta.format, width: meta.width, height: meta.height, exif: meta.exif !== undefined };
}

async function openRegistration(page: Page): Promise<void> {
  await page.goto(`${baseUrl}${REGISTRATION_PATH}`);
  await waitForInteractive(page, 'registration');
}

/** The visible form of a tab ('School registration', 'Mentor registration', 'Candidate registration'). */
async function visibleForm(page: Page, name: string): Promise<Locator> {
  const form = page.getByRole('form', { name });
  await form.waitFor({ state: 'visible' });
  return form;
}

/** A field by its label, anchored so 'Contact Number' does not also match 'Principal Contact Number'. */
function field(form: Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return form.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

async function fillAll(form: Locator, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await field(form, label).fill(value);
}

async function selectAll(form: Locator, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await field(form, label).selectOption(value);
}

/**
 * Waits for the alert a submit ends with and returns it when it is the success alert; an error
 * alert fails the test at once with its text (no waiting for a request that was never sent).
 */
async function successAlert(page: Page, kind: 'school' | 'mentor' | 'candidate'): Promise<Locator> {
  const outcome = page.locator(`[data-testid="${kind}-success-alert"], [data-testid="${kind}-error-alert"]`).first();
  await outcome.waitFor({ state: 'visible', timeout: 30_000 });
  if ((await outcome.getAttribute('data-testid')) === `${kind}-error-alert`) {
    throw new Error(`${kind} registration failed in the browser: ${(await outcome.innerText()).replace(/\s+/g, ' ')}`);
  }
  return outcome;
}

function isPost(res: Response, path: string): boolean {
  return res.request().method() === 'POST' && new URL(res.url()).pathname === path;
}

/** The toast region of the shell (shared by the remotes). */
function toastWithTitle(page: Page, title: string): Locator {
  return page.getByRole('region', { name: /notifications/i }).getByText(title, { exact: true }).first();
}

describe('registration chain: school, mentor, candidate', () => {
  let browser: Browser;
  let images: TestImages;
  let context: BrowserContext | undefined;
  beforeAll(async () => {
    [browser, images] = await Promise.all([launchBrowser(), makeTestImages()]);
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
  });
  afterAll(async () => {
    await browser?.close();
    images?.cleanup();
  });

  async function open(): Promise<Page> {
    const opened = await openPage(browser);
    context = opened.context;
    return opened.page;
  }

  it('registers a school, then a mentor with its code, then a candidate with photo and signature; the search finds the candidate', async () => {
    const page = await open();
    await openRegistration(page);
    await page.getByText('Registration deadline').first().waitFor({ state: 'visible' });

    // 1. School: every field.
    const schoolName = `E2E Vidya Mandir ${run}`;
    const school = await visibleForm(page, 'School registration');
    await fillAll(school, {
      'School Name': schoolName,
      'UDISE Code': `2720${run}`.slice(0, 11),
      'Contact Number': '9822012345',
      Area: 'Gangapur Road',
      Locality: 'Shivaji Nagar',
      Street: 'College Road',
      Village: 'Satpur',
      Town: 'Nashik Road',
      City: 'Nashik',
      State: 'Maharashtra',
      'PIN Code': '422005',
      'Principal Name': 'Sunita Deshpande',
      'Principal Contact Number': '9822054321',
    });
    await selectAll(school, { 'School Type': 'Secondary' });
    await screenshot(page, 'registration-1-school-filled');
    const schoolResponse = page.waitForResponse((res) => isPost(res, '/api/schools/register'));
    schoolResponse.catch(() => undefined); // awaited below; an earlier failure must not leave it unhandled
    await school.getByRole('button', { name: 'Register School' }).click();
    const schoolAlert = await successAlert(page, 'school');
    expect((await schoolResponse).status()).toBe(201);
    const schoolCode = ((await page.getByTestId('school-issued-code').textContent()) ?? '').trim();
    expect(schoolCode).toMatch(/^SCH-[A-Z0-9]{6}$/);
    await schoolAlert.getByText('School registration completed successfully').waitFor({ state: 'visible' });
    await toastWithTitle(page, 'Success!').waitFor({ state: 'visible' });
    await screenshot(page, 'registration-2-school-registered');

    // 2. Mentor: the alert's button opens the Mentor tab with the school code filled in.
    await schoolAlert.getByRole('button', { name: 'Register a mentor for this school' }).click();
    const mentor = await visibleForm(page, 'Mentor registration');
    expect(await page.getByRole('tab', { name: 'Mentor Registration' }).getAttribute('aria-selected')).toBe('true');
    expect(await field(mentor, 'School Code').inputValue()).toBe(schoolCode);
    await mentor.getByText(`School: ${schoolName}, Nashik`).waitFor({ state: 'visible' });
    await fillAll(mentor, {
      Name: 'Rahul Joshi',
      'Email (optional)': `rahul.${run.toLowerCase()}@example.org`,
      'Contact Number': '9811122233',
      'Subject Teaching': 'Physics',
      'Work Experience (years)': '7',
      Address: '12 Tilak Path, Nashik',
      'Activities Participated': 'District science fair judge',
      'Opinion on ISRO': 'An inspiration for every student',
    });
    await screenshot(page, 'registration-3-mentor-filled');
    await mentor.getByRole('button', { name: 'Register Mentor' }).click();
    const mentorAlert = await successAlert(page, 'mentor');
    const mentorCode = ((await page.getByTestId('mentor-issued-code').textContent()) ?? '').trim();
    expect(mentorCode).toMatch(/^MEN-[A-Z0-9]{6}$/);
    await mentorAlert.getByText('Mentor registration completed successfully').waitFor({ state: 'visible' });
    await screenshot(page, 'registration-4-mentor-registered');

    // 3. Candidate: every field, a real JPEG photo and a real PNG signature.
    await mentorAlert.getByRole('button', { name: 'Register a candidate with this mentor' }).click();
    const candidate = await visibleForm(page, 'Candidate registration');
    expect(await field(candidate, 'Mentor Code').inputValue()).toBe(mentorCode);
    const fullName = `Aarav Patil ${run}`;
    const motherName = `Meera${run}Mother`;
    await fillAll(candidate, {
      'Full Name': fullName,
      "Father's Name": 'Suresh Patil',
      "Mother's Name": motherName,
      'Date of Birth': '2012-05-14',
      Religion: 'Hindu',
      'Mother Tongue': 'Marathi',
      'Phone Number': candidatePhone,
      'Parent/Guardian Name': motherName,
      'Email (optional)': `aarav.${run.toLowerCase()}@example.org`,
      Address: 'Flat 4, Sai Residency, Panchavati',
      Village: 'Panchavati',
      Taluka: 'Nashik',
      District: 'Nashik',
      State: 'Maharashtra',
      'PIN Code': '422003',
      'School Name': schoolName,
      'KBE Stage Participated': 'Mains',
      'Fees (₹)': '350',
    });
    await selectAll(candidate, {
      Gender: 'Male',
      Region: 'Urban',
      Standard: '8th',
      Medium: 'English',
      Board: 'CBSE',
      'KBE Category': 'Sec',
      'Relation to the Candidate': 'Mother',
    });
    await candidate.getByLabel('Fees paid').check();
    // A photo straight from a phone's camera: 12 MP, stored sideways (EXIF orientation 6).
    await field(candidate, 'Photo').setInputFiles(images.cameraJpeg);
    await field(candidate, 'Signature').setInputFiles(images.signaturePng);
    await candidate.getByRole('img', { name: 'Photo preview' }).waitFor({ state: 'visible' });
    await candidate.getByRole('img', { name: 'Signature preview' }).waitFor({ state: 'visible' });
    await screenshot(page, 'registration-5-candidate-filled');
    const candidateRequest = page.waitForRequest((req) => req.method() === 'POST' && new URL(req.url()).pathname === '/api/candidates/register');
    candidateRequest.catch(() => undefined);
    const candidateResponse = page.waitForResponse((res) => isPost(res, '/api/candidates/register'));
    candidateResponse.catch(() => undefined); // awaited below; an earlier failure must not leave it unhandled
    await candidate.getByRole('button', { name: 'Register Candidate' }).click();
    const candidateAlert = await successAlert(page, 'candidate').catch(async (error: Error) => {
      await screenshot(page, 'registration-6-candidate-failed');
      throw error;
    });
    expect((await candidateResponse).status()).toBe(201);
    // The phone sent the photo as it will be stored: upright, within 1200 px, without its EXIF.
    expect(await sentImage(await candidateRequest, 'photo')).toEqual({ name: 'camera-photo.jpg', format: 'jpeg', width: 900, height: 1200, exif: false });
    const candidateCode = ((await page.getByTestId('candidate-issued-code').textContent()) ?? '').trim();
    expect(candidateCode).toMatch(/^KBE[A-Z0-9]{9}$/);
    await candidateAlert.getByText('Candidate registration completed successfully').waitFor({ state: 'visible' });
    await screenshot(page, 'registration-6-candidate-registered');
    await expectNoAxeViolations(page, 'the registration page after a candidate registration');

    // 4. The public search finds the candidate: full name, masked phone, never the mother's name.
    const res = await fetch(`${baseUrl}/api/candidates/search/${candidateCode}`);
    const text = await res.text();
    expect(res.status).toBe(200);
    const body = JSON.parse(text) as { success: boolean; data: { candidateCode: string; fullName: string; maskedPhoneNumber: string; phoneNumber: string } };
    expect(body.success).toBe(true);
    expect(body.data.candidateCode).toBe(candidateCode);
    expect(body.data.fullName).toBe(fullName);
    expect(body.data.maskedPhoneNumber).toBe(`******${candidatePhone.slice(-4)}`);
    expect(body.data.phoneNumber).toBe(`******${candidatePhone.slice(-4)}`);
    expect(text).not.toContain(motherName);
    expect(text).not.toContain(candidatePhone);
    expect(text.toLowerCase()).not.toContain('mothername');
  });

  it('collects every missing candidate field into one alert, joined by commas', async () => {
    const page = await open();
    await openRegistration(page);
    await page.getByRole('tab', { name: 'Candidate Registration' }).click();
    const candidate = await visibleForm(page, 'Candidate registration');
    await candidate.getByRole('button', { name: 'Register Candidate' }).click();
    const alert = page.getByTestId('candidate-error-alert');
    await alert.waitFor({ state: 'visible' });
    await alert.getByText('Candidate Registration Failed').waitFor({ state: 'visible' });
    const message = ((await alert.locator('p').first().textContent()) ?? '').trim();
    const parts = message.split(', ');
    expect(parts).toEqual(
      expect.arrayContaining([
        'Mentor code is required',
        'Full name is required',
        "Father's name is required",
        "Mother's name is required",
        'Please select a gender',
        'Religion is required',
        'Phone number is required',
        'Fees must be a number',
        'Both photo and signature documents are required',
      ]),
    );
    expect(parts.length).toBeGreaterThanOrEqual(20);
    await screenshot(page, 'registration-7-candidate-empty-submit');
    await expectNoAxeViolations(page, 'the candidate form with its error alert');
  });

  it("refuses a 6 MB photo with the 'File too large' toast", async () => {
    const page = await open();
    await openRegistration(page);
    await page.getByRole('tab', { name: 'Candidate Registration' }).click();
    const candidate = await visibleForm(page, 'Candidate registration');
    await field(candidate, 'Photo').setInputFiles(images.largePng);
    await toastWithTitle(page, 'File too large').waitFor({ state: 'visible' });
    await page.getByText('Please select a file smaller than 5MB').first().waitFor({ state: 'visible' });
    expect(await field(candidate, 'Photo').inputValue()).toBe('');
    expect(await candidate.getByRole('img', { name: 'Photo preview' }).count()).toBe(0);
    await screenshot(page, 'registration-8-file-too-large');
  });
});
