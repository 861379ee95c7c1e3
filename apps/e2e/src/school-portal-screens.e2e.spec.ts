import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { CANDIDATE_CODE_PATTERN, PORTAL_HALL_TICKET_MESSAGES, PORTAL_IMPORT_COLUMNS, PORTAL_PATHS } from '@kbe/contracts';
import { parseCsv } from '@kbe/server-csv';
import { expectNoAxeViolations } from './support/axe';
import { baseUrl, launchBrowser, openPage, screenshot } from './support/browser';
import { horizontalOverflow, VIEWPORTS } from './support/layout';
import { candidateFormData, mentorPayload, schoolPayload } from './support/registration-payloads';
import { askForCode, openPortal, signIn, textWhen } from './support/school-portal';
import { makeTestImages, type TestImages } from './support/test-images';

/**
 * The school portal's signed-in screens (issue 27) through the one URL: a school, a mentor and a
 * pupil registered through the API; the school signs in with the code its SMS carried, checks and
 * then registers a second pupil from the template's CSV and a ZIP of the photo and signature
 * (Bulk registration), meets the server's 409 before any hall ticket is released and downloads
 * the class's PDF once one is (Hall tickets), and asks for a correction of the first pupil's
 * father's name (Corrections), also at 375 px.
 */
const SUFFIX = Date.now().toString().slice(-8);
const SCHOOL_NAME = 'Portal Screens High School';
const MENTOR_NAME = 'Rekha Gokhale';
const PUPIL_NAME = 'Tanvi Deshpande';
const IMPORTED_NAME = 'Omkar Kulkarni';
const NEW_FATHER_NAME = 'Vinayak Deshpande';
const PHOTO_FILE = 'omkar-kulkarni-photo.jpg';
const SIGNATURE_FILE = 'omkar-kulkarni-signature.jpg';

/** registration-service's internal API (not routed by the edge): releases the hall ticket as the admin service would. */
const registrationUrl = process.env['REGISTRATION_SERVICE_URL'] ?? 'http://127.0.0.1:3101';
const internalToken = process.env['INTERNAL_API_TOKEN'] ?? '';

