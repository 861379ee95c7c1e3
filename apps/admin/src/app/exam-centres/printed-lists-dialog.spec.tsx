import { act, fireEvent, screen } from '@testing-library/react';
import { CENTRE_LIST_MESSAGES } from '@kbe/contracts';
import { Dialog } from '@kbe/ui';

import { createFakeAdminServer, renderAdmin } from '../fake-admin-server.testing';
import { centreView, listsProgress, pdfAnswer } from './exam-centres.testing';
import { PRINTED_LIST_POLL_MS, PrintedListsDialog } from './printed-lists-dialog';

const flush = () => act(async () => undefined);
const NASHIK = centreView();

function setup() {
  const server = createFakeAdminServer();
  renderAdmin(
    <Dialog open>
      <PrintedListsDialog centre={NASHIK} />
    </Dialog>,
    { server },
  );
  return server;
}

describe('printed lists of a centre', () => {
  let saved: { name: string; blob: Blob }[];
  beforeEach(() => {
    saved = [];
    let last: Blob | null = null;
    URL.createObjectURL = jest.fn((blob: Blob) => {
      last = blob;
      return 'blob:test';
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (last) saved.push({ name: this.download, blob: last });
    });
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('waits while the lists are made, showing the progress, then saves the PDF', async () => {
    jest.useFakeTimers();
    const server = setup();
    const answers = [listsProgress({ status: 'queued', percent: 0, processed: 0 }), listsProgress(), pdfAnswer()];
    server.on('GET /api/admin/centres/NSK01/door-list.pdf', () => answers.shift() ?? pdfAnswer());

    fireEvent.click(screen.getByRole('button', { name: 'Door list' }));
    await flush();
    expect(screen.getByText('Door list: Making the lists: waiting to start (0%)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Attendance sheets' }).hasAttribute('disabled')).toBe(true);

    act(() => jest.advanceTimersByTime(PRINTED_LIST_POLL_MS));
    await flush();
    expect(screen.getByText('Door list: Making the lists: 40 of 120 rows (33%)')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('33');
    expect(saved).toEqual([]);

    act(() => jest.advanceTimersByTime(PRINTED_LIST_POLL_MS));
    await flush();
    expect(server.calls('GET', '/api/admin/centres/NSK01/door-list.pdf')).toHaveLength(3);
    expect(saved.map((file) => [file.name, file.blob.type])).toEqual([['NSK01-door-list.pdf', 'application/pdf']]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByText('Saved NSK01-door-list.pdf.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Door list' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the server’s message when the centre has no seats, and saves nothing', async () => {
    const server = setup();
    server.on('GET /api/admin/centres/NSK01/attendance.pdf', () => ({ status: 409, body: { statusCode: 409, message: CENTRE_LIST_MESSAGES.noSeats('NSK01') } }));

    fireEvent.click(screen.getByRole('button', { name: 'Attendance sheets' }));

    expect(await screen.findByText('Centre NSK01 has no seats allocated: allocate seats before printing its lists')).toBeTruthy();
    expect(screen.getByText('The list could not be printed')).toBeTruthy();
    expect(saved).toEqual([]);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});
