import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { meritListPath, ROLL_NUMBER_PATTERN, type CentreView, type MeritList, type RoomAttendance, type SeatAllocationJob } from '@kbe/contracts';

import { expectNoAxeViolations } from './support/axe';
import { waitForInteractive } from './support/interactive';
import { baseUrl, launchBrowser, openPage, screenshot } from './support/browser';
import { VIEWPORTS, horizontalOverflow } from './support/layout';
import { candidateFormData, mentorPayload, schoolPayload } from './support/registration-payloads';
import { makeTestImages, type TestImages } from './support/test-images';

/**
 * A level's results from the OMR sheets to publication, every service real: four High candidates
 * of this run's own district are seated for the Mains (the seat allocation, as exam-seating does)
 * and one is recorded absent in the room; the admin pastes the scores in the Results tab, whose
 * check lists the wrong line, then checks the corrected file, imports it, reads the summary and the
 * ranked list, and publishes after the confirmation; the public merit list then answers with the
 * qualified. The first candidate registered in Marathi; their parent, on the Marathi downloads page
 * the exams page links to, sees the result (gold, qualified for Advanced) and downloads the merit
 * certificate, which prints the medal and rank in Marathi. The tab passes axe at 1280 px and
 * 375 px and never scrolls sideways on a phone.
 *
 * The import needs a line for every seated candidate of the level, so the file also carries the
 * Mains seats other journeys made (a score of 10 each, absent where their room says so). The Mains
 * publication is withdrawn at the end (the certificate released here taken back first: a released
 * certificate blocks a withdrawal), so journeys after this one find their candidates at the Mains.
 */
const MOTHER_NAME = 'Sunita Kulkarni';
const internalToken = process.env['INTERNAL_API_TOKEN'] ?? '';
const admin = { username: process.env['KBE_E2E_ADMIN_USERNAME'] ?? '', password: process.env['KBE_E2E_ADMIN_PASSWORD'] ?? '' };
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-9);

