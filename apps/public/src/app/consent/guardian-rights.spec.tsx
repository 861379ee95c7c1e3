import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import {
  DATA_RIGHTS_MESSAGES,
  requestRecordedMessage,
  type ConsentNoticeLanguage,
  type DataRequestView,
} from '@kbe/contracts/zod-free';
import { ParentalConsentPage } from './parental-consent-page';
import { createGuardianRightsApi, fileNameOfDisposition } from './guardian-rights.api';
import type { ConsentApi } from './parental-consent.api';

jest.setTimeout(30_000);

const CODE = 'KBE123456ABC';

interface Reply {
  status: number;
  body?: unknown;
  type?: string;
  disposition?: string;
}
interface Call {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

/** A scripted registration-service behind `fetch` (jsdom has no Response class): `METHOD path` -> reply. */
function fakeServer(routes: Record<string, Reply>) {
  const calls: Call[] = [];
  const fetch = (async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = {
      method: init.method ?? 'GET',
      url: String(input),
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    calls.push(call);
    const reply = routes[`${call.method} ${call.url}`];
    if (!reply) throw new TypeError('Failed to fetch');
    const type = reply.type ?? 'application/json';
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    const headers: Record<string, string | undefined> = { 'content-type': type, 'content-disposition': reply.disposition };
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
      text: async () => text,
      blob: async () => new Blob([text], { type }),
    } as unknown as Response;
  }) as typeof globalThis.fetch;
  return { fetch, calls, routes };
}

const searchAnswer = (consentStatus: 'pending' | 'given' | 'withdrawn'): Reply => ({
  status: 200,
  body: { success: true, data: { candidateCode: CODE, fullName: '', fatherName: '', consentStatus, personalDetails: { fullName: '', fatherName: '' } } },
});
const codeSent: Reply = { status: 200, body: { success: true, message: 'sent', data: { maskedPhoneNumber: '******5678', expiresAt: '2026-11-27T04:40:00.000Z', resendAfterSeconds: 30 } } };
const wrongCode: Reply = {
  status: 400,
  body: { statusCode: 400, message: 'The code is not correct. 4 tries left.', errors: [{ field: 'otp', message: 'The code is not correct. 4 tries left.' }] },
};
const sessionOver: Reply = { status: 401, body: { statusCode: 401, message: DATA_RIGHTS_MESSAGES.sessionExpired } };

const request = (over: Partial<DataRequestView>): DataRequestView => ({
  id: 'DR000001',
  candidateCode: CODE,
  kind: 'access',
  details: '',
  status: 'done',
  requestedAt: '2026-11-20T06:00:00.000Z',
  dueAt: '2027-02-18T06:00:00.000Z',
  handledBy: 'self-service',
  handledAt: '2026-11-20T06:00:00.000Z',
  resolution: 'Data downloaded.',
  ...over,
});

const api = '/api/consent/KBE123456ABC';
function routes(status: 'pending' | 'given' | 'withdrawn' = 'given'): Record<string, Reply> {
  return {
    [`GET /api/candidates/search/${CODE}`]: searchAnswer(status),
    [`POST ${api}/otp`]: codeSent,
    [`POST ${api}/session`]: { status: 201, body: { success: true, message: 'ok', data: { token: 'tok-1', expiresAt: '2026-11-27T04:50:00.000Z' } } },
    [`GET ${api}/requests`]: { status: 200, body: { success: true, data: [request({})] } },
  };
}

const consentApi: ConsentApi = {
  notice: async (lang: ConsentNoticeLanguage) => ({ version: '2026-11-27', lang, html: '<article><h2>Notice to the parent or guardian</h2></article>' }),
  sendOtp: async () => ({ maskedPhoneNumber: '******5678', expiresAt: '2026-11-27T04:40:00.000Z', resendAfterSeconds: 30 }),
  confirm: async () => Promise.reject(new Error('not in these tests')),
};

function renderPage(server: ReturnType<typeof fakeServer>) {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[`/einstein-quest/parental-consent/${CODE.toLowerCase()}`]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <ParentalConsentPage api={consentApi} rightsApi={createGuardianRightsApi({ fetch: server.fetch })} />
    </MemoryRouter>,
  );
  return user;
}

