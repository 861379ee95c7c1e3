import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { CORRECTABLE_FIELDS, CORRECTION_MESSAGES, CORRECTION_PATHS, PORTAL_PATHS, type CorrectionList, type CorrectionView } from '@kbe/contracts/zod-free';

import App from './app';
import { Corrections } from './corrections';
import { createPortalApi } from './portal-api';
import { candidateList, fakeServer, MENTOR_SESSION } from './portal-api.testing';
import { renderScreen, screenServer } from './portal-screens.testing';
import { createPortalSessionStore, PORTAL_SESSION_KEY } from './portal-session.store';

const PUPIL = candidateList().candidates[0];

const REJECTED: CorrectionView = {
  id: 'CR000007',
  candidateCode: 'KBE26DEF456',
  candidateName: 'Diya More',
  schoolCode: 'SCH-7KQ2XM',
  mentorCode: 'MEN-4HT9PA',
  requestedBy: { role: 'school', code: 'SCH-7KQ2XM' },
  changes: [{ field: 'personalDetails.dateOfBirth', label: 'Date of birth', from: '2013-04-02', to: '2013-02-04' }],
  note: 'Day and month swapped',
  status: 'rejected',
  requestedAt: '2026-11-20T10:00:00.000Z',
  decidedAt: '2026-11-21T10:00:00.000Z',
  decidedBy: null,
  reason: 'The birth certificate shows 2 April 2013',
};

const OPEN: CorrectionView = {
  ...REJECTED,
  id: 'CR000008',
  candidateCode: PUPIL.candidateCode,
  candidateName: PUPIL.name,
  changes: [{ field: 'personalDetails.fullName', label: 'Full name', from: 'Aarav Patil', to: 'Aarav Sunil Patil' }],
  note: '',
  status: 'open',
  decidedAt: null,
  reason: null,
};

const list = (items: CorrectionView[]): { success: true; data: CorrectionList } => ({ success: true, data: { items, page: 1, limit: 20, total: items.length } });

