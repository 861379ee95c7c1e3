import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser, openPage, screenshot } from './support/browser';
import { catalogue } from './support/catalogues';
import { waitForInteractive } from './support/interactive';
import { makeTestImages, type TestImages } from './support/test-images';

/** The registration page's Marathi words, as the page shows them (its catalogue). */
const mr = catalogue('apps/registration/src/i18n', 'mr');
const REGISTRATION_PATH = '/mr/einstein-quest/online-registrations';
/** registration-service's internal API (not routed by the edge): releases the hall ticket as the admin service would. */
const registrationUrl = process.env['REGISTRATION_SERVICE_URL'] ?? 'http://127.0.0.1:3101';
const internalToken = process.env['INTERNAL_API_TOKEN'] ?? '';

const run = Date.now().toString(36).toUpperCase();
const phone = (prefix: string) => `${prefix}${Date.now().toString().slice(-8)}`;

/** A field by its Marathi label (a required one ends with ` *`). */
function field(form: Locator, label: string): Locator {
  const escaped = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return form.getByLabel(new RegExp(`^${escaped}( \\*)?$`));
}

async function fillAll(form: Locator, values: Record<string, string>): Promise<void> {
  for (const [label, value] of Object.entries(values)) await field(form, label).fill(value);
}

/** The success alert a submit ends with (an error alert fails the test with its text). */
async function successAlert(page: Page, kind: 'school' | 'mentor' | 'candidate'): Promise<Locator> {
  const outcome = page.locator(`[data-testid="${kind}-success-alert"], [data-testid="${kind}-error-alert"]`).first();
  await outcome.waitFor({ state: 'visible', timeout: 30_000 });
  if ((await outcome.getAttribute('data-testid')) === `${kind}-error-alert`) {
    throw new Error(`${kind} registration failed in the browser: ${(await outcome.innerText()).replace(/\s+/g, ' ')}`);
  }
  return outcome;
}

