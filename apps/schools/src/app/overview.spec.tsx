import { Suspense } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PORTAL_MESSAGES, PORTAL_PATHS, type PortalSession } from '@kbe/contracts/zod-free';

import App from './app';
import { createPortalApi } from './portal-api';
import { candidateList, COUNTS, fakeServer, MENTOR_SESSION, SCHOOL_SESSION } from './portal-api.testing';
import { PORTAL_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from './portal-query';
import { createPortalSessionStore, PORTAL_SESSION_KEY } from './portal-session.store';
import { pageMeta } from '../server/render-entry';
import { schoolsMessages } from '../i18n/schools.catalogue';

const MENTORS = [
  { mentorCode: 'MEN-4HT9PA', name: 'Asha Kulkarni', phoneNumber: '******3211', candidates: 8, active: true },
  { mentorCode: 'MEN-9ZZ2QR', name: 'Ravi Deshmukh', phoneNumber: '******3212', candidates: 4, active: false },
];

/** The portal with `session` signed in (as a reload of the page finds it in sessionStorage). */
async function renderSignedIn(session: PortalSession = SCHOOL_SESSION, locale?: 'mr' | 'hi') {
  sessionStorage.setItem(PORTAL_SESSION_KEY, JSON.stringify(session));
  const server = fakeServer();
  if (session.role === 'school') server.answerAt(PORTAL_PATHS.mentors, 200, { success: true, data: { mentors: MENTORS } });
  server.answerAt(PORTAL_PATHS.candidates, 200, { success: true, data: candidateList() });
  const api = createPortalApi({ fetch: server.fetch, session: createPortalSessionStore() });
  const app = <App api={api} />;
  await act(async () => {
    render(
      locale ? (
        <MemoryRouter basename={`/${locale}`} initialEntries={[`/${locale}/einstein-quest/school-portal`]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <Suspense fallback={<p>loading</p>}>{app}</Suspense>
        </MemoryRouter>
      ) : (
        app
      ),
    );
  });
  await screen.findByTestId('pupil-table');
  return { server, api };
}

const candidateRequests = (server: ReturnType<typeof fakeServer>) => server.requests.filter((request) => request.url.startsWith(PORTAL_PATHS.candidates + '?'));
const lastQuery = (server: ReturnType<typeof fakeServer>) => new URLSearchParams(candidateRequests(server).at(-1)?.url.split('?')[1]);

describe('the school portal overview', () => {
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

  it("shows who is signed in, the counts over every pupil, and the pupil's statuses in words", async () => {
    const { server } = await renderSignedIn();
    expect(screen.getByTestId('portal-name').textContent).toBe('Nashik Vidyalaya');
    expect(screen.getByTestId('portal-code').textContent).toBe('SCH-7KQ2XM');
    const counts = screen.getByTestId('portal-counts');
    expect(within(counts).getByTestId('count-candidates').textContent).toBe('Pupils12');
    expect(within(counts).getByTestId('count-consentGiven').textContent).toBe(`Consent given${COUNTS.consentGiven}`);
    expect(within(counts).getByTestId('count-consentPending').textContent).toBe(`Consent pending${COUNTS.consentPending}`);
    expect(within(counts).getByTestId('count-feesPaid').textContent).toBe('Fees paid9');
    expect(within(counts).getByTestId('count-missingFiles').textContent).toBe('Photo or signature missing2');
    expect(within(counts).getByTestId('count-hallTicketsReleased').textContent).toBe('Hall tickets released5');
    expect(within(counts).getByTestId('count-certificatesReleased').textContent).toBe('Certificates released3');

    const row = within(screen.getByTestId('pupil-table')).getByRole('row', { name: /Aarav Patil/ });
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['Sec · 7th', 'MEN-4HT9PA', 'Given', 'Paid', 'Signature missing', 'Released', 'Not yet']);
    const card = within(screen.getByTestId('pupil-cards')).getByRole('listitem');
    expect(card.textContent).toContain('Consent: Given');
    expect(card.textContent).toContain('Photo and signature: Signature missing');
    expect(screen.getByTestId('pupil-total').textContent).toBe('1 pupil');

    // Page 1 of 20, no filter, with the session's token.
    expect(Object.fromEntries(lastQuery(server))).toEqual({ page: '1', limit: String(PORTAL_PAGE_SIZE) });
    expect(candidateRequests(server)[0].authorization).toBe('Bearer tok-school-1');
  });

  it('builds the query from the filters, waits for the typing to stop before searching, and pages', async () => {
    const { server } = await renderSignedIn();
    const answer = (pages = 3) => server.answerAt(PORTAL_PATHS.candidates, 200, { success: true, data: candidateList({ pagination: { current: 1, pages, total: 45 } }) });

    answer();
    fireEvent.change(screen.getByLabelText('Fees'), { target: { value: 'unpaid' } });
    await waitFor(() => expect(lastQuery(server).get('filter')).toBe('unpaid'));
    for (const [label, value] of [
      ['Consent', 'pending'],
      ['Hall ticket', 'not-released'],
      ['Certificate', 'released'],
      ['Category', 'High'],
      ['Mentor', 'MEN-9ZZ2QR'],
    ]) {
      answer();
      fireEvent.change(screen.getByLabelText(label), { target: { value } });
      await waitFor(() => expect(candidateRequests(server).length).toBeGreaterThan(0));
    }
    await waitFor(() =>
      expect(Object.fromEntries(lastQuery(server))).toEqual({
        filter: 'unpaid',
        consent: 'pending',
        released: 'not-released',
        certificate: 'released',
        category: 'High',
        mentorCode: 'MEN-9ZZ2QR',
        page: '1',
        limit: '20',
      }),
    );
    await screen.findByText('Page 1 of 3');

    const before = candidateRequests(server).length;
    answer();
    fireEvent.change(screen.getByLabelText('Search by name or candidate code'), { target: { value: 'Aa' } });
    fireEvent.change(screen.getByLabelText('Search by name or candidate code'), { target: { value: ' Aarav ' } });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS / 2));
    });
    expect(candidateRequests(server)).toHaveLength(before);
    await waitFor(() => expect(lastQuery(server).get('search')).toBe('Aarav'));
    expect(candidateRequests(server)).toHaveLength(before + 1);

    answer();
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(server).get('page')).toBe('2'));

    answer();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(Object.fromEntries(lastQuery(server))).toEqual({ page: '1', limit: '20' }));
  });

  it('downloads the CSV of the filtered pupils with the bearer token', async () => {
    const { server } = await renderSignedIn();
    server.answerAt(PORTAL_PATHS.candidates, 200, { success: true, data: candidateList() });
    fireEvent.change(screen.getByLabelText('Fees'), { target: { value: 'paid' } });
    await waitFor(() => expect(lastQuery(server).get('filter')).toBe('paid'));

    server.answerAt(PORTAL_PATHS.candidatesExport, 200, 'candidateCode,name\nKBE26ABC123,Aarav Patil\n', 'text/csv');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    const exported = server.requests.find((request) => request.url.startsWith(PORTAL_PATHS.candidatesExport));
    expect(exported).toMatchObject({ url: `${PORTAL_PATHS.candidatesExport}?filter=paid`, method: 'GET', authorization: 'Bearer tok-school-1' });
    expect(saved[0]).toMatch(/^school-portal-SCH-7KQ2XM-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(savedBlobs[0].type).toBe('text/csv;charset=utf-8');
    expect(savedBlobs[0].size).toBeGreaterThan('candidateCode,name\n'.length);
  });

  it('shows the server message when the export fails, and stays signed in', async () => {
    const { server } = await renderSignedIn();
    server.answerAt(PORTAL_PATHS.candidatesExport, 503, { success: false, error: 'The export is not available just now' });
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect((await screen.findByTestId('export-error')).textContent).toBe('The export is not available just now');
    expect(saved).toEqual([]);
    expect(screen.getByTestId('portal-name')).toBeTruthy();
  });

  it('a 401 ends the session: back to sign-in, which says why, with sessionStorage cleared', async () => {
    const { server } = await renderSignedIn();
    server.answerAt(PORTAL_PATHS.candidates, 401, { success: false, error: PORTAL_MESSAGES.signInRequired });
    await act(async () => {
      fireEvent.change(screen.getByLabelText('Consent'), { target: { value: 'given' } });
    });
    expect((await screen.findByTestId('sign-in-notice')).textContent).toBe(PORTAL_MESSAGES.sessionExpired);
    expect(screen.getByLabelText('School code or mentor code')).toBeTruthy();
    expect(screen.queryByTestId('portal-name')).toBeNull();
    expect(sessionStorage.getItem(PORTAL_SESSION_KEY)).toBeNull();
  });

  it('signs out: POST logout with the token, the session forgotten, the sign-in form without a notice', async () => {
    const { server } = await renderSignedIn();
    server.answerAt(PORTAL_PATHS.logout, 204);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    });
    await screen.findByLabelText('School code or mentor code');
    expect(server.requests.at(-1)).toMatchObject({ url: PORTAL_PATHS.logout, method: 'POST', authorization: 'Bearer tok-school-1' });
    expect(sessionStorage.getItem(PORTAL_SESSION_KEY)).toBeNull();
    expect(screen.queryByTestId('sign-in-notice')).toBeNull();
  });

  it("a school sees its mentors and gets the bulk-registration template; a mentor neither", async () => {
    const { server } = await renderSignedIn();
    const mentorsTab = screen.getByRole('tab', { name: 'Mentors' });
    await act(async () => {
      fireEvent.mouseDown(mentorsTab, { button: 0 });
    });
    const mentors = await screen.findByTestId('mentor-list');
    expect(within(mentors).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Asha KulkarniMEN-4HT9PA · ******32118 pupilsActive',
      'Ravi DeshmukhMEN-9ZZ2QR · ******32124 pupilsNot active',
    ]);
    expect(screen.getByText(/then upload it in the Bulk registration section/)).toBeTruthy();

    server.answerAt(PORTAL_PATHS.importTemplate, 200, 'fullName,dateOfBirth\n', 'text/csv');
    fireEvent.click(screen.getByRole('button', { name: 'Download the template (CSV)' }));
    await waitFor(() => expect(saved).toEqual(['bulk-registration-template.csv']));
    expect(server.requests.at(-1)).toMatchObject({ url: PORTAL_PATHS.importTemplate, authorization: 'Bearer tok-school-1' });
  });

  it('a mentor sees their own pupils only: no mentors, no mentor filter, no template', async () => {
    const { server } = await renderSignedIn(MENTOR_SESSION);
    expect(screen.getByTestId('portal-name').textContent).toBe('Asha Kulkarni');
    expect(screen.queryByRole('tab')).toBeNull();
    expect(screen.queryByLabelText('Mentor')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download the template (CSV)' })).toBeNull();
    expect(server.requests.map((request) => request.url.split('?')[0])).toEqual([PORTAL_PATHS.candidates]);
  });

  it('in Marathi: the page and the counts in Marathi digits; the prerendered title in Marathi and Hindi', async () => {
    await renderSignedIn(SCHOOL_SESSION, 'mr');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('शाळा पोर्टल');
    expect(screen.getByTestId('count-candidates').textContent).toBe('विद्यार्थी१२');
    expect(screen.getByRole('button', { name: 'साइन आउट' })).toBeTruthy();
    expect(pageMeta('/einstein-quest/school-portal', 'mr').title).toMatch(/^शाळा पोर्टल - /);
    await schoolsMessages.load('hi');
    expect(pageMeta('/einstein-quest/school-portal', 'hi').title).toMatch(/^विद्यालय पोर्टल - /);
  });
});
