import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CORRECTION_MESSAGES, type CorrectionQueue, type CorrectionView } from '@kbe/contracts';

import { createFakeAdminServer, ok, renderAdmin } from '../fake-admin-server.testing';
import CorrectionsTab from './corrections-tab';

function correction(id: string, overrides: Partial<CorrectionView> = {}): CorrectionView {
  return {
    id,
    candidateCode: 'KBE100001ABC',
    candidateName: 'Aarav Patil',
    schoolCode: 'SCH-7KQ2XM',
    mentorCode: 'MEN-4HT9PA',
    requestedBy: { role: 'school', code: 'SCH-7KQ2XM' },
    changes: [
      { field: 'personalDetails.fullName', label: 'Full name', from: 'Arav Patil', to: 'Aarav Patil' },
      { field: 'orphanDetails.isOrphan', label: 'Orphan', from: false, to: true },
    ],
    note: 'As on the school register',
    status: 'open',
    requestedAt: '2026-11-20T05:00:00.000Z',
    decidedAt: null,
    decidedBy: null,
    reason: null,
    ...overrides,
  };
}

const OPEN = correction('CR000002');
const MENTORS = correction('CR000003', { requestedBy: { role: 'mentor', code: 'MEN-4HT9PA' }, changes: [{ field: 'permanentAddress.pin', label: 'PIN code', from: '422007', to: '422008' }], note: '' });
const REJECTED = correction('CR000001', { status: 'rejected', decidedBy: 'asha', decidedAt: '2026-11-21T05:00:00.000Z', reason: 'The register says Arav.' });
const queue = (items: CorrectionView[], open: number): CorrectionQueue => ({ items, page: 1, limit: 20, total: items.length, open });

function setup(user?: { username: string; role: 'admin' | 'viewer' }, onOpenDataRequests?: () => void) {
  const server = createFakeAdminServer();
  server.on('GET /api/admin/corrections', (r) => ok(r.query.get('status') === 'closed' ? queue([REJECTED], 2) : queue([OPEN, MENTORS], 2)));
  renderAdmin(<CorrectionsTab onOpenDataRequests={onOpenDataRequests} />, { server, user });
  return server;
}

const rowOf = async (id: string) => (await screen.findByRole('cell', { name: id })).closest('tr') as HTMLElement;

async function review(id: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Review correction ${id}` }));
  return screen.findByRole('dialog');
}

describe('Corrections tab', () => {
  it('lists the open requests first with who asked and which fields, counts them, and shows decided ones with the reason', async () => {
    const server = setup();
    await waitFor(() => expect(within(screen.getByTestId('correction-counts')).getByText('Open').nextSibling?.textContent).toBe('2'));
    const row = within(await rowOf('CR000002'));
    expect(row.getByText('School SCH-7KQ2XM')).toBeTruthy();
    expect(row.getByText('Full name, Orphan')).toBeTruthy();
    expect(within(await rowOf('CR000003')).getByText('Mentor MEN-4HT9PA')).toBeTruthy();
    expect(server.calls('GET', '/api/admin/corrections')[0]?.query.get('status')).toBe('open');

    fireEvent.change(screen.getByLabelText('Show corrections'), { target: { value: 'closed' } });
    const rejected = within(await rowOf('CR000001'));
    expect(rejected.getByText('Rejected')).toBeTruthy();
    expect(rejected.getByText('asha: The register says Arav.')).toBeTruthy();
    expect(rejected.getByRole('button', { name: 'View correction CR000001' })).toBeTruthy();
  });

  it('shows the old and new value of each field side by side, and the school’s note', async () => {
    setup();
    const dialog = within(await review('CR000002'));
    const rows = dialog.getAllByRole('row').map((tr) => Array.from(tr.children).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Field', 'On record', 'Asked for'],
      ['Full name', 'Arav Patil', 'Aarav Patil'],
      ['Orphan', 'No', 'Yes'],
    ]);
    expect(dialog.getByTestId('correction-note').textContent).toBe('As on the school register');
  });

  it('approves, shows the server’s message and reloads the queue', async () => {
    const server = setup();
    server.on('POST /api/admin/corrections/CR000002/approve', () => ok({ ...OPEN, status: 'approved', decidedBy: 'asha' }, CORRECTION_MESSAGES.approved));
    const dialog = within(await review('CR000002'));
    const loads = server.calls('GET', '/api/admin/corrections').length;
    fireEvent.click(dialog.getByRole('button', { name: 'Approve and change the record' }));
    expect(await screen.findByText(CORRECTION_MESSAGES.approved)).toBeTruthy();
    expect(server.calls('POST', '/api/admin/corrections/CR000002/approve')[0]?.body).toEqual({});
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(server.calls('GET', '/api/admin/corrections').length).toBe(loads + 1));
  });

  it('asks for a reason before rejecting, then posts it; a refusal of the server is shown as it says it', async () => {
    const server = setup();
    let answers = 0;
    server.on('POST /api/admin/corrections/CR000002/reject', (r) =>
      answers++ === 0
        ? { status: 409, body: { statusCode: 409, message: CORRECTION_MESSAGES.alreadyDecided } }
        : ok({ ...OPEN, status: 'rejected', reason: (r.body as { reason: string }).reason }, CORRECTION_MESSAGES.rejected),
    );
    const dialog = within(await review('CR000002'));
    fireEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    const required = await dialog.findByText(CORRECTION_MESSAGES.reasonRequired);
    expect(dialog.getByLabelText(/Reason/).getAttribute('aria-describedby')).toBe(required.id);
    expect(server.calls('POST', '/api/admin/corrections/CR000002/reject')).toHaveLength(0);

    fireEvent.change(dialog.getByLabelText(/Reason/), { target: { value: 'The register says Arav.' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await dialog.findByText(CORRECTION_MESSAGES.alreadyDecided)).toBeTruthy();
    fireEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(CORRECTION_MESSAGES.rejected)).toBeTruthy();
    expect(server.calls('POST', '/api/admin/corrections/CR000002/reject').map((call) => call.body)).toEqual([{ reason: 'The register says Arav.' }, { reason: 'The register says Arav.' }]);
  });

  it('shows the errors of a 400 (the record no longer takes a value) with their fields', async () => {
    const server = setup();
    server.on('POST /api/admin/corrections/CR000003/approve', () => ({
      status: 400,
      body: { statusCode: 400, message: 'PIN code must be 6 digits', errors: [{ field: 'changes.permanentAddress.pin', message: 'PIN code must be 6 digits' }] },
    }));
    const dialog = within(await review('CR000003'));
    fireEvent.click(dialog.getByRole('button', { name: 'Approve and change the record' }));
    expect(await dialog.findByText('changes.permanentAddress.pin: PIN code must be 6 digits')).toBeTruthy();
  });

  it('lets a viewer read a request without any decision', async () => {
    setup({ username: 'vera', role: 'viewer' });
    fireEvent.click(await screen.findByRole('button', { name: 'View correction CR000002' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Aarav Patil')).toBeTruthy();
    expect(dialog.queryByRole('button', { name: /Approve|Reject/ })).toBeNull();
  });

  it('points to the guardians’ own correction requests in Data requests', async () => {
    const opened = jest.fn();
    setup(undefined, opened);
    expect(await screen.findByText(CORRECTION_MESSAGES.guardianRequests, { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Open Data requests' }));
    expect(opened).toHaveBeenCalled();
  });
});
