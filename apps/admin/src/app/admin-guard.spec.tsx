import { screen, waitFor } from '@testing-library/react';

import { AdminGuard, useAdminUser } from './admin-guard';
import { ADMIN_TOKEN_KEY, ADMIN_USER_KEY, writeSession } from './admin-session.store';
import { createFakeAdminServer, renderAdmin } from './fake-admin-server.testing';

function Secret() {
  const user = useAdminUser();
  return <p>Secret for {user.username} ({user.role})</p>;
}

function setup() {
  const server = createFakeAdminServer();
  renderAdmin(
    <AdminGuard>
      <Secret />
    </AdminGuard>,
    { server, path: '/admin/dashboard', user: null, routes: { '/admin/login': <h1>Login page</h1> } },
  );
  return server;
}

describe('admin route guard', () => {
  beforeEach(() => localStorage.clear());

  it('sends a visitor without a token to /admin/login without asking the server', async () => {
    const server = setup();
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(server.requests).toHaveLength(0);
  });

  it("shows 'Checking authentication...' until the server confirms the token, then the page with the server's user", async () => {
    writeSession('a.b.c', { username: 'stale-name', role: 'admin' });
    const server = createFakeAdminServer();
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    server.on('GET /api/admin/me', () => new Promise((resolve) => (answer = resolve)));
    renderAdmin(
      <AdminGuard>
        <Secret />
      </AdminGuard>,
      { server, path: '/admin/dashboard', user: null, routes: { '/admin/login': <h1>Login page</h1> } },
    );
    expect(screen.getByRole('status').textContent).toBe('Checking authentication...');
    // the screen while it checks is the page's one main landmark, as every admin screen
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.queryByText(/Secret for/)).toBeNull();
    answer({ status: 200, body: { user: { username: 'asha', role: 'viewer' } } });
    expect(await screen.findByText('Secret for asha (viewer)')).toBeTruthy();
    expect(server.calls('GET', '/api/admin/me')[0].authorization).toBe('Bearer a.b.c');
  });

  it('clears a token the server refuses and goes to /admin/login', async () => {
    writeSession('a-long-but-forged-token', { username: 'asha', role: 'admin' });
    const server = createFakeAdminServer();
    server.on('GET /api/admin/me', () => ({ status: 401, body: { statusCode: 401, message: 'Invalid or expired token' } }));
    renderAdmin(
      <AdminGuard>
        <Secret />
      </AdminGuard>,
      { server, path: '/admin/dashboard', user: null, routes: { '/admin/login': <h1>Login page</h1> } },
    );
    expect(await screen.findByText('Login page')).toBeTruthy();
    await waitFor(() => expect(localStorage.getItem(ADMIN_TOKEN_KEY)).toBeNull());
    expect(localStorage.getItem(ADMIN_USER_KEY)).toBeNull();
    expect(screen.queryByText(/Secret for/)).toBeNull();
  });
});
