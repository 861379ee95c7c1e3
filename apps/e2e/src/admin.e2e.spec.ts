import { readFileSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';

import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser, openPage, screenshot } from './support/browser';
import { VIEWPORTS, horizontalOverflow } from './support/layout';
import { candidateFormData, mentorPayload, schoolPayload } from './support/registration-payloads';
import { makeTestImages, type TestImages } from './support/test-images';

/**
 * The admin journey (issue 8) through the one URL: log in with the test profile's admin account
 * (tools/stack/profiles.mjs, handed over by tools/test/run.mjs), mark a candidate paid, release
 * one hall ticket, bulk release the rest, release one certificate and bulk release two, edit the
 * mentor, see the schools, send an SMS campaign and see it in the history, log out.
 * Every admin page is checked with axe and photographed at 1280 px and 375 px.
 */
const adminUsername = process.env['KBE_E2E_ADMIN_USERNAME'];
const adminPassword = process.env['KBE_E2E_ADMIN_PASSWORD'];
const run = String(Date.now()).slice(-6);

interface Seeded {
  schoolCode: string;
  mentorCode: string;
  candidates: { code: string; name: string }[];
}

async function postJson(path: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${path} answered ${res.status}: ${JSON.stringify(answer)}`);
  return answer;
}

/** Registers a school, a mentor and candidates through the public API, as visitors would. */
async function seed(images: TestImages, names: string[]): Promise<Seeded> {
  const school = await postJson(
    '/api/schools/register',
    schoolPayload({
      schoolName: `E2E Admin School ${run}`,
      udiseCode: `2730${run}`.slice(0, 11),
      principal: { name: 'Sunita Deshpande', contact: '9822054321' },
    }),
  );
  const schoolCode = String(school['schoolCode']);
  const mentor = await postJson('/api/mentors/register', mentorPayload(schoolCode, {
      name: `E2E Mentor ${run}`,
      email: 'mentor@example.org',
      workExperience: 5,
      activitiesParticipated: 'Science fair',
      opinionOnISRO: 'Inspiring',
    }));
  const mentorCode = String(mentor['mentorCode']);
  const candidates: Seeded['candidates'] = [];
  const files = { photo: readFileSync(images.photoJpeg), signature: readFileSync(images.signaturePng) };
  for (const [index, name] of names.entries()) {
    const form = candidateFormData(
      mentorCode,
      {
        personalDetails: { fullName: name, gender: 'Female' },
        contactDetails: { phoneNumber: `98765${run.slice(-3)}${index}0`.slice(0, 10) },
        educationalDetails: { schoolName: `E2E Admin School ${run}`, kbeCategory: index % 2 === 0 ? 'Sec' : 'Prime' },
      },
      files,
    );
    const res = await fetch(`${baseUrl}/api/candidates/register`, { method: 'POST', body: form });
    const answer = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(`candidate registration answered ${res.status}: ${JSON.stringify(answer)}`);
    candidates.push({ code: String(answer['candidateCode']), name });
  }
  return { schoolCode, mentorCode, candidates };
}

async function searchCandidate(code: string): Promise<{ hallTicketReleased: boolean; certificateReleased: boolean }> {
  const res = await fetch(`${baseUrl}/api/candidates/search/${code}`);
  const body = (await res.json()) as { data: { hallTicketReleased: boolean; certificateReleased: boolean } };
  return body.data;
}

/** Axe at both widths plus a screenshot at each, and no sideways scroll on a phone. */
async function checkPage(page: Page, name: string): Promise<void> {
  for (const [width, size] of [['1280', VIEWPORTS.desktop], ['375', VIEWPORTS.mobile]] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150); // charts and tables re-lay out
    await expectNoAxeViolations(page, `${name} at ${width} px`);
    await screenshot(page, `admin-${name}-${width}`);
    if (width === '375') {
      const overflow = await horizontalOverflow(page);
      if (overflow.scrollWidth > overflow.innerWidth + 1) {
        throw new Error(`${name} scrolls sideways at 375 px (${overflow.scrollWidth} > ${overflow.innerWidth}): ${overflow.widest.join(', ')}`);
      }
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click();
  await page.getByRole('tab', { name, exact: true, selected: true }).waitFor();
}

const toast = (page: Page, text: string) => page.getByText(text, { exact: true }).first().waitFor({ state: 'visible', timeout: 20_000 });

describe('admin area', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let images: TestImages;
  let seeded: Seeded;

  beforeAll(async () => {
    if (!adminUsername || !adminPassword) throw new Error('KBE_E2E_ADMIN_USERNAME / KBE_E2E_ADMIN_PASSWORD are not set: run through `npm test`');
    images = await makeTestImages();
    seeded = await seed(images, [`Ira Admin ${run}`, `Kavya Bulk ${run}`, `Neel Bulk ${run}`]);
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser, VIEWPORTS.desktop));
    // A hall ticket opens in a new tab for printing; the journey stays on the dashboard.
    context.on('page', (popup) => void popup.close().catch(() => undefined));
  });

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    images?.cleanup();
  });

  it('sends a visitor without a session from /admin/dashboard to the login page', async () => {
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.waitForURL(`${baseUrl}/admin/login`, { timeout: 30_000 });
    await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
    expect(await page.getByText('This is a protected area', { exact: false }).count()).toBe(1);
    // The test profile's runtime config does not say this is a development deployment: no test-login button.
    expect(await page.getByRole('button', { name: /Test Login/ }).count()).toBe(0);
    await checkPage(page, 'login');
  });

  it('refuses a wrong password with the server message, then logs in and opens the dashboard', async () => {
    const signIn = page.getByRole('button', { name: 'Sign In' });
    expect(await signIn.isDisabled()).toBe(true);
    await page.getByLabel('Username').fill(adminUsername as string);
    await page.getByLabel('Password').fill('not-the-password');
    await signIn.click();
    await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).waitFor();
    await page.getByLabel('Password').fill(adminPassword as string);
    expect(await page.getByRole('alert').filter({ hasText: 'Invalid username or password' }).count()).toBe(0);
    await signIn.click();
    await toast(page, 'Login Successful');
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await page.getByText(`Welcome, ${adminUsername}`).waitFor();
    await page.locator('[data-testid="stat-totalCandidates"]').filter({ hasNotText: '…' }).waitFor();
    expect(Number(await page.locator('[data-testid="stat-totalCandidates"]').textContent())).toBeGreaterThanOrEqual(3);
    await page.getByRole('heading', { name: 'Registrations per day' }).waitFor();
    await checkPage(page, 'tab-dashboard');
  });

  it('marks the three candidates paid with a receipt number', async () => {
    await openTab(page, 'Candidates');
    for (const [index, candidate] of seeded.candidates.entries()) {
      await page.getByLabel('Search by name, candidate ID or phone').fill(candidate.code);
      const row = page.getByRole('row').filter({ hasText: candidate.code });
      await row.getByText('Unpaid').waitFor();
      await row.getByRole('button', { name: `Fees of ${candidate.name}` }).click();
      await page.getByLabel('Receipt number').fill(`R-${run}-${index}`);
      await page.getByRole('button', { name: 'Mark as Paid' }).click();
      await toast(page, 'Fees Updated');
      await row.getByText('Paid', { exact: true }).waitFor();
    }
    await page.getByLabel('Search by name, candidate ID or phone').fill('');
    await page.getByRole('row').filter({ hasText: seeded.candidates[0].code }).waitFor();
    await checkPage(page, 'tab-candidates');
  });

  it('releases one hall ticket from Hall Ticket Management', async () => {
    const [first] = seeded.candidates;
    await openTab(page, 'Dashboard');
    await page.getByLabel('Search by name, candidate ID or contact').fill(first.code);
    const release = page.getByRole('button', { name: `Release hall ticket of ${first.name}` });
    await release.click();
    await toast(page, 'Hall Ticket Generated');
    await page.getByRole('button', { name: `Hall ticket of ${first.name} downloaded` }).waitFor();
    expect((await searchCandidate(first.code)).hallTicketReleased).toBe(true);
    expect((await searchCandidate(seeded.candidates[1].code)).hallTicketReleased).toBe(false);
  });

  it('bulk releases the other paid candidates as one job with a progress bar and the final counts', async () => {
    await page.getByLabel('Search by name, candidate ID or contact').fill('');
    const jobCreated = page.waitForResponse((res) => res.url().endsWith('/api/admin/hall-tickets/release') && res.request().method() === 'POST');
    await page.getByRole('button', { name: 'Bulk Release' }).click();
    expect((await jobCreated).status()).toBe(202);
    await toast(page, 'Bulk Release Complete');
    const result = await page.locator('[data-testid="bulk-release-result"]').textContent();
    const released = Number(/(\d+) released/.exec(result ?? '')?.[1]);
    expect(released).toBeGreaterThanOrEqual(2);
    for (const candidate of seeded.candidates.slice(1)) expect((await searchCandidate(candidate.code)).hallTicketReleased).toBe(true);
    await screenshot(page, 'admin-bulk-release-done');
  });

  it('shows the mentors', async () => {
    await openTab(page, 'Mentors');
    await page.getByLabel('Search by name, mentor code or mobile').fill(seeded.mentorCode);
    await page.getByRole('row').filter({ hasText: seeded.mentorCode }).getByText('Active', { exact: true }).waitFor();
    await checkPage(page, 'tab-mentors');
  });

  it('releases one certificate, then bulk releases the certificates of the other candidates', async () => {
    const [first, ...others] = seeded.candidates;
    await openTab(page, 'Certificates');
    await page.getByRole('heading', { name: 'Certificate Management' }).waitFor();
    const search = page.getByLabel('Search by name, candidate ID or contact');
    await search.fill(first.code);
    await page.getByRole('button', { name: `Release certificate of ${first.name}` }).click();
    await toast(page, 'Certificate Released');
    await page.getByRole('button', { name: `Certificate of ${first.name} released` }).waitFor();
    expect((await searchCandidate(first.code)).certificateReleased).toBe(true);
    expect((await searchCandidate(others[0].code)).certificateReleased).toBe(false);

    // The three seeded names end with this run's number (a name word): the job takes the search
    // as its filter, releases the two others and skips the one released above.
    await search.fill(run);
    await page.getByRole('row').filter({ hasText: others[1].code }).waitFor();
    await checkPage(page, 'tab-certificates');
    const jobCreated = page.waitForResponse((res) => res.url().endsWith('/api/admin/certificates/release') && res.request().method() === 'POST');
    await page.getByRole('button', { name: 'Bulk Release' }).click();
    const created = await jobCreated;
    expect(created.status()).toBe(202);
    expect(created.request().postDataJSON()).toEqual({ search: run });
    const result = page.locator('[data-testid="certificate-bulk-release-result"]');
    await result.waitFor({ timeout: 30_000 });
    expect(await result.textContent()).toBe('Last bulk release: 2 released, 1 skipped, 0 failed.');
    for (const candidate of others) expect((await searchCandidate(candidate.code)).certificateReleased).toBe(true);
  });

  it('edits the mentor: a registration rule refuses a bad number, then the change is saved', async () => {
    await openTab(page, 'Mentors');
    await page.getByLabel('Search by name, mentor code or mobile').fill(seeded.mentorCode);
    const row = page.getByRole('row').filter({ hasText: seeded.mentorCode });
    await row.getByRole('button', { name: `Edit E2E Mentor ${run}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('heading', { name: `Edit Mentor ${seeded.mentorCode}` }).waitFor();
    expect(await dialog.getByLabel('School code').inputValue()).toBe(seeded.schoolCode);
    expect(await dialog.getByLabel('Opinion on ISRO').inputValue()).toBe('Inspiring');
    await dialog.getByLabel('Contact number').fill('12345');
    await dialog.getByLabel('Subject teaching').fill('Astronomy');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await dialog.getByText('Contact number must be exactly 10 digits').waitFor();
    expect(await dialog.getByLabel('Subject teaching').inputValue()).toBe('Astronomy');
    await checkPage(page, 'mentor-edit');
    await dialog.getByLabel('Contact number').fill('9988776600');
    await dialog.getByLabel('Name', { exact: true }).fill(`E2E Mentor ${run} Edited`);
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Mentor Updated');
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('cell', { name: `E2E Mentor ${run} Edited`, exact: true }).waitFor();
    await row.getByRole('cell', { name: '9988776600', exact: true }).waitFor();
  });

  it('lists the schools with a search', async () => {
    await openTab(page, 'Schools');
    // The list asks the server 300 ms after the last keystroke; wait for that answer, not the first list.
    const searched = page.waitForResponse((res) => res.url().includes('/api/admin/schools?') && new URL(res.url()).searchParams.get('search') === `E2E Admin School ${run}`);
    await page.getByLabel('Search by school name').fill(`E2E Admin School ${run}`);
    expect((await searched).status()).toBe(200);
    await page.getByText('Loading schools...').waitFor({ state: 'detached' });
    const row = page.getByRole('row').filter({ hasText: seeded.schoolCode });
    await row.getByText('Sunita Deshpande').waitFor();
    expect(await page.getByRole('table', { name: 'Schools' }).getByRole('row').count()).toBe(2);
    await checkPage(page, 'tab-schools');
  });

  it('sends an SMS campaign to the paid candidates and sees it in the history', async () => {
    await openTab(page, 'SMS Notifications');
    // The template as a candidate receives it: no placeholder left, a sample candidate ID filled in.
    const preview = page.locator('[data-testid="sms-template-preview"]');
    await preview.filter({ hasText: 'KBE123456ABC' }).waitFor();
    expect(await preview.textContent()).not.toMatch(/\{candidateCode\}|\{portalUrl\}/);
    await page.getByLabel('Message type').selectOption('custom');
    const message = `Exam on Sunday 10 am, bring your hall ticket (${run}).`;
    await page.getByLabel('Message', { exact: true }).fill(message);
    expect(await page.locator('[data-testid="sms-counter"]').textContent()).toBe(`${message.length}/160 characters`);
    expect(await page.locator('[data-testid="sms-parts"]').textContent()).toBe(`1 SMS part per recipient (GSM-7, ${message.length} of 160 characters)`);
    await page.getByLabel('Recipients').selectOption('paid');
    const cost = (await page.locator('[data-testid="sms-cost"]').textContent()) ?? '';
    const [, total, recipients] = /^This campaign will cost ([\d,]+) SMS \(1 part × ([\d,]+) recipients?\)\.$/.exec(cost) ?? [];
    expect({ cost, same: total !== undefined && total === recipients }).toEqual({ cost, same: true });
    const sent = page.waitForResponse((res) => res.url().endsWith('/api/sms/send-bulk'));
    await page.getByRole('button', { name: 'Send SMS' }).click();
    expect((await sent).status()).toBeLessThan(300);
    await toast(page, 'SMS Sent Successfully');
    await page.locator('[data-testid="sms-history"] li').filter({ hasText: 'Custom message → Fees paid' }).first().waitFor();
    await checkPage(page, 'tab-sms');
  });

  it('shows the audit log of these changes and the messages inbox', async () => {
    await openTab(page, 'Audit');
    await page.getByRole('cell', { name: 'candidate.fees' }).first().waitFor();
    await checkPage(page, 'tab-audit');
    await openTab(page, 'Messages');
    await page.getByRole('table', { name: 'Contact messages' }).waitFor();
    await page.getByText(/Loading messages/).waitFor({ state: 'detached' });
    await checkPage(page, 'tab-messages');
  });

  it('shows the token on /admin/test', async () => {
    await page.goto(`${baseUrl}/admin/test`);
    await page.getByRole('button', { name: 'Check Token' }).click();
    await page.getByText(`"sub": "${adminUsername}"`, { exact: false }).or(page.getByText(`"username": "${adminUsername}"`, { exact: false })).first().waitFor();
    await checkPage(page, 'token-test');
    await page.getByRole('button', { name: 'Go to Dashboard' }).click();
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await page.getByText(`Welcome, ${adminUsername}`).waitFor();
  });

  it('logs out to the home page and the old session no longer opens the dashboard', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await toast(page, 'Logged Out');
    await page.waitForURL(`${baseUrl}/`);
    await page.goto(`${baseUrl}/admin/dashboard`);
    await page.waitForURL(`${baseUrl}/admin/login`);
  });
});
