import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PORTAL_IMPORT_MESSAGES, PORTAL_PATHS, portalImportPath, type PortalImportJob } from '@kbe/contracts/zod-free';

import { BulkRegistration } from './bulk-registration';
import { renderScreen, screenServer, type ScreenServer } from './portal-screens.testing';

const JOB_ID = '6750f0c2a1b2c3d4e5f60718';

function job(overrides: Partial<PortalImportJob> = {}): PortalImportJob {
  return {
    id: JOB_ID,
    dryRun: true,
    status: 'queued',
    fileName: 'class-7.csv',
    total: 3,
    processed: 0,
    registered: 0,
    alreadyRegistered: 0,
    failed: 0,
    createdAt: '2026-11-28T04:00:00.000Z',
    finishedAt: null,
    rows: [],
    ...overrides,
  };
}

const DRY_RUN_DONE = job({
  status: 'completed',
  processed: 3,
  registered: 2,
  failed: 1,
  finishedAt: '2026-11-28T04:00:05.000Z',
  rows: [
    { row: 2, status: 'valid', name: 'Aarav Patil', errors: [] },
    {
      row: 3,
      status: 'invalid',
      name: 'Diya More',
      errors: [
        { field: 'personalDetails.dateOfBirth', message: 'Please enter a valid date of birth (YYYY-MM-DD)' },
        { field: 'photo', message: 'The ZIP has no file named diya.jpg' },
      ],
    },
    { row: 4, status: 'valid', name: 'Kabir Shinde', errors: [] },
  ],
});

const sheetFile = new File(['mentorCode,personalDetails.fullName\n'], 'class-7.csv', { type: 'text/csv' });
const zipFile = new File(['PK'], 'photos.zip', { type: 'application/zip' });

async function renderWithFiles(server: ScreenServer) {
  server.answerAt(PORTAL_PATHS.imports, 200, { success: true, data: { imports: [], pagination: { current: 1, pages: 0, total: 0 } } });
  await renderScreen(<BulkRegistration pollMs={5} />, server);
  await screen.findByText('No uploads yet.');
  await act(async () => {
    fireEvent.change(screen.getByLabelText('Sheet of pupils (CSV or XLSX)'), { target: { files: [sheetFile] } });
    fireEvent.change(screen.getByLabelText('Photos and signatures (ZIP)'), { target: { files: [zipFile] } });
  });
}

