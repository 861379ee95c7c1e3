import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { DATA_RIGHTS_MESSAGES, type DataRequestQueue, type DataRequestView, type RetentionReport } from '@kbe/contracts';

import { createFakeAdminServer, ok, renderAdmin } from '../fake-admin-server.testing';
import PrivacyTab from './privacy-tab';
import { ERASURE_WARNING } from './resolve-request-dialog';

const DAY_MS = 86_400_000;
const daysFromNow = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

function request(id: string, overrides: Partial<DataRequestView> = {}): DataRequestView {
  return {
    id,
    candidateCode: 'KBE100001ABC',
    kind: 'correction',
    details: 'The date of birth should be 12 March 2013.',
    status: 'open',
    requestedAt: daysFromNow(-10),
    dueAt: daysFromNow(80),
    handledBy: null,
    handledAt: null,
    resolution: null,
    ...overrides,
  };
}

const queue = (items: DataRequestView[], counts: { open: number; overdue: number }): DataRequestQueue => ({ items, page: 1, limit: 20, total: items.length, ...counts });

const report = (overrides: Partial<RetentionReport> = {}): RetentionReport => ({
  editionYear: 2026,
  resultsPublishedOn: null,
  retentionDays: 180,
  purgeDueOn: null,
  state: 'no-results-date',
  candidates: 1051,
  purged: 0,
  startedAt: null,
  finishedAt: null,
  fields: ['Photo', 'Signature', "Mother's name", "Guardian's name and mobile number"],
  ...overrides,
});

const OVERDUE = request('DR000001', { requestedAt: daysFromNow(-100), dueAt: daysFromNow(-10), candidateCode: 'KBE100009OLD' });
const CORRECTION = request('DR000002');
const ERASURE = request('DR000003', { kind: 'erasure', details: '', candidateCode: 'KBE100003ERA' });
const CLOSED = request('DR000000', { status: 'refused', handledBy: 'asha', handledAt: daysFromNow(-2), resolution: 'The record was already right.' });

function setup(user?: { username: string; role: 'admin' | 'viewer' }, retention = report()) {
  const server = createFakeAdminServer();
  server.on('GET /api/admin/data-requests', (r) =>
    ok(r.query.get('status') === 'closed' ? queue([CLOSED], { open: 3, overdue: 1 }) : queue([OVERDUE, CORRECTION, ERASURE], { open: 3, overdue: 1 })),
  );
  server.on('GET /api/admin/retention', () => ok(retention));
  renderAdmin(<PrivacyTab />, { server, user });
  return server;
}

const rowOf = async (id: string) => (await screen.findByRole('cell', { name: id })).closest('tr') as HTMLElement;

async function openResolve(id: string) {
  fireEvent.click(await screen.findByRole('button', { name: `Resolve request ${id}` }));
  return screen.findByRole('form', { name: `Resolve request ${id}` });
}

