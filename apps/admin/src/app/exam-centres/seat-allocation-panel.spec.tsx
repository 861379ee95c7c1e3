import { act, fireEvent, screen, within } from '@testing-library/react';
import type { SeatAllocationJob } from '@kbe/contracts';

import { createFakeAdminServer, ok, renderAdmin } from '../fake-admin-server.testing';
import { allocationJob } from './exam-centres.testing';
import { SeatAllocationPanel } from './seat-allocation-panel';
import { ALLOCATION_POLL_MS } from './use-seat-allocation.hook';

const flush = () => act(async () => undefined);
const JOB = allocationJob();
const JOB_PATH = `/api/admin/seat-allocation/${JOB.id}`;
const accepted = (job: SeatAllocationJob) => ({ status: 202, body: { success: true, message: 'Seat allocation started', data: job } });

const COMPLETED = allocationJob({
  status: 'completed',
  processed: 120,
  percent: 100,
  seated: 100,
  kept: { allocated: 12, manual: 3 },
  unseated: {
    count: 5,
    items: [
      { candidateCode: 'KBE100001ABC', reason: 'no-sitting-for-category' },
      { candidateCode: 'KBE100002ABC', reason: 'no-room-in-taluka-district-or-nearby' },
    ],
  },
  rooms: [
    { centreCode: 'NSK01', room: 'R1', level: 'Mains', category: 'Prime', date: '2027-01-17', startTime: '10:30', used: 30, capacity: 30 },
    { centreCode: 'NSK01', room: 'R2', level: 'Mains', category: 'Prime', date: '2027-01-17', startTime: '10:30', used: 12, capacity: 25 },
    { centreCode: 'PUN07', room: 'Hall', level: 'Mains', category: 'Sec', date: '2027-01-17', startTime: '14:00', used: 58, capacity: 120 },
  ],
  finishedAt: '2026-11-01T05:00:03.000Z',
});

const rowsOf = (table: HTMLElement) => within(table).getAllByRole('row').map((row) => Array.from(row.children).map((cell) => cell.textContent));

jest.setTimeout(30_000);

