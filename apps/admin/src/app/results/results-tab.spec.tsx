import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { LevelResultsSummary } from '@kbe/contracts';

import { createFakeAdminServer, ok, pagination, renderAdmin } from '../fake-admin-server.testing';
import ResultsTab from './results-tab';
import { categoryResults, importReport, levelSummary, rankedResult } from './results.testing';

const SUMMARY = '/api/admin/results/Mains';
const CANDIDATES = '/api/admin/results/Mains/candidates';
const IMPORT = '/api/admin/results/import';
const CSV = 'roll number,score,absent\nM-21-014-0001-0,92.5,\nM-21-014-0002-0,,yes\n';

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').map((row) => Array.from(row.children).map((cell) => cell.textContent));
const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;
const bodyOf = (server: ReturnType<typeof createFakeAdminServer>, path: string) => server.calls('POST', path).map((r) => r.body);

/** The tab over a fake server whose Mains summary answers `summaries` in turn (the last one repeats); no summary: 404. */
function setup(summaries: LevelResultsSummary[] = [], role: 'admin' | 'viewer' = 'admin') {
  const server = createFakeAdminServer();
  const answers = [...summaries];
  server.on(`GET ${SUMMARY}`, () => {
    const next = answers.length > 1 ? answers.shift() : answers[0];
    return next ? ok(next) : { status: 404, body: { statusCode: 404, message: 'No Mains results are imported' } };
  });
  server.on(`GET ${CANDIDATES}`, (r) => {
    const rows = r.query.get('category') === 'Sec' ? [rankedResult(1, { category: 'Sec', candidateCode: 'KBE200001SEC' })] : [1, 2, 3, 4, 5].map((n) => rankedResult(n));
    return { status: 200, body: { success: true, data: rows, pagination: pagination(30, Number(r.query.get('page') ?? 1), 25) } };
  });
  renderAdmin(<ResultsTab />, { server, user: { username: 'asha', role } });
  return server;
}

async function paste(csv = CSV) {
  fireEvent.change(await screen.findByLabelText('Or paste the CSV'), { target: { value: csv } });
}

