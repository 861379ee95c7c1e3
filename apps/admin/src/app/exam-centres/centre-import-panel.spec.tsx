import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CENTRE_CSV_COLUMNS, type CentreImportReport } from '@kbe/contracts';

import { createFakeAdminServer, ok, renderAdmin } from '../fake-admin-server.testing';
import { CentreImportPanel } from './centre-import-panel';
import { centreCsvTemplate } from './exam-centres-format';

const CSV = `${CENTRE_CSV_COLUMNS.join(',')}\nNSK01,Nashik Centre,Road,Nashik,Nashik,98765,R1,0,\n`;
const report = (overrides: Partial<CentreImportReport>): CentreImportReport => ({ dryRun: true, created: 0, updated: 0, unchanged: 0, invalid: 0, problems: [], ...overrides });

function setup(onImported = jest.fn()) {
  const server = createFakeAdminServer();
  renderAdmin(<CentreImportPanel canWrite onImported={onImported} />, { server });
  return server;
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

describe('centre CSV import', () => {
  it('checks pasted CSV as a dry run and lists every problem by line and column with the counts; Import stays off', async () => {
    const server = setup();
    server.on('POST /api/admin/centres/import', () =>
      ok(
        report({
          created: 1,
          invalid: 1,
          problems: [
            { line: 2, field: 'contact', message: 'Contact must be a 10-digit mobile number' },
            { line: 2, field: 'capacity', message: 'Capacity must be at least 1' },
          ],
        }),
      ),
    );
    expect(button('Check').disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Or paste the CSV'), { target: { value: CSV } });
    fireEvent.click(button('Check'));

    const problems = await screen.findByRole('table', { name: 'Problems by line' });
    expect(within(problems).getAllByRole('row').map((row) => Array.from(row.children).map((cell) => cell.textContent))).toEqual([
      ['Line', 'Column', 'Problem'],
      ['2', 'contact', 'Contact must be a 10-digit mobile number'],
      ['2', 'capacity', 'Capacity must be at least 1'],
    ]);
    const counts = within(screen.getByTestId('centre-import-counts'));
    expect(counts.getByText('Would be created').nextSibling?.textContent).toBe('1');
    expect(counts.getByText('With problems (not imported)').nextSibling?.textContent).toBe('1');
    expect(screen.getByRole('status').textContent).toContain('2 problems found: nothing was stored.');
    expect(server.calls('POST', '/api/admin/centres/import').map((r) => r.body)).toEqual([{ csv: CSV, dryRun: true }]);
    expect(button('Import').disabled).toBe(true);
  });

  it('imports after a clean check of the same text, and asks for a new check when the text changes', async () => {
    const onImported = jest.fn();
    const server = setup(onImported);
    server.on('POST /api/admin/centres/import', (r) => ok(report({ dryRun: (r.body as { dryRun: boolean }).dryRun, created: 2 })));
    fireEvent.change(screen.getByLabelText('Or paste the CSV'), { target: { value: CSV } });
    fireEvent.click(button('Check'));
    expect(await screen.findByText('No problems found: nothing was stored yet. Import stores these centres.')).toBeTruthy();
    expect(button('Import').disabled).toBe(false);

    fireEvent.change(screen.getByLabelText('Or paste the CSV'), { target: { value: `${CSV}NSK02` } });
    expect(button('Import').disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Or paste the CSV'), { target: { value: CSV } });
    fireEvent.click(button('Check'));
    await waitFor(() => expect(button('Import').disabled).toBe(false));

    fireEvent.click(button('Import'));
    expect(await screen.findByText('Import done')).toBeTruthy();
    expect(screen.getByText('2 created, 0 updated, 0 unchanged.')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/centres/import').map((r) => (r.body as { dryRun: boolean }).dryRun)).toEqual([true, true, false]);
    expect(onImported).toHaveBeenCalledTimes(1);
  });

  it('reads a chosen file into the text and shows a refusal of the whole file as the server words it', async () => {
    const server = setup();
    server.on('POST /api/admin/centres/import', () => ({
      status: 422,
      body: { statusCode: 422, message: 'The header must name the columns code, name', errors: [{ field: 'csv', message: 'The header must name the columns code, name' }] },
    }));
    const file = new File(['code;name\n'], 'centres.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'text', { value: async () => 'code;name\n' });
    fireEvent.change(screen.getByLabelText('CSV file'), { target: { files: [file] } });
    await waitFor(() => expect((screen.getByLabelText('Or paste the CSV') as HTMLTextAreaElement).value).toBe('code;name\n'));
    expect(screen.getByText('Loaded from centres.csv; edit here if needed.')).toBeTruthy();
    fireEvent.click(button('Check'));
    expect(await screen.findByText('The header must name the columns code, name')).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Problems by line' })).toBeNull();
  });

  it('offers a template: the header of CENTRE_CSV_COLUMNS and one example line, quoted where a cell has a comma', () => {
    const [header, example, rest] = centreCsvTemplate().split('\n');
    expect(header).toBe(CENTRE_CSV_COLUMNS.join(','));
    expect(example).toBe('NSK01,Nashik Centre,"College road, Nashik",Nashik,Nashik,9876543210,R1,30,"Mains|Prime|2027-01-17|10:30|09:45,Mains|Sec|2027-01-17|14:00|13:15"');
    expect(rest).toBe('');
  });
});
