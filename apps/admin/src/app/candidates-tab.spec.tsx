import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { validCandidate, validGuardian } from '@kbe/contracts/testing';
import type { AdminCandidateDetail } from '@kbe/contracts';

import { CandidatesTab } from './candidates-tab';
import { candidateRow, createFakeAdminServer, ok, pagination, renderAdmin } from './fake-admin-server.testing';
import { MentorsTab } from './mentors-tab';

/** 45 candidates on the server; it pages by 20 and filters by name. */
function setup() {
  const server = createFakeAdminServer();
  const all = Array.from({ length: 45 }, (_, i) => candidateRow(i + 1));
  server.on('GET /api/admin/candidates', (request) => {
    const search = (request.query.get('search') ?? '').toLowerCase();
    const page = Number(request.query.get('page') ?? 1);
    const matching = all.filter((c) => c.name.toLowerCase().includes(search));
    return ok({ candidates: matching.slice((page - 1) * 20, page * 20), pagination: pagination(matching.length, page) });
  });
  return server;
}

// Each test renders a full table several times; a shared 2-core machine needs more than jest's 5 s.
jest.setTimeout(30_000);

const flush = () => act(async () => undefined);

describe('candidates table', () => {
  afterEach(() => jest.useRealTimers());

  it("shows 'Loading candidates...', then every column of the page the server sent", async () => {
    jest.useFakeTimers();
    const server = setup();
    renderAdmin(<CandidatesTab />, { server });
    expect(screen.getByText('Loading candidates...')).toBeTruthy();
    await flush();
    const table = screen.getByRole('table', { name: 'Candidates' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Candidate ID',
      'Name',
      'Category',
      'Center',
      'Contact',
      'Status',
      'Consent',
      'Actions',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(within(table).getByText('KBE100002ABC')).toBeTruthy();
    expect(within(table).getAllByText('Paid').length).toBe(10);
    expect(within(table).getAllByText('Unpaid').length).toBe(10);
    expect(screen.getByText('Page 1 of 3 (45 in total)')).toBeTruthy();
  });

  it('asks the server once, 300 ms after the last keystroke, and starts again at page 1', async () => {
    jest.useFakeTimers();
    const server = setup();
    renderAdmin(<CandidatesTab />, { server });
    await flush();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await flush();
    expect(server.calls('GET', '/api/admin/candidates').map((r) => r.query.get('page'))).toEqual(['1', '2']);
    expect(screen.getByText('Page 2 of 3 (45 in total)')).toBeTruthy();

    const search = screen.getByLabelText('Search by name, candidate ID or phone');
    fireEvent.change(search, { target: { value: 'Candidate 1' } });
    act(() => jest.advanceTimersByTime(200));
    fireEvent.change(search, { target: { value: 'Candidate 12' } });
    act(() => jest.advanceTimersByTime(299));
    await flush();
    expect(server.calls('GET', '/api/admin/candidates')).toHaveLength(2);
    act(() => jest.advanceTimersByTime(1));
    await flush();
    const calls = server.calls('GET', '/api/admin/candidates');
    expect(calls).toHaveLength(3);
    expect(calls[2].query.get('search')).toBe('Candidate 12');
    expect(calls[2].query.get('page')).toBe('1');
    expect(screen.getByText('Candidate 12')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1 (1 in total)')).toBeTruthy();
  });

  it("sends the fee filter to the server and shows 'No candidates found' for an empty answer", async () => {
    jest.useFakeTimers();
    const server = setup();
    renderAdmin(<CandidatesTab />, { server });
    await flush();
    server.on('GET /api/admin/candidates', () => ok({ candidates: [], pagination: pagination(0) }));
    fireEvent.change(screen.getByLabelText('Fees'), { target: { value: 'unpaid' } });
    act(() => jest.advanceTimersByTime(300));
    await flush();
    expect(server.calls('GET', '/api/admin/candidates').at(-1)?.query.get('filter')).toBe('unpaid');
    expect(screen.getByText('No candidates found')).toBeTruthy();
  });

  it('shows each candidate\'s parental consent and filters on it on the server', async () => {
    jest.useFakeTimers();
    const server = createFakeAdminServer();
    server.on('GET /api/admin/candidates', (request) => {
      const pending = candidateRow(2, { consentStatus: 'pending' });
      const rows = request.query.get('consent') === 'pending' ? [pending] : [candidateRow(1), pending];
      return ok({ candidates: rows, pagination: pagination(rows.length) });
    });
    renderAdmin(<CandidatesTab />, { server });
    await flush();
    const table = screen.getByRole('table', { name: 'Candidates' });
    expect(within(table).getByText('Given')).toBeTruthy();
    expect(within(table).getByText('Pending')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Parental consent'), { target: { value: 'pending' } });
    act(() => jest.advanceTimersByTime(300));
    await flush();
    expect(server.calls('GET', '/api/admin/candidates').at(-1)?.query.get('consent')).toBe('pending');
    expect(within(table).queryByText('Given')).toBeNull();
    expect(within(table).getAllByRole('row')).toHaveLength(2);
  });

  it('filters on the level the candidates sit now on the server (all levels by default)', async () => {
    jest.useFakeTimers();
    const server = createFakeAdminServer();
    server.on('GET /api/admin/candidates', (request) => {
      const rows = request.query.get('level') === 'Advanced' ? [candidateRow(3, { name: 'Qualified Candidate' })] : [candidateRow(1), candidateRow(3, { name: 'Qualified Candidate' })];
      return ok({ candidates: rows, pagination: pagination(rows.length) });
    });
    renderAdmin(<CandidatesTab />, { server });
    await flush();
    expect(server.calls('GET', '/api/admin/candidates').at(-1)?.query.has('level')).toBe(false);
    const table = screen.getByRole('table', { name: 'Candidates' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'Advanced' } });
    act(() => jest.advanceTimersByTime(300));
    await flush();
    expect(server.calls('GET', '/api/admin/candidates').at(-1)?.query.get('level')).toBe('Advanced');
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(within(table).getByText('Qualified Candidate')).toBeTruthy();
  });

  it("empties the list and says 'Error' with the server's message when the list cannot be loaded", async () => {
    const server = createFakeAdminServer();
    server.on('GET /api/admin/candidates', () => ({ status: 500, body: { statusCode: 500, message: 'Database unavailable' } }));
    renderAdmin(<CandidatesTab />, { server });
    expect(await screen.findByText('Database unavailable')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(screen.getByText('No candidates found')).toBeTruthy();
  });

  it('shows the parent or guardian in the candidate view, or the phone number as theirs when none was named', async () => {
    const server = setup();
    const detail = (guardian: boolean) =>
      ({ ...candidateRow(1), ...validCandidate(), schoolCode: 'SCH-7KQ2XM', ...(guardian ? { guardianDetails: validGuardian() } : {}) }) as unknown as AdminCandidateDetail;
    let withGuardian = true;
    server.on('GET /api/admin/candidates/KBE100001ABC', () => ok(detail(withGuardian)));
    renderAdmin(<CandidatesTab />, { server });
    fireEvent.click(await screen.findByRole('button', { name: `View ${candidateRow(1).name}` }));
    const view = await screen.findByRole('dialog');
    expect(within(view).getByText('Meena Patil (Mother)')).toBeTruthy();
    expect(within(view).getByText('9876505678')).toBeTruthy();

    fireEvent.click(within(view).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    withGuardian = false;
    // The dialog's library hands the page back to assistive technology (aria-hidden off) after it
    // unmounts, which takes longer than findBy's second when the machine is busy.
    fireEvent.click(await screen.findByRole('button', { name: `View ${candidateRow(1).name}` }, { timeout: 10_000 }));
    const second = await screen.findByRole('dialog');
    expect(within(second).getByText('Not named')).toBeTruthy();
    expect(within(second).getByText('9876501234 (the phone number)')).toBeTruthy();
  });

  it('marks a candidate paid with a receipt number', async () => {
    const server = setup();
    server.on('PATCH /api/admin/candidates/KBE100001ABC/fees', () => ok(null));
    renderAdmin(<CandidatesTab />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Fees of Candidate 1' }));
    fireEvent.change(screen.getByLabelText('Receipt number'), { target: { value: 'R-77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Mark as Paid' }));
    expect(await screen.findByText('Candidate 1 is now marked Paid.')).toBeTruthy();
    expect(server.calls('PATCH', '/api/admin/candidates/KBE100001ABC/fees')[0].body).toEqual({ feesPaid: true, receiptNumber: 'R-77' });
  });

  it('deletes a candidate only after confirmation', async () => {
    const server = setup();
    server.on('DELETE /api/admin/candidates/KBE100003ABC', () => ok(null));
    renderAdmin(<CandidatesTab />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete Candidate 3' }));
    expect(screen.getByText('Delete Candidate 3?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(server.calls('DELETE', '/api/admin/candidates/KBE100003ABC')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Candidate 3' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(/was removed from the lists/)).toBeTruthy();
    expect(server.calls('DELETE', '/api/admin/candidates/KBE100003ABC')).toHaveLength(1);
  });

  it('sets seat number, centre and exam time; an emptied field is cleared (TBA)', async () => {
    const server = setup();
    server.on('PATCH /api/admin/candidates/KBE100001ABC/exam-assignment', () => ok(null));
    renderAdmin(<CandidatesTab />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Exam details of Candidate 1' }));
    fireEvent.change(screen.getByLabelText('Seat number'), { target: { value: 'A-101' } });
    fireEvent.change(screen.getByLabelText('Centre'), { target: { value: 'Nashik Centre 1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Seat, centre and exam time of Candidate 1 were saved.')).toBeTruthy();
    expect(server.calls('PATCH', '/api/admin/candidates/KBE100001ABC/exam-assignment')[0].body).toEqual({ seatNumber: 'A-101', center: 'Nashik Centre 1', examTime: null });
  });

  it('lists soft-deleted candidates on request and restores one', async () => {
    const server = createFakeAdminServer();
    server.on('GET /api/admin/candidates', (request) =>
      ok({
        candidates: request.query.get('deleted') === 'true' ? [candidateRow(5, { deletedAt: '2025-02-01T00:00:00.000Z' })] : [],
        pagination: pagination(request.query.get('deleted') === 'true' ? 1 : 0),
      }),
    );
    server.on('POST /api/admin/candidates/KBE100005ABC/restore', () => ok(null));
    renderAdmin(<CandidatesTab />, { server });
    expect(await screen.findByText('No candidates found')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Show deleted candidates'));
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Candidate 5' }));
    expect(await screen.findByText('Candidate 5 is back in the lists.')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/candidates/KBE100005ABC/restore')).toHaveLength(1);
  });
});

describe('mentors table', () => {
  it("shows 'Loading mentors...', then 'No mentors found' for an empty list, and pages on the server", async () => {
    const server = createFakeAdminServer();
    server.on('GET /api/admin/mentors', () => ok({ mentors: [], pagination: pagination(0) }));
    renderAdmin(<MentorsTab />, { server });
    expect(screen.getByText('Loading mentors...')).toBeTruthy();
    expect(await screen.findByText('No mentors found')).toBeTruthy();
    expect(server.calls('GET', '/api/admin/mentors')[0].query.get('page')).toBe('1');
  });
});