const json = (body: unknown): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function api<T>(path: string, init: RequestInit & { base?: string } = {}): Promise<T> {
  const response = await fetch(`${init.base ?? baseUrl}${path}`, init);
  const body = (await response.json()) as T;
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${response.status}: ${JSON.stringify(body)}`);
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
    json(schoolPayload({ schoolName: SCHOOL_NAME, udiseCode: `27${SUFFIX}1`, contact: `94${SUFFIX}` })),
  );
  const { mentorCode } = await api<{ mentorCode: string }>('/api/mentors/register', json(mentorPayload(schoolCode, { name: MENTOR_NAME, contact: `93${SUFFIX}` })));
  const form = candidateFormData(
    mentorCode,
    { personalDetails: { fullName: PUPIL_NAME }, contactDetails: { phoneNumber: `92${SUFFIX}` } },
    { photo: readFileSync(images.photoJpeg), signature: readFileSync(images.signaturePng) },
  );
  const { candidateCode } = await api<{ candidateCode: string }>('/api/candidates/register', { method: 'POST', body: form });
  return { schoolCode, mentorCode, candidateCode };
}

async function releaseHallTicket(code: string): Promise<void> {
  const headers = { 'content-type': 'application/json', 'x-internal-token': internalToken };
  await api(`/internal/candidates/${code}/fees-paid`, { base: registrationUrl, method: 'PATCH', headers, body: JSON.stringify({ feesPaid: true }) });
  await api(`/internal/candidates/${code}/hall-ticket`, { base: registrationUrl, method: 'PATCH', headers, body: JSON.stringify({ hallTicketReleased: true }) });
}

const csvCell = (value: string): string => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** A ZIP of stored (uncompressed) files, no data descriptors: enough for the portal's ZIP reader. */
function storedZip(files: ReadonlyArray<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name, 'utf8');
    const crc = crc32(file.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(file.data.length, 18);
    local.writeUInt32LE(file.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4); // version made by
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(0, 10);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(file.data.length, 20);
    central.writeUInt32LE(file.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, file.data);
    centrals.push(central, name);
    offset += local.length + name.length + file.data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/**
 * Waits until the pupil is listed. The list is the candidate directory's (a read model): a pupil
 * registered a moment ago may need another look, which a new search asks for.
 */
async function untilListed(page: Page, name: string): Promise<void> {
  const search = page.getByLabel('Search by name or candidate code');
  for (let attempt = 0; ; attempt += 1) {
    try {
      await page.getByTestId('pupil-table').getByText(name).waitFor({ timeout: 5_000 });
      return;
    } catch (error) {
      if (attempt >= 6) throw error;
      await search.fill(attempt % 2 === 0 ? name.split(' ')[0] : '');
    }
  }
}

async function openSection(page: Page, section: 'Overview' | 'Bulk registration' | 'Hall tickets' | 'Results' | 'Corrections'): Promise<void> {
  const button = page.getByTestId('portal-sections').getByRole('button', { name: section, exact: true });
  await button.click();
  await expect(button.getAttribute('aria-current')).resolves.toBe('page');
}

/** Clicks a button that saves a file and answers the browser's download. */
async function downloadBy(page: Page, buttonName: string): Promise<Download> {
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), page.getByRole('button', { name: buttonName }).click()]);
  return download;
}

describe("the school portal's screens: bulk registration, the class's hall tickets, corrections", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let images: TestImages;
  let registered: Registered;
  let workDir: string;
  let importedCode: string;

  beforeAll(async () => {
    if (!internalToken) throw new Error("INTERNAL_API_TOKEN is not set (npm test passes the stack profile's token to the journeys)");
    images = await makeTestImages();
    registered = await register(images);
    workDir = mkdtempSync(join(tmpdir(), 'kbe-e2e-portal-screens-'));
    browser = await launchBrowser();
    ({ context, page } = await openPage(browser));
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    images?.cleanup();
    if (workDir) rmSync(workDir, { recursive: true, force: true });
  });

  it('signs the school in with the code from the SMS', async () => {
    await openPortal(page);
    const code = await askForCode(page, registered.schoolCode);
    await signIn(page, code, SCHOOL_NAME);
    await expect(page.getByTestId('portal-code').innerText()).resolves.toBe(registered.schoolCode);
    await untilListed(page, PUPIL_NAME);
  }, 120_000);

  it("bulk registration: the template's CSV with a new pupil and a ZIP of the photos, checked (valid), then registered with a candidate code; axe clean", async () => {
    const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('kbe.schoolPortal.session') ?? '{}') as { token?: string }).token);
    expect(token).toEqual(expect.any(String));
    const response = await fetch(`${baseUrl}${PORTAL_PATHS.importTemplate}`, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    const [header, example, ...rest] = parseCsv(await response.text()).map((row) => row.cells);
    expect(rest).toEqual([]);
    const columns = header;
    expect(columns).toEqual([...PORTAL_IMPORT_COLUMNS]);
    const values: Record<string, string> = Object.fromEntries(columns.map((column, index) => [column, example[index]]));
    Object.assign(values, {
      mentorCode: registered.mentorCode,
      'personalDetails.fullName': IMPORTED_NAME,
      'personalDetails.fatherName': 'Prakash Kulkarni',
      'personalDetails.motherName': 'Smita Kulkarni',
      'guardianDetails.name': 'Smita Kulkarni',
      'contactDetails.phoneNumber': `91${SUFFIX}`,
      'guardianDetails.phoneNumber': `90${SUFFIX}`,
      photo: PHOTO_FILE,
      signature: SIGNATURE_FILE,
    });
    const sheet = join(workDir, 'pupils.csv');
    writeFileSync(sheet, `${header.map(csvCell).join(',')}\r\n${columns.map((column) => csvCell(values[column])).join(',')}\r\n`, 'utf8');
    const photo = await sharp(readFileSync(images.photoJpeg)).jpeg({ quality: 80 }).toBuffer();
    const signature = await sharp(readFileSync(images.signaturePng)).flatten({ background: '#ffffff' }).jpeg({ quality: 85 }).toBuffer();
    const zip = join(workDir, 'photos.zip');
    writeFileSync(zip, storedZip([{ name: PHOTO_FILE, data: photo }, { name: SIGNATURE_FILE, data: signature }]));

    await openSection(page, 'Bulk registration');
    const screen = page.getByTestId('bulk-registration');
    await screen.waitFor();
    await screen.getByLabel('Sheet of pupils (CSV or XLSX)').setInputFiles(sheet);
    await screen.getByLabel('Photos and signatures (ZIP)').setInputFiles(zip);
    await expect(screen.getByTestId('chosen-sheet').innerText()).resolves.toBe('Chosen: pupils.csv');
    await expect(screen.getByTestId('chosen-photos').innerText()).resolves.toBe('Chosen: photos.zip');

    // The dry run: the row is valid, nobody is registered.
    await screen.getByRole('button', { name: 'Check (dry run)' }).click();
    expect(await textWhen(page, 'import-summary', /^Can be registered/)).toBe('Can be registered: 1 · Already registered: 0 · With errors: 0');
    const checkedRows = page.getByTestId('import-rows').getByRole('listitem');
    await expect(checkedRows.count()).resolves.toBe(1);
    const checkedRow = await checkedRows.first().innerText();
    expect(checkedRow).toContain(IMPORTED_NAME);
    expect(checkedRow).toContain('Valid');
    expect(checkedRow).not.toMatch(/KBE\d{6}/);

    // The import: the same files, the row registered with its candidate code.
    await screen.getByRole('button', { name: 'Register 1 pupil' }).click();
    expect(await textWhen(page, 'import-summary', /^Registered/)).toBe('Registered: 1 · Already registered: 0 · With errors: 0');
    const rows = page.getByTestId('import-rows').getByRole('listitem');
    await expect(rows.count()).resolves.toBe(1);
    const row = await rows.first().innerText();
    expect(row).toContain(IMPORTED_NAME);
    expect(row).toContain('Registered');
    const found = /KBE\d{6}[A-Z0-9]{3}/.exec(row)?.[0];
    expect(found).toMatch(CANDIDATE_CODE_PATTERN);
    importedCode = found ?? '';
    expect(importedCode).not.toBe(registered.candidateCode);
    await expectNoAxeViolations(page, 'school portal bulk registration');
    await screenshot(page, 'school-portal-bulk-registration');
  }, 180_000);

  it("hall tickets: the server's 409 while none is released; once one is, the class's PDF downloads", async () => {
    await openSection(page, 'Hall tickets');
    const screen = page.getByTestId('hall-tickets');
    await screen.waitFor();
    await screen.getByRole('button', { name: 'Prepare the PDF' }).click();
    expect(await textWhen(page, 'hall-tickets-error', PORTAL_HALL_TICKET_MESSAGES.noneReleased)).toBe(PORTAL_HALL_TICKET_MESSAGES.noneReleased);
    await expect(screen.getByRole('button', { name: 'Download PDF' }).count()).resolves.toBe(0);
    await expectNoAxeViolations(page, 'school portal hall tickets, none released');

    await releaseHallTicket(registered.candidateCode);
    // The release reaches the candidate directory (a read model) a moment later: ask again until the job starts.
    for (let attempt = 0; ; attempt += 1) {
      await screen.getByRole('button', { name: 'Prepare the PDF' }).click();
      try {
        await page.getByTestId('hall-tickets-progress').waitFor({ timeout: 5_000 });
        break;
      } catch (error) {
        if (attempt >= 12) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
    }
    await screen.getByRole('button', { name: 'Download PDF' }).waitFor({ timeout: 120_000 });
    const pdf = await downloadBy(page, 'Download PDF');
    expect(pdf.suggestedFilename()).toBe(`${registered.schoolCode}_hall-tickets.pdf`);
    await pdf.saveAs(join(workDir, 'hall-tickets.pdf'));
    expect(readFileSync(join(workDir, 'hall-tickets.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await expect(page.getByTestId('hall-tickets-error').count()).resolves.toBe(0);
  }, 240_000);

  it('results: before any is published, the Mains report says so and offers no download; axe clean', async () => {
    await openSection(page, 'Results');
    const screen = page.getByTestId('results-report');
    await screen.waitFor();
    await page.getByTestId('results-empty').getByText('No Mains results are published for your pupils yet.').waitFor({ timeout: 20_000 });
    await expect(screen.getByRole('button', { name: 'Download CSV' }).count()).resolves.toBe(0);
    await expectNoAxeViolations(page, 'school portal results, none published');
  }, 60_000);

  it("corrections: asked for the pupil from the overview (the father's name), listed as open; no sideways scroll at 375 px; axe clean", async () => {
    await openSection(page, 'Overview');
    await untilListed(page, PUPIL_NAME);
    await page.getByTestId('pupil-table').getByRole('button', { name: `Ask for a correction for ${PUPIL_NAME}` }).click();
    const screen = page.getByTestId('corrections');
    await screen.getByRole('heading', { name: `Ask for a correction for ${PUPIL_NAME}` }).waitFor();
    await expect(page.getByTestId('portal-sections').getByRole('button', { name: 'Corrections', exact: true }).getAttribute('aria-current')).resolves.toBe('page');
    await expect(screen.getByLabel('Candidate code').inputValue()).resolves.toBe(registered.candidateCode);
    await screen.getByLabel("Father's name").fill(NEW_FATHER_NAME);
    await screen.getByRole('button', { name: 'Send the request' }).click();
    const sent = await textWhen(page, 'correction-sent', /Correction requested/);
    const id = /^Correction requested \((CR\d+)\)\. The organisers will check it\.$/.exec(sent)?.[1];
    expect(id).toEqual(expect.any(String));
    await expect(page.getByTestId('correction-error').count()).resolves.toBe(0);

    const item = page.getByTestId(`correction-${id}`);
    await item.waitFor({ timeout: 30_000 });
    const text = await item.innerText();
    expect(text).toContain(PUPIL_NAME);
    expect(text).toContain(registered.candidateCode);
    expect(text).toContain('Waiting for the organisers');
    expect(text).toContain("Father's name");
    expect(text).toContain(`→ ${NEW_FATHER_NAME}`);
    await expect(page.getByTestId('correction-list').getByRole('listitem').count()).resolves.toBe(1);
    await expectNoAxeViolations(page, 'school portal corrections');

    await page.setViewportSize(VIEWPORTS.mobile);
    await item.scrollIntoViewIfNeeded();
    const overflow = await horizontalOverflow(page);
    expect(overflow.widest).toEqual([]);
    expect(overflow.scrollWidth).toBeLessThanOrEqual(overflow.innerWidth);
    expect(overflow.innerWidth).toBe(VIEWPORTS.mobile.width);
    await expectNoAxeViolations(page, 'school portal corrections at 375 px');
    await screenshot(page, 'school-portal-corrections-phone');
  }, 120_000);
});
