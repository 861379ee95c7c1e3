import { Suspense } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { PORTAL_MESSAGES, PORTAL_PATHS } from '@kbe/contracts/zod-free';

import App from './app';
import { createPortalApi } from './portal-api';
import { candidateList, fakeServer, SCHOOL_SESSION, type FakeServer } from './portal-api.testing';
import { createPortalSessionStore, PORTAL_SESSION_KEY } from './portal-session.store';
import mr from '../i18n/mr.messages.json';

const inFuture = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString();

async function renderPortal() {
  const server = fakeServer();
  const api = createPortalApi({ fetch: server.fetch, session: createPortalSessionStore() });
  await act(async () => {
    render(<App api={api} />);
  });
  return { server, api };
}

const codeInput = () => screen.getByLabelText('School code or mentor code') as HTMLInputElement;
const otpInput = () => screen.getByLabelText('6-digit code') as HTMLInputElement;

async function sendCode(server: FakeServer, code = 'sch-7kq2xm', resendAt = inFuture(30)) {
  server.answer(200, { success: true, data: { role: 'school', maskedNumber: '******3210', expiresAt: inFuture(600), resendAt } });
  fireEvent.change(codeInput(), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByLabelText('6-digit code');
}

describe('signing in to the school portal', () => {
  beforeEach(() => {
    sessionStorage.clear();
    localStorage.clear();
  });

  it('sends a code to the registered mobile, then signs in with it; the session is kept in sessionStorage only', async () => {
    const { server } = await renderPortal();
    expect(screen.getByTestId('remote-schools')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'School portal' })).toBeTruthy();

    await sendCode(server);
    expect(server.requests[0]).toMatchObject({ url: PORTAL_PATHS.otp, method: 'POST', body: { code: 'SCH-7KQ2XM' }, authorization: null });
    const sent = screen.getByTestId('code-sent');
    expect(sent.textContent).toBe('We sent a 6-digit code to ******3210.');
    expect(sent.getAttribute('aria-live')).toBe('polite');
    expect(otpInput().inputMode).toBe('numeric');
    expect(otpInput().autocomplete).toBe('one-time-code');
    expect(otpInput().maxLength).toBe(6);
    expect(document.activeElement).toBe(otpInput());

    const resend = screen.getByRole('button', { name: /^Send a new code in \d+ seconds$/ }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);

    server.answer(200, { success: true, data: SCHOOL_SESSION });
    server.answerAt(PORTAL_PATHS.mentors, 200, { success: true, data: { mentors: [] } });
    server.answerAt(PORTAL_PATHS.candidates, 200, { success: true, data: candidateList() });
    fireEvent.change(otpInput(), { target: { value: '12a3456' } });
    expect(otpInput().value).toBe('123456');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    });
    expect(server.requests[1]).toMatchObject({ url: PORTAL_PATHS.login, method: 'POST', body: { code: 'SCH-7KQ2XM', otp: '123456' } });

    expect(await screen.findByTestId('portal-name')).toHaveProperty('textContent', 'Nashik Vidyalaya');
    expect(JSON.parse(sessionStorage.getItem(PORTAL_SESSION_KEY) ?? '{}')).toMatchObject({ token: 'tok-school-1', code: 'SCH-7KQ2XM' });
    expect(localStorage.length).toBe(0);
    await waitFor(() => expect(server.requests.filter((request) => request.authorization === 'Bearer tok-school-1')).toHaveLength(2));
  });

  it('asks for a code before calling the server, and for the 6 digits before signing in', async () => {
    const { server } = await renderPortal();
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(screen.getByTestId('code-error').textContent).toBe(PORTAL_MESSAGES.codeRequired);
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(codeInput().getAttribute('aria-describedby')).toContain(screen.getByTestId('code-error').id);
    expect(server.requests).toHaveLength(0);

    await sendCode(server);
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByTestId('otp-error').textContent).toBe(PORTAL_MESSAGES.otpRequired);
    fireEvent.change(otpInput(), { target: { value: '123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByTestId('otp-error').textContent).toBe(PORTAL_MESSAGES.otpFormat);
    expect(server.requests).toHaveLength(1);
  });

  it("shows the server's messages beside their field and keeps what was typed", async () => {
    const { server } = await renderPortal();
    server.fail(404, PORTAL_MESSAGES.unknownCode);
    fireEvent.change(codeInput(), { target: { value: 'SCH-AAAAAA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(PORTAL_MESSAGES.unknownCode)).toBe(screen.getByTestId('code-error'));
    expect(screen.getByTestId('code-error').getAttribute('role')).toBe('alert');
    expect(codeInput().value).toBe('SCH-AAAAAA');

    server.fail(429, PORTAL_MESSAGES.dailyLimit);
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(PORTAL_MESSAGES.dailyLimit)).toBe(screen.getByTestId('code-error'));

    await sendCode(server, 'SCH-7KQ2XM');
    server.fail(400, PORTAL_MESSAGES.otpWrong);
    fireEvent.change(otpInput(), { target: { value: '654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(PORTAL_MESSAGES.otpWrong)).toBe(screen.getByTestId('otp-error'));
    expect(otpInput().value).toBe('654321');
    expect(screen.getByTestId('code-error').textContent).toBe('');
    expect(sessionStorage.getItem(PORTAL_SESSION_KEY)).toBeNull();
  });

  it('offers a new code once resendAt has passed, and another code to be typed', async () => {
    const { server } = await renderPortal();
    await sendCode(server, 'SCH-7KQ2XM', new Date(Date.now() - 1000).toISOString());
    server.answer(200, { success: true, data: { role: 'school', maskedNumber: '******3210', expiresAt: inFuture(600), resendAt: inFuture(30) } });
    fireEvent.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(server.requests).toHaveLength(2));
    expect(server.requests[1].body).toEqual({ code: 'SCH-7KQ2XM' });
    expect(((await screen.findByRole('button', { name: /^Send a new code in/ })) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.click(screen.getByRole('button', { name: 'Use a different code' }));
    expect(screen.queryByLabelText('6-digit code')).toBeNull();
    expect(codeInput().readOnly).toBe(false);
    expect(codeInput().value).toBe('SCH-7KQ2XM');
  });

  it('says so when the server cannot be reached', async () => {
    const { server } = await renderPortal();
    fireEvent.change(codeInput(), { target: { value: 'SCH-7KQ2XM' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText(/^Could not reach the server/)).toBe(screen.getByTestId('code-error'));
    expect(server.requests).toHaveLength(1);
  });

  it("in Marathi: the form's words and the server's messages in Marathi, beside their field", async () => {
    const server = fakeServer();
    const api = createPortalApi({ fetch: server.fetch, session: createPortalSessionStore() });
    await act(async () => {
      render(
        <MemoryRouter basename="/mr" initialEntries={['/mr/einstein-quest/school-portal']} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
          <Suspense fallback={<p>loading</p>}>
            <App api={api} />
          </Suspense>
        </MemoryRouter>,
      );
    });
    fireEvent.click(screen.getByRole('button', { name: mr['signIn.send'] }));
    expect(screen.getByTestId('code-error').textContent).toBe(mr['server.codeRequired']);

    server.fail(404, PORTAL_MESSAGES.unknownCode);
    fireEvent.change(screen.getByLabelText(mr['signIn.code']), { target: { value: 'SCH-AAAAAA' } });
    fireEvent.click(screen.getByRole('button', { name: mr['signIn.send'] }));
    expect(await screen.findByText(mr['server.unknownCode'])).toBe(screen.getByTestId('code-error'));

    // A sentence the contract does not know stays as the server wrote it.
    server.fail(503, 'Service Unavailable');
    fireEvent.click(screen.getByRole('button', { name: mr['signIn.send'] }));
    expect(await screen.findByText('Service Unavailable')).toBe(screen.getByTestId('code-error'));
  });
});
