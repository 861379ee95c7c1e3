import { act, fireEvent, screen } from '@testing-library/react';
import { ADMIN_MESSAGES } from '@kbe/contracts';

import { candidateRow, createFakeAdminServer, ok, pagination, releaseJob, renderAdmin } from './fake-admin-server.testing';
import { HallTicketPanel } from './release-panel';
import { RELEASE_POLL_MS } from './use-bulk-release.hook';

const job = releaseJob;

const flush = () => act(async () => undefined);
const progressBar = () => screen.getByRole('progressbar');

describe('hall ticket management', () => {
  afterEach(() => jest.useRealTimers());

  it('lists paid candidates only, with Release, Downloaded for a released one, and the released filter sent to the server', async () => {
    const server = createFakeAdminServer();
    server.on('GET /api/admin/candidates', () =>
      ok({ candidates: [candidateRow(2), candidateRow(4, { hallTicketReleased: true })], pagination: pagination(2) }),
    );
    renderAdmin(<HallTicketPanel />, { server });
    expect(await screen.findByText('Candidate 2')).toBeTruthy();
    expect(server.calls('GET', '/api/admin/candidates')[0].query.get('filter')).toBe('paid');
    expect((screen.getByRole('button', { name: 'Release hall ticket of Candidate 2' }) as HTMLButtonElement).disabled).toBe(false);
    const downloaded = screen.getByRole('button', { name: 'Hall ticket of Candidate 4 downloaded' }) as HTMLButtonElement;
    expect(downloaded.textContent).toBe('Downloaded');
    expect(downloaded.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Print hall ticket of Candidate 2' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('explains an empty list with its possible reasons', async () => {
    const server = createFakeAdminServer();
    server.on('GET /api/admin/candidates', () => ok({ candidates: [], pagination: pagination(0) }));
    renderAdmin(<HallTicketPanel />, { server });
    expect(await screen.findByText('No candidates found for hall ticket generation')).toBeTruthy();
    expect(screen.getByText('no candidate has paid the fees yet')).toBeTruthy();
  });

  it('runs a bulk release as one job, shows its live progress, then the final counts', async () => {
    jest.useFakeTimers();
    const server = createFakeAdminServer();
    server.on('GET /api/admin/candidates', () => ok({ candidates: [candidateRow(2)], pagination: pagination(1) }));
    server.on('POST /api/admin/hall-tickets/release', () => ({ status: 202, body: { success: true, message: 'queued', data: job({ status: 'queued' }) } }));
    const progress = [
      job({ processed: 600, percent: 50, released: 590, skipped: { count: 10, reasons: [{ reason: 'already-released', count: 10 }] } }),
      job({
        status: 'completed',
        processed: 1200,
        percent: 100,
        released: 1190,
        skipped: { count: 10, reasons: [{ reason: 'already-released', count: 10 }] },
        finishedAt: '2025-01-01T00:01:00.000Z',
      }),
    ];
    server.on('GET /api/admin/release-jobs/job-1', () => ok(progress.shift()));
    renderAdmin(<HallTicketPanel />, { server });
    act(() => jest.advanceTimersByTime(300));
    await flush();

    fireEvent.click(screen.getByRole('button', { name: 'Bulk Release' }));
    await flush();
    expect(server.calls('POST', '/api/admin/hall-tickets/release')).toHaveLength(1);
    expect(progressBar().getAttribute('aria-valuenow')).toBe('0');
    expect(screen.getByRole('button', { name: 'Releasing...' })).toBeTruthy();

    act(() => jest.advanceTimersByTime(RELEASE_POLL_MS));
    await flush();
    expect(progressBar().getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('Releasing hall tickets: 600 of 1200 (50%)')).toBeTruthy();

    act(() => jest.advanceTimersByTime(RELEASE_POLL_MS));
    await flush();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Bulk Release Complete')).toBeTruthy();
    expect(screen.getByText('1,190 hall tickets released successfully. Skipped: 10 already released.')).toBeTruthy();
    expect(screen.getByTestId('bulk-release-result').textContent).toBe('Last bulk release: 1190 released, 10 skipped, 0 failed.');
    expect(server.calls('GET', '/api/admin/release-jobs/job-1')).toHaveLength(2);
  });

  it("says 'Partial Success' when some fail and 'No Candidates' when nobody was eligible", async () => {
    const server = createFakeAdminServer();
    server.on('GET /api/admin/candidates', () => ok({ candidates: [], pagination: pagination(0) }));
    server.on('POST /api/admin/hall-tickets/release', () =>
      ok(job({ status: 'completed', total: 3, processed: 3, percent: 100, released: 2, failed: { count: 1, items: [{ candidateId: 'KBE100001ABC', message: 'x' }] } })),
    );
    renderAdmin(<HallTicketPanel />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Bulk Release' }));
    expect(await screen.findByText('Partial Success')).toBeTruthy();
    expect(screen.getByText(/2 hall tickets released, 1 failed/)).toBeTruthy();

    server.on('POST /api/admin/hall-tickets/release', () => ok(job({ status: 'completed', total: 0, percent: 100 })));
    fireEvent.click(screen.getByRole('button', { name: 'Bulk Release' }));
    expect(await screen.findByText('No Candidates')).toBeTruthy();
    expect(screen.getByText('No eligible candidates found for hall ticket release.')).toBeTruthy();

    server.on('POST /api/admin/hall-tickets/release', () => ok(job({ status: 'completed', total: 1, processed: 1, percent: 100, released: 1 })));
    fireEvent.click(screen.getByRole('button', { name: 'Bulk Release' }));
    expect(await screen.findByText('1 hall ticket released successfully.')).toBeTruthy();
  });

  it('says when a hall ticket waits for an exam seat: the release refused with its message, and a bulk job skipping the unseated', async () => {
    const server = createFakeAdminServer();
    server.on('GET /api/admin/candidates', () => ok({ candidates: [candidateRow(2)], pagination: pagination(1) }));
    server.on('PATCH /api/admin/candidates/KBE100002ABC/hall-ticket', () => ({ status: 409, body: { statusCode: 409, message: ADMIN_MESSAGES.seatRequired } }));
    const printTab = { close: jest.fn() };
    const open = jest.spyOn(window, 'open').mockReturnValue(printTab as unknown as Window);
    try {
      renderAdmin(<HallTicketPanel />, { server });
      fireEvent.click(await screen.findByRole('button', { name: 'Release hall ticket of Candidate 2' }));
      expect(await screen.findByText('No Exam Seat')).toBeTruthy();
      expect(screen.getByText('Candidate has no exam seat yet: allocate seats (or assign one) before releasing the hall ticket')).toBeTruthy();
      expect(printTab.close).toHaveBeenCalled();
    } finally {
      open.mockRestore();
    }

    server.on('POST /api/admin/hall-tickets/release', () =>
      ok(job({ status: 'completed', total: 5, processed: 5, percent: 100, released: 2, skipped: { count: 3, reasons: [{ reason: 'fees-unpaid', count: 1 }, { reason: 'not-seated', count: 2 }] } })),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Bulk Release' }));
    expect(await screen.findByText('2 hall tickets released successfully. Skipped: 1 fees unpaid, 2 no exam seat yet.')).toBeTruthy();
  });
});