async function api<T>(path: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(path.startsWith('http') ? path : `${baseUrl}${path}`, init);
  const text = await response.text();
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}
const json = (body: unknown, headers: Record<string, string> = {}, method = 'POST'): RequestInit => ({ method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

async function checkPage(page: Page, name: string): Promise<void> {
  for (const [width, size] of [['1280', VIEWPORTS.desktop], ['375', VIEWPORTS.mobile]] as const) {
    await page.setViewportSize(size);
    await page.waitForTimeout(150); // tables and charts re-lay out
    await expectNoAxeViolations(page, `${name} at ${width} px`);
    await screenshot(page, `results-${name}-${width}`);
    if (width === '375') {
      const overflow = await horizontalOverflow(page);
      if (overflow.scrollWidth > overflow.innerWidth + 1) {
        throw new Error(`${name} scrolls sideways at 375 px (${overflow.scrollWidth} > ${overflow.innerWidth}): ${overflow.widest.join(', ')}`);
      }
    }
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

/** The cells of a table's row whose row header is `rowHeader`. */
const rowCells = async (page: Page, table: string, rowHeader: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ has: page.getByRole('rowheader', { name: rowHeader, exact: true }) }).locator('th, td').allTextContents();

describe('results: import through the Results tab, publication, the public merit list', () => {
  let images: TestImages;
  let token: string;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const asAdmin = (init: RequestInit = {}): RequestInit => ({ ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` } });
  // a district of this run's own (outside the 36: matched by its name only), so no other journey's candidate sits here
  const district = `Resultpur ${unique()}`;
  const centreCode = `RS${unique().slice(-6)}`;
  const names = ['Asha Kulkarni', 'Rohan Patil', 'Meera Joshi', 'Vikram Shinde'];
  /** Roll numbers of this journey's candidates, in the order of `names`. */
  let rolls: string[] = [];
  /** The lines of every other seated Mains candidate. */
  let otherLines: string[] = [];
  /** Candidate codes, in the order of `names`. */
  const codes: string[] = [];

  async function allocate(): Promise<SeatAllocationJob> {
    const started = await api<{ data: SeatAllocationJob }>('/api/admin/seat-allocation', asAdmin(json({ level: 'Mains' })));
    for (const deadline = Date.now() + 60_000; Date.now() < deadline; ) {
      const { data } = await api<{ data: SeatAllocationJob }>(`/api/admin/seat-allocation/${started.data.id}`, asAdmin());
      if (data.status === 'completed' || data.status === 'failed') return data;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the seat allocation did not finish within 60 s');
  }

  /** Every Mains seat of every centre, with its room's attendance. */
  async function mainsSeats(): Promise<{ centre: string; seats: RoomAttendance['seats'] }[]> {
    const found: { centre: string; seats: RoomAttendance['seats'] }[] = [];
    for (let pageNumber = 1; ; pageNumber += 1) {
      const answer = await api<{ data: CentreView[]; pagination: { pages: number } }>(`/api/admin/centres?page=${pageNumber}&limit=100`, asAdmin());
      for (const centre of answer.data.filter((c) => c.sittings.some((sitting) => sitting.level === 'Mains'))) {
        const rooms = await api<{ data: RoomAttendance[] }>(`/api/admin/centres/${encodeURIComponent(centre.code)}/attendance?level=Mains`, asAdmin());
        found.push({ centre: centre.code, seats: rooms.data.flatMap((room) => room.seats) });
      }
      if (pageNumber >= answer.pagination.pages) return found;
    }
  }

  /** This journey's scores: two qualify (2 of 3 who sat, 40% rounded up), the fourth was absent. */
  const ourLines = (firstScore: string) => [`${rolls[0]},${firstScore},`, `${rolls[1]},98,`, `${rolls[2]},40,no`, `${rolls[3]},,yes`];
  const csvOf = (lines: string[]) => ['roll number,score,absent', ...lines].join('\n') + '\n';

  beforeAll(async () => {
    if (!internalToken || !admin.password) throw new Error('INTERNAL_API_TOKEN and the admin account must be set (tools/test/e2e-run.mjs)');
    images = await makeTestImages();
    ({ token } = await api<{ token: string }>('/api/admin/login', json(admin)));
    const school = await api<{ schoolCode: string }>('/api/schools/register', json(schoolPayload({ udiseCode: `27${unique()}` })));
    const { mentorCode } = await api<{ mentorCode: string }>('/api/mentors/register', json(mentorPayload(school.schoolCode, { contact: `97${unique().slice(-8)}` })));
    for (const name of names) {
      const form = candidateFormData(
        mentorCode,
        { personalDetails: { fullName: name, motherName: MOTHER_NAME }, contactDetails: { phoneNumber: `95${unique().slice(-8)}` }, educationalDetails: { kbeCategory: 'High' }, permanentAddress: { district, taluka: 'Result Taluka' } },
        { photo: readFileSync(images.photoJpeg), signature: readFileSync(images.signaturePng) },
      );
      // the first registers on the Marathi page: their SMS and documents are in Marathi
      if (codes.length === 0) form.append('language', 'mr');
      const { candidateCode } = await api<{ candidateCode: string }>('/api/candidates/register', { method: 'POST', body: form });
      await api(`http://127.0.0.1:3101/internal/candidates/${candidateCode}/fees-paid`, json({ feesPaid: true }, { 'x-internal-token': internalToken }, 'PATCH'));
      codes.push(candidateCode);
    }
    await api('/api/admin/centres', asAdmin(json({
      code: centreCode,
      name: `Resultpur Centre ${centreCode}`,
      address: 'Station road, Resultpur',
      district,
      taluka: 'Result Taluka',
      contact: '9876543210',
      rooms: [{ name: 'Hall A', capacity: 40 }],
      sittings: [{ level: 'Mains', category: 'High', date: '2027-01-17', startTime: '10:30', reportingTime: '09:45' }],
    })));
    const job = await allocate();
    if (job.status !== 'completed') throw new Error(`the seat allocation ${job.status}: ${job.error ?? ''}`);

    // the invigilator's record: the fourth candidate was absent, everyone else in the room sat
    const [hallA] = (await api<{ data: RoomAttendance[] }>(`/api/admin/centres/${centreCode}/attendance?level=Mains`, asAdmin())).data;
    if (!hallA) throw new Error(`no Mains seats at ${centreCode}`);
    rolls = codes.map((code) => hallA.seats.find((seat) => seat.candidateCode === code)?.rollNumber ?? '');
    expect(rolls.every((roll) => ROLL_NUMBER_PATTERN.test(roll))).toBe(true);
    await api(`/api/admin/centres/${centreCode}/attendance`, asAdmin(json({ level: 'Mains', room: 'Hall A', absentRollNumbers: [rolls[3]] }, {}, 'PUT')));

    // the other journeys' Mains seats; a line the check refuses (a candidate erased since) is left out
    const ours = new Set(rolls);
    otherLines = (await mainsSeats()).flatMap(({ seats }) => seats.filter((seat) => !ours.has(seat.rollNumber)).map((seat) => (seat.absent ? `${seat.rollNumber},,yes` : `${seat.rollNumber},10,`)));
    if (otherLines.length > 0) {
      const lines = [...ourLines('99.5'), ...otherLines];
      const check = await api<{ data: { problems: { line: number | null }[] } }>('/api/admin/results/import', asAdmin(json({ level: 'Mains', csv: csvOf(lines), dryRun: true })));
      const refused = new Set(check.data.problems.map((problem) => problem.line).filter((line): line is number => line !== null));
      otherLines = otherLines.filter((_, index) => !refused.has(index + ourLines('99.5').length + 2));
    }

    browser = await launchBrowser();
    ({ context, page } = await openPage(browser, VIEWPORTS.desktop));
  }, 180_000);

  afterAll(async () => {
    // journeys after this one seat and release at the Mains: take the certificate and the publication back
    if (token && codes[0]) await api(`/api/admin/candidates/${codes[0]}/certificate`, asAdmin(json({ certificateReleased: false }, {}, 'PATCH'))).catch(() => undefined);
    if (token) await api('/api/admin/results/withdraw', asAdmin(json({ level: 'Mains' }))).catch(() => undefined);
    await context?.close();
    await browser?.close();
    images?.cleanup();
  });

  it('logs in and opens the Results tab at the Mains, with nothing imported', async () => {
    await page.goto(`${baseUrl}/admin/login`);
    await page.getByLabel('Username').fill(admin.username);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await page.getByRole('tab', { name: 'Results', exact: true }).click();
    await page.getByRole('heading', { name: 'Results', level: 2, exact: true }).waitFor();
    expect(await page.getByLabel('Level', { exact: true }).inputValue()).toBe('Mains');
    await page.getByTestId('results-status').getByText('No results imported').waitFor({ timeout: 20_000 });
  }, 60_000);

  it('checks the pasted scores and lists the wrong line; the corrected file checks clean and imports', async () => {
    const paste = page.getByLabel('Or paste the CSV');
    await paste.fill(csvOf([...ourLines('105'), ...otherLines]));
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    const problems = page.getByRole('table', { name: 'Results problems by line' });
    await problems.waitFor({ timeout: 20_000 });
    expect(await problems.getByRole('row').nth(1).getByRole('cell').allTextContents()).toEqual(['2', 'score', 'Score must be between 0 and 100 (the Mains paper)']);
    expect(await problems.getByRole('row').count()).toBe(2);
    expect(await page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    await checkPage(page, 'check-with-problems');

    await paste.fill(csvOf([...ourLines('99.5'), ...otherLines]));
    await page.getByRole('button', { name: 'Check', exact: true }).click();
    await page.getByText(/^No problems found in \d+ lines?:/).waitFor({ timeout: 20_000 });
    const imported = page.waitForResponse((res) => res.url().endsWith('/api/admin/results/import') && res.request().method() === 'POST');
    await page.getByRole('button', { name: 'Import', exact: true }).click();
    expect((await imported).status()).toBe(200);
    await page.getByText(/^Imported: \d+ lines?:/).waitFor({ timeout: 20_000 });
    await page.getByTestId('results-status').getByText('Imported, not published').waitFor({ timeout: 20_000 });
  }, 90_000);

  it('shows the High candidates’ summary and ranks: two qualify at the cut-off 98, the absentee unranked', async () => {
    await page.getByRole('table', { name: 'Mains results by category' }).waitFor({ timeout: 20_000 });
    expect(await rowCells(page, 'Mains results by category', 'High')).toEqual(['High', '3', '1', '2', '98', '2', '1 gold, 1 silver, 1 bronze', '99.5', '98']);
    await page.getByRole('table', { name: 'High candidates by score range' }).waitFor({ state: 'attached' });

    await page.getByLabel('Category', { exact: true }).selectOption('High');
    const ranked = page.getByRole('table', { name: 'Mains High ranked list' });
    await ranked.getByRole('row').filter({ hasText: rolls[0] }).waitFor({ timeout: 20_000 });
    const rows = await ranked.getByRole('row').evaluateAll((trs) => trs.slice(1).map((tr) => Array.from(tr.children).map((cell) => cell.textContent)));
    expect(rows.map(([rank, roll, , , score, medal, qualified]) => [rank, roll, score, medal, qualified])).toEqual([
      ['1', rolls[0], '99.5', 'Gold', 'Qualified'],
      ['2', rolls[1], '98', 'Silver', 'Qualified'],
      ['3', rolls[2], '40', 'Bronze', 'No'],
      ['—', rolls[3], 'Absent', '—', 'No'],
    ]);
    await checkPage(page, 'summary');
  }, 60_000);

  it('publishes after the confirmation, and the public merit list answers with the qualified', async () => {
    await page.getByRole('button', { name: 'Publish the Mains results' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(/gets an SMS\. The \d+ qualified candidates? move on to the Advanced level\./).waitFor();
    await checkPage(page, 'publish-confirmation');
    const published = page.waitForResponse((res) => res.url().endsWith('/api/admin/results/publish'), { timeout: 120_000 });
    await dialog.getByRole('button', { name: 'Publish and send the SMS' }).click();
    // 200 when the hand-over ends within a few seconds, else 202 and the tab follows its progress
    expect([200, 202]).toContain((await published).status());
    await dialog.waitFor({ state: 'detached', timeout: 20_000 });
    await page.getByTestId('results-status').getByText('Published', { exact: true }).waitFor({ timeout: 120_000 });
    expect(await page.getByRole('button', { name: 'Withdraw the Mains results' }).isEnabled()).toBe(true);

    const merit = await api<{ data: MeritList }>(meritListPath('Mains'));
    expect(merit.data.level).toBe('Mains');
    expect(merit.data.categories.find((category) => category.category === 'High')?.entries).toEqual([
      { rollNumber: rolls[0], rank: 1 },
      { rollNumber: rolls[1], rank: 2 },
    ]);
  }, 180_000);

  it('a parent sees the result on the Marathi downloads page and downloads the merit certificate in Marathi', async () => {
    await api(`/api/admin/candidates/${codes[0]}/certificate`, asAdmin(json({ certificateReleased: true }, {}, 'PATCH')));
    const parent = await openPage(browser, VIEWPORTS.mobile);
    try {
      const { page: downloads } = parent;
      await downloads.goto(`${baseUrl}/mr/einstein-quest/downloads?action=result`);
      await waitForInteractive(downloads, 'downloads');
      await downloads.getByLabel('नोंदणी क्रमांक').fill(codes[0] ?? '');
      await downloads.getByLabel('प्रमाणपत्र', { exact: true }).check();
      await downloads.getByRole('button', { name: 'विद्यार्थी शोधा' }).click();
      const mother = downloads.getByLabel('आईचे नाव');
      await mother.waitFor({ timeout: 20_000 }).catch(async () => {
        await screenshot(downloads, 'results-downloads-after-search');
        throw new Error(`no mother's name field after the search; the page says: ${(await downloads.locator('body').innerText()).replace(/\s+/g, ' ').slice(0, 600)}`);
      });
      await mother.fill(MOTHER_NAME);
      await downloads.getByRole('button', { name: 'निकाल पहा' }).click();
      const result = downloads.getByTestId('candidate-result');
      await result.waitFor({ timeout: 20_000 });
      const shown = (await result.innerText()).replace(/\s+/g, ' ');
      expect(shown).toContain('सुवर्ण');
      expect(shown).toContain('Advanced स्तरासाठी पात्र');
      await expectNoAxeViolations(downloads, 'the result on the Marathi downloads page');
      // the best certificate earned is offered first: the merit certificate
      expect(await downloads.getByRole('radio', { name: 'गुणवत्ता प्रमाणपत्र' }).isChecked()).toBe(true);
      const [download] = await Promise.all([
        downloads.waitForEvent('download', { timeout: 60_000 }),
        downloads.getByRole('button', { name: 'पडताळणी करा आणि डाउनलोड करा' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${codes[0]}_certificate.pdf`);
      const dir = mkdtempSync(join(tmpdir(), 'kbe-e2e-results-'));
      try {
        const file = join(dir, download.suggestedFilename());
        await download.saveAs(file);
        const printed = execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-']).toString('utf8').replace(/\s+/g, ' ');
        expect(printed).toContain('सुवर्णपदक');
        expect(printed).toContain('Gold medal, rank 1 in the High category, Mains level');
        expect(printed).toContain(names[0]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    } finally {
      await parent.context.close();
    }
  }, 120_000);
});