describe('Privacy tab: data requests', () => {
  it('shows the open and overdue counts and says "Overdue" in words on a request past its due date', async () => {
    const server = setup();
    const counts = screen.getByTestId('data-request-counts');
    await waitFor(() => expect(within(counts).getByText('Open').nextSibling?.textContent).toBe('3'));
    expect(within(counts).getByText(/^Overdue/).nextSibling?.textContent).toBe('1');
    expect(within(await rowOf('DR000001')).getByText('Overdue')).toBeTruthy();
    expect(within(await rowOf('DR000002')).queryByText('Overdue')).toBeNull();
    expect(within(await rowOf('DR000003')).getByText('Erasure')).toBeTruthy();
    expect(server.calls('GET', '/api/admin/data-requests')[0]?.query.get('status')).toBe('open');

    fireEvent.change(screen.getByLabelText('Show requests'), { target: { value: 'closed' } });
    const closed = await rowOf('DR000000');
    expect(within(closed).getByText('Refused')).toBeTruthy();
    expect(within(closed).getByText(/^asha, /)).toBeTruthy();
    expect(within(closed).getByText('The record was already right.')).toBeTruthy();
    expect(within(closed).queryByRole('button')).toBeNull();
  });

  it("posts the admin's answer, shows the server's message at the note field, then saves and reloads the queue", async () => {
    const server = setup();
    let answers = 0;
    server.on('POST /api/admin/data-requests/DR000002/resolve', (r) =>
      answers++ === 0
        ? { status: 400, body: { statusCode: 400, message: DATA_RIGHTS_MESSAGES.note, errors: [{ field: 'note', message: DATA_RIGHTS_MESSAGES.note }] } }
        : ok({ ...CORRECTION, status: 'refused', resolution: (r.body as { note: string }).note, handledBy: 'asha', handledAt: daysFromNow(0) }),
    );
    const form = await openResolve('DR000002');
    expect(screen.getByTestId('request-details').textContent).toBe(CORRECTION.details);
    fireEvent.click(within(form).getByLabelText('Refused'));
    fireEvent.change(within(form).getByLabelText('Why the request is refused'), { target: { value: 'The date is as on the birth certificate.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));

    const message = await within(form).findByText(DATA_RIGHTS_MESSAGES.note);
    expect(within(form).getByLabelText('Why the request is refused').getAttribute('aria-describedby')).toBe(message.id);
    expect(server.calls('POST', '/api/admin/data-requests/DR000002/resolve')[0]?.body).toEqual({ outcome: 'refused', note: 'The date is as on the birth certificate.' });

    const loads = server.calls('GET', '/api/admin/data-requests').length;
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Request DR000002 refused')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Resolve request DR000002' })).toBeNull());
    await waitFor(() => expect(server.calls('GET', '/api/admin/data-requests').length).toBe(loads + 1));
  });

  it('says plainly that "done" on an erasure request erases the data for good, and asks for a confirmation before posting', async () => {
    const server = setup();
    server.on('POST /api/admin/data-requests/DR000003/resolve', () => ok({ ...ERASURE, status: 'done' }));
    const form = await openResolve('DR000003');
    expect(within(form).queryByText(ERASURE_WARNING)).toBeNull();
    fireEvent.click(within(form).getByLabelText("Done: erase the candidate's data"));
    expect(within(form).getByText(ERASURE_WARNING)).toBeTruthy();
    fireEvent.change(within(form).getByLabelText('What was done'), { target: { value: 'Erased as the guardian asked.' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Erase the data and mark done' }));
    expect(await within(form).findByText('Please confirm that the data may be erased.')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/data-requests/DR000003/resolve')).toHaveLength(0);

    fireEvent.click(within(form).getByLabelText(/I understand that the candidate's data will be erased/));
    fireEvent.click(within(form).getByRole('button', { name: 'Erase the data and mark done' }));
    expect(await screen.findByText('The data of candidate KBE100003ERA is erased.')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/data-requests/DR000003/resolve')[0]?.body).toEqual({ outcome: 'done', note: 'Erased as the guardian asked.' });
  });

  it('checks the outcome and the note before asking the server', async () => {
    const server = setup();
    const form = await openResolve('DR000002');
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText(DATA_RIGHTS_MESSAGES.outcome)).toBeTruthy();
    expect(within(form).getByText(DATA_RIGHTS_MESSAGES.note)).toBeTruthy();
    expect(server.calls('POST', '/api/admin/data-requests/DR000002/resolve')).toHaveLength(0);
  });

  it('lets a viewer see the queue and the report, with no resolve form and no results-date form', async () => {
    setup({ username: 'vera', role: 'viewer' });
    expect(await rowOf('DR000001')).toBeTruthy();
    expect(screen.queryByRole('columnheader', { name: 'Action' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Resolve/ })).toBeNull();
    expect(await screen.findByTestId('retention-report')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Results date' })).toBeNull();
  });
});

describe('Privacy tab: retention', () => {
  it('shows the report: results date, days kept, purge date, state, candidates, purged so far and the fields erased', async () => {
    setup(undefined, report({ resultsPublishedOn: '2026-03-01', purgeDueOn: '2026-08-28', state: 'running', purged: 400, startedAt: '2026-08-28T00:30:00.000Z' }));
    const shown = within(await screen.findByTestId('retention-report'));
    const value = (term: string) => shown.getByText(term).nextSibling?.textContent;
    expect(value('Results published on')).toBe('1 Mar 2026');
    expect(value('Kept after the results for')).toBe('180 days');
    expect(value('Purge due on')).toBe('28 Aug 2026');
    expect(value('State')).toBe('Running');
    expect(value('Candidates affected')).toBe('1051');
    expect(value('Purged so far')).toBe('400 of 1051');
    expect(value('Started')).toBe('28 Aug 2026, 6:00 am');
    const fields = within(screen.getByRole('list', { name: 'Fields the purge erases' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(fields).toEqual(['Photo', 'Signature', "Mother's name", "Guardian's name and mobile number"]);
  });

  it("records the results date, shows the purge date it sets, and shows the server's refusal at the date field", async () => {
    const server = setup();
    const before = within(await screen.findByTestId('retention-report'));
    expect(before.getByText('Results published on').nextSibling?.textContent).toBe('Not recorded yet');
    let answers = 0;
    server.on('PUT /api/admin/retention/results-date', (r) =>
      answers++ === 0
        ? {
            status: 409,
            body: { statusCode: 409, message: DATA_RIGHTS_MESSAGES.resultsDateInFuture },
          }
        : ok(report({ resultsPublishedOn: (r.body as { resultsPublishedOn: string }).resultsPublishedOn, purgeDueOn: '2026-08-28', state: 'waiting' })),
    );
    const form = screen.getByRole('form', { name: 'Results date' });
    const input = within(form).getByLabelText('Results published on');
    fireEvent.change(input, { target: { value: '2026-03-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record results date' }));
    const refusal = await within(form).findByText(DATA_RIGHTS_MESSAGES.resultsDateInFuture);
    expect(input.getAttribute('aria-describedby')).toContain(refusal.id);

    fireEvent.click(within(form).getByRole('button', { name: 'Record results date' }));
    await waitFor(() => expect(within(screen.getByTestId('retention-report')).getByText('Purge due on').nextSibling?.textContent).toBe('28 Aug 2026'));
    expect(server.calls('PUT', '/api/admin/retention/results-date').map((call) => call.body)).toEqual([
      { resultsPublishedOn: '2026-03-01' },
      { resultsPublishedOn: '2026-03-01' },
    ]);
    expect(within(screen.getByTestId('retention-report')).getByText('State').nextSibling?.textContent).toBe('Waiting for the purge date');
  });
});
