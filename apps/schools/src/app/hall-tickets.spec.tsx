import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PORTAL_HALL_TICKET_MESSAGES, PORTAL_PATHS, type ClassHallTicketsJob } from '@kbe/contracts/zod-free';

import { HallTickets } from './hall-tickets';
import { MENTOR_SESSION } from './portal-api.testing';
import { renderScreen, screenServer } from './portal-screens.testing';

const JOB_ID = '6750f0c2a1b2c3d4e5f607aa';

function job(overrides: Partial<ClassHallTicketsJob> = {}): ClassHallTicketsJob {
  return {
    id: JOB_ID,
    status: 'queued',
    total: 5,
    rendered: 0,
    skipped: { count: 2, candidateCodes: ['KBE26DEF456', 'KBE26GHI789'] },
    createdAt: '2026-11-28T04:00:00.000Z',
    finishedAt: null,
    fileName: 'SCH-7KQ2XM_hall-tickets.pdf',
    ...overrides,
  };
}

describe("the class's hall tickets", () => {
  let saved: string[];
  let savedBlobs: Blob[];
  beforeEach(() => {
    sessionStorage.clear();
    saved = [];
    savedBlobs = [];
    URL.createObjectURL = jest.fn((blob: Blob) => {
      savedBlobs.push(blob);
      return 'blob:test';
    });
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('asks for the PDF, polls its progress, lists the pupils left out, then downloads it with the token', async () => {
    const server = screenServer();
    await renderScreen(<HallTickets pollMs={5} />, server);
    expect(server.requests).toEqual([]);

    server.answerAt(PORTAL_PATHS.hallTickets, 202, { success: true, data: job() });
    server.answerAt(PORTAL_PATHS.hallTicketsJob(JOB_ID), 200, { success: true, data: job({ status: 'running', rendered: 2 }) });
    server.answerAt(PORTAL_PATHS.hallTicketsJob(JOB_ID), 200, { success: true, data: job({ status: 'completed', rendered: 5, finishedAt: '2026-11-28T04:00:09.000Z' }) });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Prepare the PDF' }));
    });
    expect(server.requests[0]).toMatchObject({ url: PORTAL_PATHS.hallTickets, method: 'POST', authorization: 'Bearer tok-school-1' });
    expect(screen.getByTestId('hall-tickets-progress-text').getAttribute('aria-live')).toBe('polite');

    const download = await screen.findByRole('button', { name: 'Download PDF' });
    expect(screen.getByTestId('hall-tickets-progress-text').textContent).toBe('5 of 5 hall tickets ready');
    expect(server.requests.map((request) => request.url)).toEqual([PORTAL_PATHS.hallTickets, PORTAL_PATHS.hallTicketsJob(JOB_ID), PORTAL_PATHS.hallTicketsJob(JOB_ID)]);
    const skipped = screen.getByTestId('hall-tickets-skipped');
    expect(within(skipped).getByRole('heading').textContent).toBe('2 pupils have no released hall ticket yet and are not in the PDF:');
    expect(within(skipped).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['KBE26DEF456', 'KBE26GHI789']);

    server.answerAt(PORTAL_PATHS.hallTicketsFile(JOB_ID), 200, '%PDF-1.7 hall tickets', 'application/pdf');
    await act(async () => {
      fireEvent.click(download);
    });
    await waitFor(() => expect(saved).toEqual(['SCH-7KQ2XM_hall-tickets.pdf']));
    expect(server.requests.at(-1)).toMatchObject({ url: PORTAL_PATHS.hallTicketsFile(JOB_ID), method: 'GET', authorization: 'Bearer tok-school-1' });
    expect(savedBlobs[0].type).toBe('application/pdf');
  });

  it('shows the progress while the PDF is being made (rendered of total)', async () => {
    const server = screenServer();
    await renderScreen(<HallTickets pollMs={60_000} />, server, MENTOR_SESSION);
    server.answerAt(PORTAL_PATHS.hallTickets, 202, { success: true, data: job({ status: 'running', rendered: 3 }) });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Prepare the PDF' }));
    });
    expect(screen.getByTestId('hall-tickets-progress-text').textContent).toBe('3 of 5 hall tickets ready');
    const bar = screen.getByRole('progressbar', { name: 'In progress' });
    expect(bar.getAttribute('value')).toBe('3');
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
    expect(server.requests[0].authorization).toBe('Bearer tok-mentor-1');
  });

  it("shows the server's message when no pupil has a released hall ticket (409)", async () => {
    const server = screenServer();
    await renderScreen(<HallTickets pollMs={5} />, server);
    server.fail(409, PORTAL_HALL_TICKET_MESSAGES.noneReleased);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Prepare the PDF' }));
    });
    expect(screen.getByTestId('hall-tickets-error').textContent).toBe(PORTAL_HALL_TICKET_MESSAGES.noneReleased);
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Prepare the PDF' }).hasAttribute('disabled')).toBe(false);
  });
});