describe('bulk registration', () => {
  beforeEach(() => sessionStorage.clear());

  it('checks the files first (a dry run): progress, then a report per row and field, and the valid rows counted', async () => {
    const server = screenServer();
    await renderWithFiles(server);
    server.answerAt(PORTAL_PATHS.imports, 202, { success: true, data: job() });
    server.answerAt(portalImportPath(JOB_ID), 200, { success: true, data: job({ status: 'running', processed: 1, rows: [DRY_RUN_DONE.rows[0]] }) });
    server.answerAt(portalImportPath(JOB_ID), 200, { success: true, data: DRY_RUN_DONE });
    server.answerAt(PORTAL_PATHS.imports, 200, { success: true, data: { imports: [DRY_RUN_DONE], pagination: { current: 1, pages: 1, total: 1 } } });

    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    });
    const upload = server.requests.find((request) => request.method === 'POST');
    expect(upload).toMatchObject({ url: PORTAL_PATHS.imports, authorization: 'Bearer tok-school-1' });
    const form = server.forms[0];
    expect((form.get('file') as File).name).toBe('class-7.csv');
    expect((form.get('photos') as File).name).toBe('photos.zip');
    expect(form.get('dryRun')).toBe('true');

    await waitFor(() => expect(screen.getByTestId('import-summary').textContent).toBe('Can be registered: 2 · Already registered: 0 · With errors: 1'));
    expect(screen.getByTestId('import-progress-text').textContent).toBe('3 of 3 rows done');
    expect(screen.getByTestId('import-progress-text').getAttribute('aria-live')).toBe('polite');
    expect(screen.getByRole('progressbar', { name: 'Done' })).toBeTruthy();
    const invalid = screen.getByTestId('import-row-3');
    expect(within(invalid).getByText('Row 3')).toBeTruthy();
    expect(within(invalid).getByText('Invalid')).toBeTruthy();
    const errors = within(invalid).getAllByRole('definition').map((item) => item.textContent);
    const fields = within(invalid).getAllByRole('term').map((item) => item.textContent);
    expect(fields).toEqual(['personalDetails.dateOfBirth', 'photo']);
    expect(errors).toEqual(['Please enter a valid date of birth (YYYY-MM-DD)', 'The ZIP has no file named diya.jpg']);
    expect(within(screen.getByTestId('import-row-2')).getByText('Valid')).toBeTruthy();
    await waitFor(() => expect(within(screen.getByTestId('recent-imports')).getByText('class-7.csv')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Register 2 pupils' })).toBeTruthy();
  });

  it('registers with the same files: a progress bar, then the outcome per row with the candidate codes', async () => {
    const server = screenServer();
    await renderWithFiles(server);
    server.answerAt(PORTAL_PATHS.imports, 202, { success: true, data: DRY_RUN_DONE });
    server.answerAt(PORTAL_PATHS.imports, 200, { success: true, data: { imports: [], pagination: { current: 1, pages: 0, total: 0 } } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    });
    const register = await screen.findByRole('button', { name: 'Register 2 pupils' });

    const importId = '6750f0c2a1b2c3d4e5f60719';
    const started = job({ id: importId, dryRun: false, total: 3 });
    server.answerAt(PORTAL_PATHS.imports, 202, { success: true, data: started });
    server.answerAt(portalImportPath(importId), 200, { success: true, data: { ...started, status: 'running', processed: 2 } });
    server.answerAt(portalImportPath(importId), 200, {
      success: true,
      data: {
        ...started,
        status: 'completed',
        processed: 3,
        registered: 1,
        alreadyRegistered: 1,
        failed: 1,
        rows: [
          { row: 2, status: 'registered', name: 'Aarav Patil', candidateCode: 'KBE26ABC123', errors: [] },
          { row: 3, status: 'already-registered', name: 'Diya More', candidateCode: 'KBE26DEF456', errors: [] },
          { row: 4, status: 'failed', name: 'Kabir Shinde', errors: [{ field: 'row', message: PORTAL_IMPORT_MESSAGES.rowFailed }] },
        ],
      },
    });
    server.answerAt(PORTAL_PATHS.imports, 200, { success: true, data: { imports: [], pagination: { current: 1, pages: 0, total: 0 } } });
    await act(async () => {
      fireEvent.click(register);
    });
    expect(server.forms[1].get('dryRun')).toBe('false');
    expect((server.forms[1].get('file') as File).name).toBe('class-7.csv');
    expect((server.forms[1].get('photos') as File).name).toBe('photos.zip');
    expect(screen.getByRole('heading', { name: 'Registration from class-7.csv' })).toBeTruthy();

    await waitFor(() => expect(screen.getByTestId('import-summary').textContent).toBe('Registered: 1 · Already registered: 1 · With errors: 1'));
    expect(screen.getByTestId('import-progress-text').textContent).toBe('3 of 3 rows done');
    expect(screen.getByTestId('import-row-2').textContent).toBe('Row 2Aarav PatilRegisteredKBE26ABC123');
    expect(screen.getByTestId('import-row-3').textContent).toBe('Row 3Diya MoreAlready registeredKBE26DEF456');
    expect(screen.getByTestId('import-row-4').textContent).toBe(`Row 4Kabir ShindeFailedrow${PORTAL_IMPORT_MESSAGES.rowFailed}`);
  });

  it("shows the progress while the job runs (processed of total, read out)", async () => {
    const server = screenServer();
    await renderWithFiles(server);
    server.answerAt(PORTAL_PATHS.imports, 202, { success: true, data: job({ status: 'running', processed: 1, total: 3 }) });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    });
    expect(screen.getByTestId('import-progress-text').textContent).toBe('1 of 3 rows done');
    const bar = screen.getByRole('progressbar', { name: 'In progress' });
    expect(bar.getAttribute('value')).toBe('1');
    expect(bar.getAttribute('max')).toBe('3');
    expect(screen.getByRole('button', { name: 'Check (dry run)' }).hasAttribute('disabled')).toBe(true);
  });

  it.each([
    [400, PORTAL_IMPORT_MESSAGES.fileType],
    [413, PORTAL_IMPORT_MESSAGES.photosTooLarge],
    [429, 'Too many uploads. Please try again in 40 minutes'],
  ])("shows a refused upload (%i) with the server's message and keeps the chosen files", async (status, message) => {
    const server = screenServer();
    await renderWithFiles(server);
    server.fail(status, message);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    });
    expect(screen.getByTestId('import-error').textContent).toBe(message);
    expect(screen.getByTestId('chosen-sheet').textContent).toBe('Chosen: class-7.csv');
    expect(screen.getByTestId('chosen-photos').textContent).toBe('Chosen: photos.zip');

    // the same files go again
    server.answerAt(PORTAL_PATHS.imports, 202, { success: true, data: job({ status: 'running', processed: 0 }) });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Check (dry run)' }));
    });
    expect((server.forms[1].get('file') as File).name).toBe('class-7.csv');
    expect((server.forms[1].get('photos') as File).name).toBe('photos.zip');
    expect(screen.queryByTestId('import-error')).toBeNull();
  });

  it('lists the recent uploads and links the template', async () => {
    const server = screenServer();
    server.answerAt(PORTAL_PATHS.imports, 200, { success: true, data: { imports: [{ ...DRY_RUN_DONE, rows: undefined }], pagination: { current: 1, pages: 1, total: 1 } } });
    await renderScreen(<BulkRegistration pollMs={5} />, server);
    const recent = await screen.findByTestId('recent-imports');
    expect(within(recent).getByRole('listitem').textContent).toContain('Check · Done · ');
    expect(within(recent).getByRole('listitem').textContent).toContain('Can be registered: 2 · Already registered: 0 · With errors: 1');
    expect(server.path(0)).toBe(`${PORTAL_PATHS.imports}?page=1&limit=10`);
    expect(screen.getByRole('button', { name: 'Download the template (CSV)' })).toBeTruthy();
  });
});
