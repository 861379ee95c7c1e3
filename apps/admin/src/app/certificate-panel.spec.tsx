import { act, fireEvent, screen, within } from '@testing-library/react';
import type { ReleaseJob } from '@kbe/contracts';

import { candidateRow, createFakeAdminServer, ok, pagination, releaseJob, renderAdmin } from './fake-admin-server.testing';
import { CertificatePanel } from './release-panel';
import { RELEASE_POLL_MS } from './use-bulk-release.hook';

const job = (overrides: Partial<ReleaseJob>) => releaseJob({ id: 'cert-job', kind: 'certificate', total: 40, ...overrides });

const flush = () => act(async () => undefined);

jest.setTimeout(30_000);

describe('certificate management', () => {
  const opened: string[] = [];
  let open: jest.SpyInstance;
  const createObjectURL = URL.createObjectURL;
  const revokeObjectURL = URL.revokeObjectURL;

  beforeEach(() => {
    opened.length = 0;
    // jsdom has no object URLs and no windows: the panel's print tab is a stand-in that records where it is sent.
    URL.createObjectURL = (blob: Blob) => `blob:test/${blob.type}`;
    URL.revokeObjectURL = () => undefined;
    const tab = { close: jest.fn(), location: { set href(url: string) { opened.push(url); } } };
    open = jest.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
  });

  afterEach(() => {
    jest.useRealTimers();
    open.mockRestore();
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = revokeObjectURL;
  });

  it('lists every candidate, paid or not, with the certificate filter sent to the server', async () => {
    const server = createFakeAdminServer();
    server.on('GET /api/admin/candidates', () =>
      ok({ candidates: [candidateRow(1), candidateRow(2, { certificateReleased: true })], pagination: pagination(2) }),
    );
    renderAdmin(<CertificatePanel />, { server });
    expect(await screen.findByText('Candidate 1')).toBeTruthy();
    const first = server.calls('GET', '/api/admin/candidates')[0].query;
    expect(first.get('filter')).toBe('all');
    expect(first.get('certificate')).toBe('all');
    expect(first.get('released')).toBeNull();

    const table = screen.getByRole('table', { name: 'Candidates and their certificates' });
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Candidate ID', 'Name', 'Category', 'Fees', 'Certificate', 'Actions']);
    // Candidate 1 has not paid: a certificate needs no fee, so Release is enabled.
    expect(within(table).getByText('Unpaid')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Release certificate of Candidate 1' }) as HTMLButtonElement).disabled).toBe(false);
    const released = screen.getByRole('button', { name: 'Certificate of Candidate 2 released' }) as HTMLButtonElement;
    expect(released.textContent).toBe('Released');
    expect(released.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Print certificate of Candidate 1' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Print certificate of Candidate 2' }) as HTMLButtonElement).disabled).toBe(false);

    fireEvent.change(screen.getByLabelText('Certificate'), { target: { value: 'not-released' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 350)));
    expect(server.calls('GET', '/api/admin/candidates').at(-1)?.query.get('certificate')).toBe('not-released');
  });

  it('releases one certificate, opens its PDF and shows the row as released', async () => {
    const server = createFakeAdminServer();
    let released = false;
    server.on('GET /api/admin/candidates', () => ok({ candidates: [candidateRow(1, { certificateReleased: released })], pagination: pagination(1) }));
    server.on('PATCH /api/admin/candidates/KBE100001ABC/certificate', () => {
      released = true;
      return ok(null, 'Certificate released');
    });
    server.on('GET /api/admin/candidates/KBE100001ABC/certificate.pdf', () => ({ status: 200, body: '%PDF-1.7', headers: { 'content-type': 'application/pdf' } }));
    renderAdmin(<CertificatePanel />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Release certificate of Candidate 1' }));
    expect(await screen.findByText('Certificate Released')).toBeTruthy();
    expect(screen.getByText('The certificate of Candidate 1 was released and opened for printing.')).toBeTruthy();
    expect(server.calls('PATCH', '/api/admin/candidates/KBE100001ABC/certificate')[0].body).toEqual({ certificateReleased: true });
    expect(opened).toEqual(['blob:test/application/pdf']);
    expect(await screen.findByRole('button', { name: 'Certificate of Candidate 1 released' })).toBeTruthy();
  });

  it("shows the server's refusal as a failure and never claims a release", async () => {
    const server = createFakeAdminServer();
    server.on('GET /api/admin/candidates', () => ok({ candidates: [candidateRow(1)], pagination: pagination(1) }));
    server.on('PATCH /api/admin/candidates/KBE100001ABC/certificate', () => ({ status: 500, body: { statusCode: 500, message: 'Internal server error' } }));
    renderAdmin(<CertificatePanel />, { server });
    fireEvent.click(await screen.findByRole('button', { name: 'Release certificate of Candidate 1' }));
    expect(await screen.findByText('Failed to release the certificate. Please try again.')).toBeTruthy();
    expect(screen.queryByText('Certificate Released')).toBeNull();
    expect(screen.getByRole('button', { name: 'Release certificate of Candidate 1' })).toBeTruthy();
    expect(server.calls('GET', '/api/admin/candidates/KBE100001ABC/certificate.pdf')).toHaveLength(0);
  });

  it('runs a bulk certificate release as one job with live progress and the final counts', async () => {
    jest.useFakeTimers();
    const server = createFakeAdminServer();
    server.on('GET /api/admin/candidates', () => ok({ candidates: [candidateRow(1)], pagination: pagination(1) }));
    server.on('POST /api/admin/certificates/release', () => ({ status: 202, body: { success: true, message: 'Release job started', data: job({ status: 'queued' }) } }));
    const progress = [
      job({ processed: 20, percent: 50, released: 18, skipped: { count: 2, reasons: [{ reason: 'already-released', count: 2 }] } }),
      job({ status: 'completed', processed: 40, percent: 100, released: 38, skipped: { count: 2, reasons: [{ reason: 'already-released', count: 2 }] } }),
    ];
    server.on('GET /api/admin/release-jobs/cert-job', () => ok(progress.shift()));
    renderAdmin(<CertificatePanel />, { server });
    act(() => jest.advanceTimersByTime(300));
    await flush();

    fireEvent.change(screen.getByLabelText('Search by name, candidate ID or contact'), { target: { value: 'Patil' } });
    fireEvent.click(screen.getByRole('button', { name: 'Bulk Release' }));
    await flush();
    expect(server.calls('POST', '/api/admin/certificates/release').map((r) => r.body)).toEqual([{ search: 'Patil' }]);
    expect(server.calls('POST', '/api/admin/hall-tickets/release')).toHaveLength(0);

    act(() => jest.advanceTimersByTime(RELEASE_POLL_MS));
    await flush();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('50');
    expect(screen.getByText('Releasing certificates: 20 of 40 (50%)')).toBeTruthy();

    act(() => jest.advanceTimersByTime(RELEASE_POLL_MS));
    await flush();
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Bulk Release Complete')).toBeTruthy();
    expect(screen.getByText('38 certificates released successfully. Skipped: 2 already released.')).toBeTruthy();
    expect(screen.getByTestId('certificate-bulk-release-result').textContent).toBe('Last bulk release: 38 released, 2 skipped, 0 failed.');
  });

  it("says 'No Candidates' for certificates when nobody was eligible", async () => {
    const server = createFakeAdminServer();
    server.on('GET /api/admin/candidates', () => ok({ candidates: [], pagination: pagination(0) }));
    server.on('POST /api/admin/certificates/release', () => ok(job({ status: 'completed', total: 0, percent: 100 })));
    renderAdmin(<CertificatePanel />, { server });
    expect(await screen.findByText('No candidates found for certificate release')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Bulk Release' }));
    expect(await screen.findByText('No Candidates')).toBeTruthy();
    expect(screen.getByText('No eligible candidates found for certificate release.')).toBeTruthy();
  });

  it('lets a viewer see the list but not release', async () => {
    const server = createFakeAdminServer();
    server.on('GET /api/admin/candidates', () => ok({ candidates: [candidateRow(1)], pagination: pagination(1) }));
    renderAdmin(<CertificatePanel />, { server, user: { username: 'vera', role: 'viewer' } });
    expect((await screen.findByRole('button', { name: 'Release certificate of Candidate 1' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Bulk Release' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