async function pdfText(pdf: Buffer): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'kbe-e2e-mr-'));
  try {
    const file = join(dir, 'hall-ticket.pdf');
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('registration in Marathi: school, mentor, candidate; Marathi messages; a Marathi hall ticket', () => {
  let browser: Browser;
  let context: BrowserContext | undefined;
  let images: TestImages;
  beforeAll(async () => {
    if (!internalToken) throw new Error("INTERNAL_API_TOKEN is not set (npm test passes the stack profile's token to the journeys)");
    [browser, images] = await Promise.all([launchBrowser(), makeTestImages()]);
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    images?.cleanup();
  });

  it('registers the chain on the Marathi page, shows Marathi messages, and the candidate gets a Marathi hall ticket', async () => {
    const opened = await openPage(browser, { width: 412, height: 900 }, { locale: 'mr-IN' });
    context = opened.context;
    const { page } = opened;
    await page.goto(`${baseUrl}${REGISTRATION_PATH}`);
    await waitForInteractive(page, 'registration');

    // 1. School, first with a wrong PIN: the message is Marathi, what was typed stays.
    const schoolName = `ई२ई विद्या मंदिर ${run}`;
    const school = page.getByRole('form', { name: mr['form.school'] });
    await fillAll(school, {
      [mr['label.schoolName']]: schoolName,
      [mr['label.udiseCode']]: `2721${run}`.slice(0, 11),
      [mr['label.contact']]: phone('98'),
      [mr['label.area']]: 'गंगापूर रोड',
      [mr['label.locality']]: 'शिवाजी नगर',
      [mr['label.street']]: 'कॉलेज रोड',
      [mr['label.village']]: 'सातपूर',
      [mr['label.town']]: 'नाशिक रोड',
      [mr['label.city']]: 'नाशिक',
      [mr['label.state']]: 'महाराष्ट्र',
      [mr['label.pin']]: '4220',
      [mr['label.principalName']]: 'सुनीता देशपांडे',
      [mr['label.principalContact']]: phone('97'),
    });
    await field(school, mr['label.schoolType']).selectOption('Secondary');
    await school.getByRole('button', { name: mr['submit.school'] }).click();
    await page.getByText(mr['validation.pin']).first().waitFor({ state: 'visible' });
    expect(await field(school, mr['label.schoolName']).inputValue()).toBe(schoolName);
    await screenshot(page, 'registration-mr-1-wrong-pin');
    await field(school, mr['label.pin']).fill('422005');
    await school.getByRole('button', { name: mr['submit.school'] }).click();
    const schoolAlert = await successAlert(page, 'school');
    await schoolAlert.getByText(mr['outcome.success.school']).first().waitFor({ state: 'visible' });
    const schoolCode = ((await page.getByTestId('school-issued-code').textContent()) ?? '').trim();
    expect(schoolCode).toMatch(/^SCH-[A-Z0-9]{6}$/);

    // 2. Mentor, from the alert's button.
    await schoolAlert.getByRole('button', { name: mr['next.school'] }).click();
    const mentor = page.getByRole('form', { name: mr['form.mentor'] });
    await mentor.waitFor({ state: 'visible' });
    expect(await field(mentor, mr['label.schoolCode']).inputValue()).toBe(schoolCode);
    await fillAll(mentor, {
      [mr['label.name']]: 'राहुल जोशी',
      [mr['label.contact']]: phone('96'),
      [mr['label.subjectTeaching']]: 'भौतिकशास्त्र',
      [mr['label.workExperience']]: '7',
      [mr['label.address']]: '१२ टिळक पथ, नाशिक',
      [mr['label.activitiesParticipated']]: 'जिल्हा विज्ञान प्रदर्शन परीक्षक',
      [mr['label.opinionOnIsro']]: 'प्रत्येक विद्यार्थ्यासाठी प्रेरणा',
    });
    await mentor.getByRole('button', { name: mr['submit.mentor'] }).click();
    const mentorAlert = await successAlert(page, 'mentor');
    const mentorCode = ((await page.getByTestId('mentor-issued-code').textContent()) ?? '').trim();
    expect(mentorCode).toMatch(/^MEN-[A-Z0-9]{6}$/);

    // 3. Candidate, first without a photo: the Marathi message says both documents are needed.
    await mentorAlert.getByRole('button', { name: mr['next.mentor'] }).click();
    const candidate = page.getByRole('form', { name: mr['form.candidate'] });
    await candidate.waitFor({ state: 'visible' });
    const motherName = `मीरा${run}`;
    await fillAll(candidate, {
      [mr['label.fullName']]: `आरव पाटील ${run}`,
      [mr['label.fatherName']]: 'सुरेश पाटील',
      [mr['label.motherName']]: motherName,
      [mr['label.dateOfBirth']]: '2012-05-14',
      [mr['label.religion']]: 'हिंदू',
      [mr['label.motherTongue']]: 'मराठी',
      [mr['label.phoneNumber']]: phone('95'),
      [mr['label.guardianName']]: motherName,
      [mr['label.address']]: 'फ्लॅट ४, साई रेसिडेन्सी, पंचवटी',
      [mr['label.village']]: 'पंचवटी',
      [mr['label.taluka']]: 'नाशिक',
      [mr['label.district']]: 'नाशिक',
      [mr['label.state']]: 'महाराष्ट्र',
      [mr['label.pin']]: '422003',
      [mr['label.schoolName']]: schoolName,
      [mr['label.kbeStage']]: 'Mains',
      [mr['label.fees']]: '350',
    });
    for (const [label, value] of [
      ['label.gender', 'Male'],
      ['label.region', 'Urban'],
      ['label.standard', '8th'],
      ['label.medium', 'Marathi'],
      ['label.board', 'Maharashtra State Board'],
      ['label.kbeCategory', 'Sec'],
      ['label.guardianRelation', 'Mother'],
    ]) {
      await field(candidate, mr[label]).selectOption(value);
    }
    await field(candidate, mr['label.signature']).setInputFiles(images.signaturePng);
    await candidate.getByRole('button', { name: mr['submit.candidate'] }).click();
    const refused = page.getByTestId('candidate-error-alert');
    await refused.waitFor({ state: 'visible' });
    await refused.getByText(mr['error.title.candidate']).waitFor({ state: 'visible' });
    expect(await refused.innerText()).toContain(mr['validation.documents']);
    await screenshot(page, 'registration-mr-2-missing-photo');
    await expectNoAxeViolations(page, 'the Marathi candidate form with its error alert');

    await field(candidate, mr['label.photo']).setInputFiles(images.photoJpeg);
    const response = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname === '/api/candidates/register');
    response.catch(() => undefined);
    await candidate.getByRole('button', { name: mr['submit.candidate'] }).click();
    const candidateAlert = await successAlert(page, 'candidate');
    expect((await response).status()).toBe(201);
    await candidateAlert.getByText(mr['outcome.success.candidate']).first().waitFor({ state: 'visible' });
    const candidateCode = ((await page.getByTestId('candidate-issued-code').textContent()) ?? '').trim();
    expect(candidateCode).toMatch(/^KBE[A-Z0-9]{9}$/);
    await screenshot(page, 'registration-mr-3-registered');

    // 4. Registered from the Marathi page, the candidate's hall ticket is in Marathi, with English beneath.
    const headers = { 'content-type': 'application/json', 'x-internal-token': internalToken };
    for (const [path, body] of [
      ['fees-paid', { feesPaid: true }],
      ['hall-ticket', { hallTicketReleased: true }],
    ] as const) {
      const released = await fetch(`${registrationUrl}/internal/candidates/${candidateCode}/${path}`, { method: 'PATCH', headers, body: JSON.stringify(body) });
      expect({ path, status: released.status }).toEqual({ path, status: 200 });
    }
    const download = await fetch(`${baseUrl}/api/candidates/${candidateCode}/download/hall-ticket`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ motherName }),
    });
    expect(download.status).toBe(200);
    const text = await pdfText(Buffer.from(await download.arrayBuffer()));
    expect(text).toContain('प्रवेशपत्र');
    expect(text).toMatch(/hall ticket/i);
    // the name as it was entered
    expect(text).toContain(`आरव पाटील ${run}`);
  });
});