describe('results tab', () => {
  it('checks the file as a dry run and lists every problem by line, column and message; Import stays off', async () => {
    const server = setup();
    server.on(`POST ${IMPORT}`, () =>
      ok(
        importReport({
          problems: [
            { line: 3, field: 'score', message: 'Score must be between 0 and 100' },
            { line: 4, field: 'roll number', message: 'M-21-014-0009-0 is not a Mains roll number' },
            { line: null, field: null, message: 'KBE100007ABC (Prime) has no line' },
          ],
        }),
      ),
    );
    expect(await screen.findByText('No results imported')).toBeTruthy();
    await paste();
    fireEvent.click(button('Check'));

    const problems = await screen.findByRole('table', { name: 'Results problems by line' });
    expect(rowsOf(problems)).toEqual([
      ['Line', 'Column', 'Problem'],
      ['3', 'score', 'Score must be between 0 and 100'],
      ['4', 'roll number', 'M-21-014-0009-0 is not a Mains roll number'],
      ['—', '—', 'KBE100007ABC (Prime) has no line'],
    ]);
    expect(screen.getByText('3 problems found: nothing was stored. Fix the lines and check again.')).toBeTruthy();
    expect(bodyOf(server, IMPORT)).toEqual([{ level: 'Mains', csv: CSV, dryRun: true, replace: false }]);
    expect(button('Import').disabled).toBe(true);
  });

  it('imports after a clean check, then shows the summary, the histograms as tables and the ranked list', async () => {
    const server = setup([levelSummary({ status: 'none', importedAt: null, importedBy: null, categories: [] }), levelSummary()]);
    server.on(`POST ${IMPORT}`, (r) => {
      const dryRun = (r.body as { dryRun: boolean }).dryRun;
      return ok(importReport({ dryRun, stored: !dryRun }));
    });
    await paste();
    fireEvent.click(button('Check'));
    expect(await screen.findByText(/No problems found in 12 lines: 10 sat, 2 absent\. Nothing is stored yet/)).toBeTruthy();
    fireEvent.click(button('Import'));

    expect(await screen.findByText('Imported: 12 lines: 10 sat, 2 absent.')).toBeTruthy();
    expect(bodyOf(server, IMPORT).map((b) => (b as { dryRun: boolean }).dryRun)).toEqual([true, false]);
    const summary = await screen.findByRole('table', { name: 'Mains results by category' });
    expect(rowsOf(summary)).toEqual([
      ['Category', 'Sat', 'Absent', 'Qualifying places', 'Cut-off', 'Qualified', 'Medals', 'Highest', 'Median'],
      ['Prime', '10', '2', '4', '61', '5', '1 gold, 1 silver, 2 bronze', '92.5', '48'],
    ]);
    const histogram = screen.getByRole('table', { name: 'Prime candidates by score range' });
    expect(rowsOf(histogram).slice(0, 4)).toEqual([
      ['Score range', 'Candidates'],
      ['0–10', '0'],
      ['10–20', '0'],
      ['20–30', '1'],
    ]);
    expect(screen.getByText(/Prime: 10 sat; the most candidates \(3\) scored 60–70/)).toBeTruthy();

    const ranked = await screen.findByRole('table', { name: 'Mains Prime ranked list' });
    await waitFor(() => expect(within(ranked).getAllByRole('row')).toHaveLength(6));
    expect(rowsOf(ranked)[1]).toEqual(['1', 'M-21-014-0001-0', 'KBE100001ABC', 'SCH-NSK4P2', '95', 'Gold', 'Qualified']);
    expect(server.calls('GET', CANDIDATES).at(-1)?.query.toString()).toBe('category=Prime&page=1&limit=25');
    expect(screen.getByText('Page 1 of 2 (30 in total)')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'Sec' } });
    await waitFor(() => expect(screen.getByRole('table', { name: 'Mains Sec ranked list' }).textContent).toContain('KBE200001SEC'));
    expect(server.calls('GET', CANDIDATES).at(-1)?.query.get('category')).toBe('Sec');
  });

  it('offers to replace stored results after the server’s 409, and sends replace only once confirmed', async () => {
    const server = setup([levelSummary()]);
    server.on(`POST ${IMPORT}`, (r) => {
      const body = r.body as { dryRun: boolean; replace: boolean };
      if (!body.replace && !body.dryRun) return { status: 409, body: { success: false, message: 'Mains results are already stored: send replace to replace them' } };
      return ok(importReport({ dryRun: body.dryRun, stored: !body.dryRun, replaced: body.replace && !body.dryRun }));
    });
    await screen.findByRole('table', { name: 'Mains results by category' });
    await paste();
    fireEvent.click(button('Check'));
    await waitFor(() => expect(button('Import').disabled).toBe(false));
    fireEvent.click(button('Import'));

    expect(await screen.findByText('Mains results are already stored: send replace to replace them')).toBeTruthy();
    fireEvent.click(button('Replace the stored results'));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText('Replace the stored Mains results?')).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodyOf(server, IMPORT)).toHaveLength(2);

    fireEvent.click(button('Replace the stored results'));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Replace the results' }));
    expect(await screen.findByText('Stored results replaced: 12 lines: 10 sat, 2 absent.')).toBeTruthy();
    expect(bodyOf(server, IMPORT).map((b) => b as { dryRun: boolean; replace: boolean }).map(({ dryRun, replace }) => ({ dryRun, replace }))).toEqual([
      { dryRun: true, replace: false },
      { dryRun: false, replace: false },
      { dryRun: false, replace: true },
    ]);
  });

  it('after a 409 on the check, checks again with replace once confirmed, and Import then replaces', async () => {
    const server = setup([levelSummary()]);
    server.on(`POST ${IMPORT}`, (r) => {
      const body = r.body as { dryRun: boolean; replace: boolean };
      if (!body.replace) return { status: 409, body: { success: false, message: 'Mains results were imported on 2027-02-01: send replace to replace them' } };
      return ok(importReport({ dryRun: body.dryRun, stored: !body.dryRun, replaced: !body.dryRun }));
    });
    await screen.findByRole('table', { name: 'Mains results by category' });
    await paste();
    fireEvent.click(button('Check'));
    expect(await screen.findByText('Mains results were imported on 2027-02-01: send replace to replace them')).toBeTruthy();
    expect(button('Import').disabled).toBe(true);

    fireEvent.click(button('Replace the stored results'));
    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText(/The file is checked first; Import then stores it\./)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Replace the results' }));
    expect(await screen.findByText(/No problems found in 12 lines/)).toBeTruthy();
    expect(screen.getByText('This file replaces the stored Mains results.')).toBeTruthy();
    fireEvent.click(button('Import'));
    expect(await screen.findByText('Stored results replaced: 12 lines: 10 sat, 2 absent.')).toBeTruthy();
    expect(bodyOf(server, IMPORT).map((b) => b as { dryRun: boolean; replace: boolean }).map(({ dryRun, replace }) => ({ dryRun, replace }))).toEqual([
      { dryRun: true, replace: false },
      { dryRun: true, replace: true },
      { dryRun: false, replace: true },
    ]);
  });

  it('publishes after a confirmation that says guardians get an SMS and the qualified move on', async () => {
    const server = setup([levelSummary({ categories: [categoryResults(), categoryResults({ category: 'Sec', candidates: 8, qualified: 3 })] })]);
    server.on('POST /api/admin/results/publish', () => ok(levelSummary({ status: 'published', publishedAt: '2027-02-05T04:30:00.000Z' })));
    fireEvent.click(await screen.findByRole('button', { name: 'Publish the Mains results' }));

    const dialog = within(await screen.findByRole('alertdialog'));
    expect(dialog.getByText('Publish the Mains results?')).toBeTruthy();
    expect(dialog.getByText(/The guardian of each of the 20 candidates with a result gets an SMS\. The 8 qualified candidates move on to the Advanced level\./)).toBeTruthy();
    expect(server.calls('POST', '/api/admin/results/publish')).toHaveLength(0);
    fireEvent.click(dialog.getByRole('button', { name: 'Publish and send the SMS' }));

    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(bodyOf(server, '/api/admin/results/publish')).toEqual([{ level: 'Mains' }]);
    expect(within(screen.getByTestId('results-status')).getByText('Published')).toBeTruthy();
    expect(button('Publish the Mains results').disabled).toBe(true);
    expect(button('Withdraw the Mains results').disabled).toBe(false);
  });

  it('follows a publication that runs on (202) with its progress until the level is published', async () => {
    const running = (processed: number) =>
      levelSummary({ publication: { startedAt: '2027-02-05T04:30:00.000Z', startedBy: 'asha', total: 400, processed, percent: Math.round((processed / 400) * 100), finishedAt: null, error: null } });
    const published = levelSummary({
      status: 'published',
      publishedAt: '2027-02-05T04:31:00.000Z',
      publication: { startedAt: '2027-02-05T04:30:00.000Z', startedBy: 'asha', total: 400, processed: 400, percent: 100, finishedAt: '2027-02-05T04:31:00.000Z', error: null },
    });
    const server = setup([levelSummary(), running(250), published]);
    server.on('POST /api/admin/results/publish', () => ({ status: 202, body: { success: true, data: running(100) } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Publish the Mains results' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Publish and send the SMS' }));

    expect((await screen.findByText(/^Publishing the Mains results:/)).textContent).toBe('Publishing the Mains results: 100 of 400 handed over (25%).');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(button('Publish the Mains results').disabled).toBe(true);
    await waitFor(() => expect(screen.getByText(/^Publishing the Mains results:/).textContent).toContain('250 of 400'), { timeout: 3000 });
    await waitFor(() => expect(within(screen.getByTestId('results-status')).getByText('Published')).toBeTruthy(), { timeout: 3000 });
    expect(screen.queryByText(/^Publishing the Mains results:/)).toBeNull();
    expect(screen.getAllByText('Results Published').length).toBeGreaterThan(0);
  });

  it('follows a publication already running when the tab opens, and says so when it stopped', async () => {
    const publication = { startedAt: '2027-02-05T04:30:00.000Z', startedBy: 'ravi', total: 400, processed: 120, percent: 30, finishedAt: null, error: null };
    const stopped = { ...publication, finishedAt: '2027-02-05T04:30:40.000Z', error: 'registration-service did not answer' };
    setup([levelSummary({ publication }), levelSummary({ publication }), levelSummary({ publication: stopped })]);

    expect((await screen.findByText(/^Publishing the Mains results:/)).textContent).toBe('Publishing the Mains results: 120 of 400 handed over (30%).');
    expect(await screen.findByText('The publication stopped: nothing is published', {}, { timeout: 3000 })).toBeTruthy();
    expect(screen.getByText('registration-service did not answer Publishing again is safe.')).toBeTruthy();
    expect(button('Publish the Mains results').disabled).toBe(false);
  });

  it('shows the server’s 409 when a withdrawal is refused', async () => {
    const server = setup([levelSummary({ status: 'published', publishedAt: '2027-02-05T04:30:00.000Z' })]);
    server.on('POST /api/admin/results/withdraw', () => ({ status: 409, body: { success: false, message: 'Certificates of the Mains are released: the results cannot be withdrawn' } }));
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw the Mains results' }));
    const dialog = within(await screen.findByRole('alertdialog'));
    fireEvent.click(dialog.getByRole('button', { name: 'Withdraw the results' }));

    expect((await dialog.findByRole('alert')).textContent).toBe('Certificates of the Mains are released: the results cannot be withdrawn');
    expect(bodyOf(server, '/api/admin/results/withdraw')).toEqual([{ level: 'Mains' }]);
    expect(within(screen.getByTestId('results-status')).getByText('Published')).toBeTruthy();
  });

  it('lets a viewer read and download, but not import, publish or withdraw', async () => {
    const saved: string[] = [];
    URL.createObjectURL = jest.fn(() => 'blob:test');
    URL.revokeObjectURL = jest.fn();
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const server = setup([levelSummary()], 'viewer');
    server.on('GET /api/admin/results/Mains/report.csv', () => ({ status: 200, body: 'rank,candidate code\n1,KBE100001ABC\n', headers: { 'content-type': 'text/csv' } }));

    expect(await screen.findByRole('table', { name: 'Mains results by category' })).toBeTruthy();
    expect(button('Publish the Mains results').disabled).toBe(true);
    expect(button('Withdraw the Mains results').disabled).toBe(true);
    expect((screen.getByLabelText('Or paste the CSV') as HTMLTextAreaElement).disabled).toBe(true);
    expect((screen.getByLabelText('CSV file') as HTMLInputElement).disabled).toBe(true);
    expect(button('Check').disabled).toBe(true);
    expect(button('Import').disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('School code'), { target: { value: 'sch-nsk4p2' } });
    fireEvent.click(button('Download school report (CSV)'));
    await waitFor(() => expect(saved).toEqual(['results-mains-SCH-NSK4P2.csv']));
    expect(server.calls('GET', '/api/admin/results/Mains/report.csv')[0]?.query.get('school')).toBe('SCH-NSK4P2');
    expect(server.requests.filter((r) => r.method !== 'GET')).toEqual([]);
    click.mockRestore();
  });

  it('asks for the summary of the level picked', async () => {
    const server = setup();
    server.on('GET /api/admin/results/Advanced', () => ok(levelSummary({ level: 'Advanced', maxMarks: 150 })));
    await screen.findByText('No results imported');
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'Advanced' } });
    expect(await screen.findByRole('table', { name: 'Advanced results by category' })).toBeTruthy();
    expect(screen.getByText('Prime: scores out of 150')).toBeTruthy();
    await act(async () => undefined);
  });
});