describe('seat allocation panel', () => {
  afterEach(() => jest.useRealTimers());

  it('runs a dry run with progress, then shows the counts, the unseated candidates with the reason in words, and each room’s use', async () => {
    jest.useFakeTimers();
    const server = createFakeAdminServer();
    server.on('POST /api/admin/seat-allocation', () => accepted(JOB));
    const answers = [allocationJob({ status: 'running', processed: 48, percent: 40 }), COMPLETED];
    server.on(`GET ${JOB_PATH}`, () => ok(answers.shift()));
    renderAdmin(<SeatAllocationPanel canWrite />, { server });

    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    await flush();
    expect(server.calls('POST', '/api/admin/seat-allocation').map((r) => r.body)).toEqual([{ level: 'Mains', dryRun: true, reseat: false }]);
    expect(screen.getByText('Planning the Mains seats: waiting to start (0%)')).toBeTruthy();

    act(() => jest.advanceTimersByTime(ALLOCATION_POLL_MS));
    await flush();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(screen.getByText('Planning the Mains seats: 48 of 120 (40%)')).toBeTruthy();

    act(() => jest.advanceTimersByTime(ALLOCATION_POLL_MS));
    await flush();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Dry run of the Mains allocation' })).toBeTruthy();
    const report = within(screen.getByTestId('allocation-report'));
    expect(report.getAllByRole('term').map((dt) => `${dt.textContent}: ${dt.nextSibling?.textContent}`)).toEqual([
      'Would be seated: 100',
      'Kept (allocated earlier): 12',
      'Kept (seat typed by hand): 3',
      'Unseated: 5',
    ]);
    expect(report.getByText('The first 2 of 5 are listed.')).toBeTruthy();
    expect(rowsOf(report.getByRole('table', { name: 'Candidates without a seat' }))).toEqual([
      ['Candidate', 'Why'],
      ['KBE100001ABC', 'No centre has a sitting of this level for the candidate’s category'],
      ['KBE100002ABC', 'No free seat in the candidate’s taluka, district or the nearest districts'],
    ]);
    const rooms = report.getByRole('table', { name: 'Rooms of the Mains sittings' });
    expect(rowsOf(rooms)).toEqual([
      ['Centre', 'Room', 'Paper', 'Used / capacity'],
      ['NSK01', 'R1', 'Mains Prime, 2027-01-17 10:30', '30 / 30 Full'],
      ['NSK01', 'R2', 'Mains Prime, 2027-01-17 10:30', '12 / 25 '],
      ['PUN07', 'Hall', 'Mains Sec, 2027-01-17 14:00', '58 / 120 '],
    ]);
    expect(within(rooms).getByText('Full').closest('tr')?.className).toContain('bg-amber-50');

    fireEvent.change(report.getByLabelText('Show the rooms of centres whose code starts with'), { target: { value: 'pun' } });
    expect(rowsOf(rooms).slice(1).map((row) => row[0])).toEqual(['PUN07']);
    expect(server.calls('GET', JOB_PATH)).toHaveLength(2);
  });

  it('shows the server’s 409 as it words it when an allocation of the level is running', async () => {
    const server = createFakeAdminServer();
    const running = 'A seat allocation of Advanced is running; wait for it to finish, then try again.';
    server.on('POST /api/admin/seat-allocation', () => ({ status: 409, body: { statusCode: 409, message: running } }));
    renderAdmin(<SeatAllocationPanel canWrite />, { server });
    fireEvent.change(screen.getByLabelText('Level'), { target: { value: 'Advanced' } });
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByText(running)).toBeTruthy();
    expect(screen.getByText('The allocation did not start')).toBeTruthy();
    expect((server.calls('POST', '/api/admin/seat-allocation')[0]?.body as { level: string }).level).toBe('Advanced');
    expect((screen.getByRole('button', { name: 'Dry run' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('allocates only after confirmation, saying what Re-seat frees', async () => {
    const server = createFakeAdminServer();
    server.on('POST /api/admin/seat-allocation', () => accepted({ ...COMPLETED, dryRun: false }));
    renderAdmin(<SeatAllocationPanel canWrite />, { server });
    const reseat = screen.getByRole('checkbox', { name: 'Re-seat' });
    expect(document.getElementById(reseat.getAttribute('aria-describedby') ?? '')?.textContent).toContain('Frees every seat an earlier allocation gave whose hall ticket is not released yet');
    fireEvent.click(reseat);

    fireEvent.click(screen.getByRole('button', { name: 'Allocate' }));
    const confirm = within(await screen.findByRole('alertdialog'));
    expect(confirm.getByRole('heading', { name: 'Allocate the Mains seats?' })).toBeTruthy();
    expect(confirm.getByText(/^Re-seat: Frees every seat/)).toBeTruthy();
    fireEvent.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(server.calls('POST', '/api/admin/seat-allocation')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Allocate' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Re-seat and allocate' }));
    expect(await screen.findByRole('heading', { name: 'Mains allocation' })).toBeTruthy();
    expect(screen.getByText(/The seats are stored and handed to the candidates/)).toBeTruthy();
    expect(server.calls('POST', '/api/admin/seat-allocation').map((r) => r.body)).toEqual([{ level: 'Mains', dryRun: false, reseat: true }]);
  });

  it('shows why a job failed', async () => {
    const server = createFakeAdminServer();
    server.on('POST /api/admin/seat-allocation', () => accepted(allocationJob({ status: 'failed', error: 'registration-service did not answer' })));
    renderAdmin(<SeatAllocationPanel canWrite />, { server });
    fireEvent.click(screen.getByRole('button', { name: 'Dry run' }));
    expect(await screen.findByText('registration-service did not answer')).toBeTruthy();
    expect(screen.getByText('The Mains allocation failed')).toBeTruthy();
  });
});