/** Asks for a data-request code and opens the session with it. */
async function openSession(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Send data-request code' }));
  await screen.findByTestId('data-code-sent');
  await user.type(screen.getByLabelText('Data-request code'), '482913');
  await user.click(screen.getByRole('button', { name: 'Confirm code' }));
  expect(await screen.findByTestId('data-session')).toHaveTextContent(DATA_RIGHTS_MESSAGES.sessionStarted);
}

describe("the consent page's rights over the child's data", () => {
  let saved: string[];
  beforeEach(() => {
    saved = [];
    URL.createObjectURL = jest.fn(() => 'blob:test');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('withdraws consent with a withdrawal code: says what happens, then that the data is erased and the status withdrawn', async () => {
    const server = fakeServer({
      ...routes('given'),
      [`POST ${api}/withdraw`]: {
        status: 201,
        body: { success: true, message: DATA_RIGHTS_MESSAGES.withdrawn, data: { candidateCode: CODE, status: 'withdrawn', withdrawnAt: '2026-11-27T05:00:00.000Z', erasure: 'done' } },
      },
    });
    const user = renderPage(server);
    expect(await screen.findByRole('heading', { name: 'Withdraw consent' })).toBeInTheDocument();
    await waitFor(() => expect(server.calls.some((call) => call.url === `/api/candidates/search/${CODE}`)).toBe(true));
    expect(screen.getByText("the candidate's photo, signature and personal details are erased;")).toBeInTheDocument();
    expect(screen.getByText('no hall ticket and no certificate can be issued for this registration;')).toBeInTheDocument();
    expect(screen.getByText('it cannot be undone.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send withdrawal code' }));
    expect(await screen.findByTestId('withdrawal-code-sent')).toHaveTextContent('A 6-digit code was sent by SMS to ******5678.');
    expect(server.calls.find((call) => call.url === `${api}/otp`)?.body).toEqual({ action: 'withdrawal' });
    expect(screen.getByRole('button', { name: 'Send a new withdrawal code' })).toHaveAttribute('aria-disabled', 'true');

    await user.type(screen.getByLabelText('Withdrawal code'), '482913');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    const done = await screen.findByTestId('consent-withdrawn');
    expect(done).toHaveTextContent(DATA_RIGHTS_MESSAGES.withdrawn);
    expect(done).toHaveTextContent('Status of consent: withdrawn');
    expect(server.calls.find((call) => call.url === `${api}/withdraw`)?.body).toEqual({ otp: '482913' });
    expect(screen.queryByRole('button', { name: 'Give consent' })).toBeNull();
    expect(screen.queryAllByRole('form')).toEqual([]);
  });

  it("shows a wrong withdrawal code's message at the code, and keeps the code", async () => {
    const server = fakeServer({ ...routes('pending'), [`POST ${api}/withdraw`]: wrongCode });
    const user = renderPage(server);
    await user.type(await screen.findByLabelText('Withdrawal code'), '000000');
    await user.click(screen.getByRole('button', { name: 'Confirm withdrawal' }));
    const field = screen.getByLabelText('Withdrawal code');
    await waitFor(() => expect(field).toHaveAccessibleDescription('The code is not correct. 4 tries left.'));
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveValue('000000');
    expect(screen.queryByTestId('consent-withdrawn')).toBeNull();
  });

  it('opens the data with a data-request code, lists the requests and downloads the JSON with the bearer token', async () => {
    const server = fakeServer({
      ...routes(),
      [`GET ${api}/data`]: { status: 200, body: { candidateCode: CODE }, disposition: `attachment; filename="${CODE}_data.json"` },
    });
    const user = renderPage(server);
    await openSession(user);
    expect(server.calls.find((call) => call.url === `${api}/otp`)?.body).toEqual({ action: 'data-request' });
    expect(server.calls.find((call) => call.url === `${api}/session`)?.body).toEqual({ otp: '482913' });

    const list = await screen.findByRole('table', { name: "Requests about the candidate's data" });
    const row = within(list).getByRole('row', { name: /DR000001/ });
    expect(row).toHaveTextContent('Access (data downloaded)');
    expect(row).toHaveTextContent('Done');
    expect(row).toHaveTextContent('18 February 2027');
    expect(server.calls.find((call) => call.url === `${api}/requests`)?.headers['Authorization']).toBe('Bearer tok-1');

    await user.click(screen.getByRole('button', { name: 'Download as JSON' }));
    expect(await screen.findByTestId('data-saved')).toHaveTextContent(`Saved as ${CODE}_data.json.`);
    expect(saved).toEqual([`${CODE}_data.json`]);
    const download = server.calls.find((call) => call.url === `${api}/data`);
    expect(download?.method).toBe('GET');
    expect(download?.headers['Authorization']).toBe('Bearer tok-1');
    // the download is recorded as an access request: the list is read again after it
    await waitFor(() => expect(server.calls.filter((call) => call.url === `${api}/requests` && call.method === 'GET')).toHaveLength(2));
  });

  it('checks a correction before sending it, then says it is recorded and by when it is answered', async () => {
    const recorded = request({ id: 'DR000002', kind: 'correction', status: 'open', dueAt: '2027-02-25T06:00:00.000Z', handledBy: null, handledAt: null, resolution: null });
    const server = fakeServer({
      ...routes(),
      [`POST ${api}/requests`]: { status: 201, body: { success: true, message: requestRecordedMessage(new Date(recorded.dueAt)), data: recorded } },
    });
    const user = renderPage(server);
    await openSession(user);

    const details = screen.getByLabelText('What is wrong, and what it should say');
    await user.type(details, 'Wrong');
    await user.click(screen.getByRole('button', { name: 'Send correction request' }));
    expect(details).toHaveAccessibleDescription(expect.stringContaining(DATA_RIGHTS_MESSAGES.details));
    expect(details).toHaveAttribute('aria-invalid', 'true');
    expect(details).toHaveValue('Wrong');
    expect(server.calls.some((call) => call.method === 'POST' && call.url === `${api}/requests`)).toBe(false);

    await user.type(details, " father's name: it should read Suresh Patil");
    await user.click(screen.getByRole('button', { name: 'Send correction request' }));
    expect(await screen.findByTestId('correction-recorded')).toHaveTextContent('Your request is recorded. The organisers will answer by 25 February 2027.');
    const sent = server.calls.find((call) => call.method === 'POST' && call.url === `${api}/requests`);
    expect(sent?.body).toEqual({ kind: 'correction', details: "Wrong father's name: it should read Suresh Patil" });
    expect(sent?.headers['Authorization']).toBe('Bearer tok-1');
    expect(within(screen.getByRole('table')).getByRole('row', { name: /DR000002/ })).toHaveTextContent('25 February 2027');
    expect(details).toHaveValue('');
  });

  it('says when the session has ended, offers a new code, and keeps what was typed', async () => {
    const server = fakeServer({ ...routes(), [`POST ${api}/requests`]: sessionOver });
    const user = renderPage(server);
    await openSession(user);
    await user.type(screen.getByLabelText('Reason (optional)'), 'No longer taking part.');
    await user.click(screen.getByRole('button', { name: 'Send erasure request' }));

    const ended = await screen.findByTestId('data-session-ended');
    expect(ended).toHaveTextContent(DATA_RIGHTS_MESSAGES.sessionExpired);
    expect(ended).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Send data-request code' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download as JSON' })).toBeNull();

    await user.type(screen.getByLabelText('Data-request code'), '111222');
    await user.click(screen.getByRole('button', { name: 'Confirm code' }));
    expect(await screen.findByLabelText('Reason (optional)')).toHaveValue('No longer taking part.');
  });

  it('shows a withdrawn registration as such, with no forms', async () => {
    renderPage(fakeServer(routes('withdrawn')));
    expect(await screen.findByTestId('registration-withdrawn')).toHaveTextContent(DATA_RIGHTS_MESSAGES.registrationWithdrawn);
    expect(await screen.findByRole('heading', { name: 'Notice to the parent or guardian' })).toBeInTheDocument();
    expect(screen.queryAllByRole('form')).toEqual([]);
    expect(screen.queryAllByRole('textbox')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Send code by SMS' })).toBeNull();
  });

  it("saves a download under the name the server gives, never a path, else under the candidate's code", () => {
    expect(fileNameOfDisposition('attachment; filename="KBE123456ABC_data.pdf"')).toBe('KBE123456ABC_data.pdf');
    expect(fileNameOfDisposition('attachment; filename=KBE123456ABC_data.json')).toBe('KBE123456ABC_data.json');
    expect(fileNameOfDisposition('attachment; filename="../../evil.json"')).toBeUndefined();
    expect(fileNameOfDisposition(null)).toBeUndefined();
  });
});
