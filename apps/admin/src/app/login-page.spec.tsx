import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { DEVELOPMENT_ADMIN_ACCOUNT } from '@kbe/contracts';

import { ADMIN_TOKEN_KEY, ADMIN_USER_KEY } from './admin-session.store';
import { createFakeAdminServer, renderAdmin } from './fake-admin-server.testing';
import { LoginPage, REDIRECT_AFTER_LOGIN_MS } from './login-page';

const signIn = () => screen.getByRole('button', { name: 'Sign In' }) as HTMLButtonElement;
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function setup() {
  const server = createFakeAdminServer();
  renderAdmin(<LoginPage />, { server, path: '/admin/login', user: null, routes: { '/admin/dashboard': <h1>Dashboard page</h1> } });
  return server;
}

describe('admin login page', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.useRealTimers());

  it('keeps Sign In disabled while the username or the password is empty', () => {
    setup();
    expect(signIn().disabled).toBe(true);
    type('Username', 'asha');
    expect(signIn().disabled).toBe(true);
    type('Password', 'secret');
    expect(signIn().disabled).toBe(false);
    type('Username', '   ');
    expect(signIn().disabled).toBe(true);
  });

  it('stores the session, says Login Successful and opens the dashboard about 100 ms later', async () => {
    const server = setup();
    server.on('POST /api/admin/login', () => ({
      body: { success: true, message: 'ok', token: 'header.payload.signature', expiresIn: 3600, user: { username: 'asha', role: 'admin' } },
    }));
    type('Username', 'asha');
    type('Password', 'secret');
    jest.useFakeTimers();
    fireEvent.click(signIn());
    await act(async () => {
      await Promise.resolve();
    });
    await waitFor(() => expect(screen.getByText('Welcome to the admin dashboard!')).toBeTruthy());
    expect(screen.getByText('Login Successful')).toBeTruthy();
    expect(server.calls('POST', '/api/admin/login')[0].body).toEqual({ username: 'asha', password: 'secret' });
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBe('header.payload.signature');
    expect(JSON.parse(localStorage.getItem(ADMIN_USER_KEY) ?? 'null')).toEqual({ username: 'asha', role: 'admin' });
    // Not yet on the dashboard: the redirect waits ~100 ms.
    expect(screen.queryByText('Dashboard page')).toBeNull();
    act(() => {
      jest.advanceTimersByTime(REDIRECT_AFTER_LOGIN_MS);
    });
    expect(screen.getByText('Dashboard page')).toBeTruthy();
  });

  it('disables Sign In while sending, then shows the server message in an alert and a Login Failed toast', async () => {
    const server = setup();
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    server.on('POST /api/admin/login', () => new Promise((resolve) => (answer = resolve)));
    type('Username', 'asha');
    type('Password', 'wrong');
    fireEvent.click(signIn());
    const sending = screen.getByRole('button', { name: 'Signing in...' }) as HTMLButtonElement;
    expect(sending.disabled).toBe(true);
    answer({ status: 401, body: { statusCode: 401, message: 'Invalid username or password' } });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Invalid username or password');
    expect(screen.getAllByText('Login Failed').length).toBe(2); // the alert title and the toast title
    // What was typed survives; typing clears the error.
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('asha');
    type('Password', 'wrong2');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull();
  });

  it("falls back to 'Login failed' when the server gives no message, and to 'An error occurred during login' when it cannot be reached", async () => {
    const server = setup();
    server.on('POST /api/admin/login', () => ({ status: 500, body: {} }));
    type('Username', 'asha');
    type('Password', 'x');
    fireEvent.click(signIn());
    expect((await screen.findByRole('alert')).textContent).toContain('Login failed');
    server.on('POST /api/admin/login', () => Promise.reject(new TypeError('Failed to fetch')));
    type('Password', 'y');
    fireEvent.click(signIn());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('An error occurred during login'));
  });

  it('shows the protected-area note, and no test-login button unless the deployment says it is a development one', async () => {
    setup();
    expect(screen.getByText(/This is a protected area/)).toBeTruthy();
    await act(async () => {
      await Promise.resolve();
    });
    expect(screen.queryByRole('button', { name: /Test Login/ })).toBeNull();
  });

  describe('in a development deployment (runtime config)', () => {
    const host = globalThis as typeof globalThis & { __KBE_CONFIG__?: unknown };
    beforeEach(() => (host.__KBE_CONFIG__ = { deployment: 'development' }));
    afterEach(() => delete host.__KBE_CONFIG__);

    it("offers the test-login button, which signs in with the development profile's account", async () => {
      const server = setup();
      server.on('POST /api/admin/login', () => ({
        body: { success: true, message: 'ok', token: 'header.payload.signature', expiresIn: 3600, user: { username: 'admin', role: 'admin' } },
      }));
      fireEvent.click(await screen.findByRole('button', { name: 'Test Login (development only)' }));
      await waitFor(() => expect(screen.getByText('Login Successful')).toBeTruthy());
      expect(server.calls('POST', '/api/admin/login')[0].body).toEqual(DEVELOPMENT_ADMIN_ACCOUNT);
    });
  });
});