describe('corrections', () => {
  beforeEach(() => sessionStorage.clear());

  it("lists the requests with their status and an admin's reason for a rejection", async () => {
    const server = screenServer();
    server.answerAt(CORRECTION_PATHS.portal, 200, list([OPEN, REJECTED]));
    await renderScreen(<Corrections />, server);
    const rejected = await screen.findByTestId('correction-CR000007');
    expect(server.requests[0]).toMatchObject({ url: `${CORRECTION_PATHS.portal}?page=1&limit=20`, authorization: 'Bearer tok-school-1' });
    expect(within(rejected).getByText('Rejected')).toBeTruthy();
    expect(within(rejected).getByTestId('correction-reason').textContent).toBe('Reason: The birth certificate shows 2 April 2013');
    expect(within(rejected).getByRole('term').textContent).toBe('Date of birth');
    expect(within(rejected).getByRole('definition').textContent).toBe('2013-04-02 → 2013-02-04');
    expect(rejected.textContent).toContain('Your note: Day and month swapped');
    const open = screen.getByTestId('correction-CR000008');
    expect(within(open).getByText('Waiting for the organisers')).toBeTruthy();
    expect(within(open).queryByTestId('correction-reason')).toBeNull();
  });

  it("asks for a correction of the pupil chosen: the row's values prefilled, only the new values and the note sent", async () => {
    const server = screenServer();
    server.answerAt(CORRECTION_PATHS.portal, 200, list([]));
    await renderScreen(<Corrections pupil={PUPIL} />, server);
    await screen.findByText('No correction requests yet.');
    expect(screen.getByRole('heading', { name: 'Ask for a correction for Aarav Patil' })).toBeTruthy();
    expect((screen.getByLabelText('Candidate code') as HTMLInputElement).value).toBe('KBE26ABC123');
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Aarav Patil');
    expect((screen.getByLabelText('Standard') as HTMLInputElement).value).toBe('7th');
    expect((screen.getByLabelText('Category') as HTMLInputElement).value).toBe('Sec');
    expect((screen.getByLabelText("Father's name") as HTMLInputElement).value).toBe('');
    // every correctable field has its labelled input
    expect(screen.getByRole('group', { name: 'New values' }).querySelectorAll('input, select')).toHaveLength(CORRECTABLE_FIELDS.length);

    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Aarav Sunil Patil' } });
    fireEvent.change(screen.getByLabelText("Father's name"), { target: { value: 'Sunil Patil' } });
    fireEvent.change(screen.getByLabelText('Orphan'), { target: { value: 'no' } });
    fireEvent.change(screen.getByLabelText('Note for the organisers (optional)'), { target: { value: 'Middle name missing' } });
    server.answerAt(CORRECTION_PATHS.portal, 201, { success: true, message: CORRECTION_MESSAGES.submitted, data: OPEN });
    server.answerAt(CORRECTION_PATHS.portal, 200, list([OPEN]));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    });
    const post = server.requests.find((request) => request.method === 'POST');
    expect(post).toMatchObject({ url: CORRECTION_PATHS.portal, authorization: 'Bearer tok-school-1' });
    expect(post?.body).toEqual({
      candidateCode: 'KBE26ABC123',
      changes: { 'personalDetails.fullName': 'Aarav Sunil Patil', 'personalDetails.fatherName': 'Sunil Patil', 'orphanDetails.isOrphan': false },
      note: 'Middle name missing',
    });
    expect(screen.getByRole('status').textContent).toBe('Correction requested (CR000008). The organisers will check it.');
    await screen.findByTestId('correction-CR000008');
    expect((screen.getByLabelText("Father's name") as HTMLInputElement).value).toBe('');
  });

  it('shows the messages of a 400 beside their fields', async () => {
    const server = screenServer();
    server.answerAt(CORRECTION_PATHS.portal, 200, list([]));
    await renderScreen(<Corrections pupil={PUPIL} />, server);
    await screen.findByText('No correction requests yet.');
    fireEvent.change(screen.getByLabelText('Date of birth'), { target: { value: '2030-01-01' } });
    fireEvent.change(screen.getByLabelText('PIN code'), { target: { value: '12' } });
    server.answerAt(CORRECTION_PATHS.portal, 400, {
      statusCode: 400,
      message: 'changes.personalDetails.dateOfBirth: Date of birth cannot be in the future; changes.permanentAddress.pin: PIN code must be 6 digits',
      errors: [
        { field: 'changes.personalDetails.dateOfBirth', message: 'Date of birth cannot be in the future' },
        { field: 'changes.permanentAddress.pin', message: 'PIN code must be 6 digits' },
      ],
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    });
    const birth = screen.getByLabelText('Date of birth');
    expect(birth.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(birth.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Date of birth cannot be in the future');
    expect(screen.getByTestId('error-changes.permanentAddress.pin').textContent).toBe('PIN code must be 6 digits');
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByTestId('correction-error').textContent).toBe('Please correct the fields marked below.');
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('shows a 400 about the request as a whole (nothing to correct) at the fields', async () => {
    const server = screenServer();
    server.answerAt(CORRECTION_PATHS.portal, 200, list([]));
    await renderScreen(<Corrections pupil={PUPIL} />, server);
    await screen.findByText('No correction requests yet.');
    server.answerAt(CORRECTION_PATHS.portal, 400, { statusCode: 400, message: `changes: ${CORRECTION_MESSAGES.noChanges}`, errors: [{ field: 'changes', message: CORRECTION_MESSAGES.noChanges }] });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    });
    expect(screen.getByTestId('error-changes').textContent).toBe(CORRECTION_MESSAGES.noChanges);
    expect((server.requests.at(-1)?.body as { changes: object }).changes).toEqual({});
  });

  it.each([
    ['the correction window is closed', 'Corrections are accepted from 1st January 2026 to 31st December 2026.'],
    ['a request of the pupil is already open', CORRECTION_MESSAGES.openRequest],
  ])("shows the server's 409 message when %s", async (_case, message) => {
    const server = screenServer();
    server.answerAt(CORRECTION_PATHS.portal, 200, list([]));
    await renderScreen(<Corrections pupil={PUPIL} />, server);
    await screen.findByText('No correction requests yet.');
    fireEvent.change(screen.getByLabelText('Full name'), { target: { value: 'Aarav Sunil Patil' } });
    server.fail(409, message);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send the request' }));
    });
    expect(screen.getByTestId('correction-error').textContent).toBe(message);
    // what was typed stays, to send again later
    expect((screen.getByLabelText('Full name') as HTMLInputElement).value).toBe('Aarav Sunil Patil');
  });

  it('opens from a pupil in the overview ("Ask for a correction")', async () => {
    sessionStorage.setItem(PORTAL_SESSION_KEY, JSON.stringify(MENTOR_SESSION));
    const server = fakeServer();
    server.answerAt(PORTAL_PATHS.candidates, 200, { success: true, data: candidateList() });
    server.answerAt(CORRECTION_PATHS.portal, 200, list([]));
    const api = createPortalApi({ fetch: server.fetch, session: createPortalSessionStore() });
    await act(async () => {
      render(<App api={api} />);
    });
    const table = await screen.findByTestId('pupil-table');
    // the card on a phone has it too
    expect(within(screen.getByTestId('pupil-cards')).getByRole('button', { name: 'Ask for a correction for Aarav Patil' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(within(table).getByRole('button', { name: 'Ask for a correction for Aarav Patil' }));
    });
    expect(await screen.findByRole('heading', { name: 'Ask for a correction for Aarav Patil' })).toBeTruthy();
    await waitFor(() => expect((screen.getByLabelText('Candidate code') as HTMLInputElement).value).toBe('KBE26ABC123'));
    expect(screen.getByRole('button', { name: 'Corrections' }).getAttribute('aria-current')).toBe('page');
  });
});
