import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';

import { createAdminApi } from './admin-api';
import App from './app';
import { decodeToken } from './admin-session.store';
import { createFakeAdminServer } from './fake-admin-server.testing';

function renderAt(path: string) {
  const server = createFakeAdminServer();
  render(
    <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <Routes>
        <Route path="/admin/*" element={<App api={createAdminApi({ fetch: server.fetch })} />} />
      </Routes>
    </MemoryRouter>,
  );
  return server;
}

describe('admin remote routes', () => {
  beforeEach(() => localStorage.clear());

  it('sends /admin without a session through the dashboard guard to the login page', async () => {
    renderAt('/admin');
    expect(await screen.findByRole('heading', { name: 'Admin Login' })).toBeTruthy();
    expect(screen.getByTestId('remote-admin')).toBeTruthy();
  });

  it('shows Page Not Found for an unknown admin path, titled as the edge answers it', () => {
    renderAt('/admin/nothing-here');
    expect(screen.getByRole('heading', { name: 'Page Not Found' })).toBeTruthy();
    expect(document.title).toBe('Page Not Found | Admin');
  });

  it.each(['/admin/login', '/admin/test'])('%s is a screen of its own, not the 404 page', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Page Not Found' })).toBeNull();
  });

  it.each([
    ['/admin/login', 'Admin Login'],
    ['/admin/nothing-here', 'Page Not Found'],
  ])('%s is one main landmark (the admin area has no shared chrome)', async (path, heading) => {
    renderAt(path);
    const main = screen.getAllByRole('main');
    expect(main).toHaveLength(1);
    expect(main[0].contains(await screen.findByRole('heading', { name: heading }))).toBe(true);
  });
});

describe('decodeToken', () => {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');

  it('reads the payload of a JWT, truncates the token and tells whether it has expired', () => {
    const token = `${encode({ alg: 'EdDSA' })}.${encode({ sub: 'asha', role: 'admin', exp: 2_000 })}.signature`;
    expect(decodeToken(token, 1_000_000)).toEqual({ truncated: `${token.slice(0, 20)}...`, payload: { sub: 'asha', role: 'admin', exp: 2_000 }, notExpired: true });
    expect(decodeToken(token, 3_000_000).notExpired).toBe(false);
  });

  it('says so when the token cannot be decoded', () => {
    expect(decodeToken('not-a-jwt')).toEqual({ truncated: 'not-a-jwt', payload: null, notExpired: false });
  });
});
