import { act, fireEvent, screen, within } from '@testing-library/react';
import type { AdminSchoolListItem } from '@kbe/contracts';

import { createFakeAdminServer, ok, pagination, renderAdmin } from './fake-admin-server.testing';
import { SchoolsTab } from './schools-tab';

jest.setTimeout(30_000);

const school = (n: number): AdminSchoolListItem => ({
  id: `s${n}`,
  schoolCode: `SCH-${String(n).padStart(6, 'A')}`,
  schoolName: `School ${n}`,
  udiseCode: `2730${String(n).padStart(7, '0')}`,
  schoolType: 'Secondary',
  contact: '9822012345',
  city: 'Nashik',
  state: 'Maharashtra',
  principalName: `Principal ${n}`,
  principalContact: '9822054321',
  createdAt: '2025-01-01T00:00:00.000Z',
});

/** 25 schools on the server, paged by 20, searched by name. */
function setup() {
  const server = createFakeAdminServer();
  const all = Array.from({ length: 25 }, (_, i) => school(i + 1));
  server.on('GET /api/admin/schools', (request) => {
    const search = (request.query.get('search') ?? '').toLowerCase();
    const page = Number(request.query.get('page') ?? 1);
    const matching = all.filter((s) => s.schoolName.toLowerCase().startsWith(search));
    return ok({ schools: matching.slice((page - 1) * 20, page * 20), pagination: pagination(matching.length, page) });
  });
  return server;
}

const flush = () => act(async () => undefined);

describe('schools tab', () => {
  afterEach(() => jest.useRealTimers());

  it("shows 'Loading schools...', then every column of the page the server sent, and pages on the server", async () => {
    const server = setup();
    renderAdmin(<SchoolsTab />, { server });
    expect(screen.getByText('Loading schools...')).toBeTruthy();
    const table = await screen.findByRole('table', { name: 'Schools' });
    await within(table).findByText('School 1');
    expect(within(table).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'School Code',
      'School Name',
      'UDISE Code',
      'Type',
      'Contact',
      'City',
      'State',
      'Principal',
    ]);
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    expect(screen.getByText('Page 1 of 2 (25 in total)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(table).findByText('School 25')).toBeTruthy();
    expect(server.calls('GET', '/api/admin/schools').map((r) => r.query.get('page'))).toEqual(['1', '2']);
    expect(screen.getByText('Page 2 of 2 (25 in total)')).toBeTruthy();
  });

  it("asks the server once, 300 ms after the last keystroke, and says 'No schools found' for an empty answer", async () => {
    jest.useFakeTimers();
    const server = setup();
    renderAdmin(<SchoolsTab />, { server });
    await flush();
    const search = screen.getByLabelText('Search by school name');
    fireEvent.change(search, { target: { value: 'School 1' } });
    act(() => jest.advanceTimersByTime(100));
    fireEvent.change(search, { target: { value: 'School 12' } });
    act(() => jest.advanceTimersByTime(299));
    await flush();
    expect(server.calls('GET', '/api/admin/schools')).toHaveLength(1);
    act(() => jest.advanceTimersByTime(1));
    await flush();
    const calls = server.calls('GET', '/api/admin/schools');
    expect(calls).toHaveLength(2);
    expect(calls[1].query.get('search')).toBe('School 12');
    expect(screen.getByText('School 12')).toBeTruthy();
    expect(screen.getByText('Page 1 of 1 (1 in total)')).toBeTruthy();

    fireEvent.change(search, { target: { value: 'Nothing like this' } });
    act(() => jest.advanceTimersByTime(300));
    await flush();
    expect(screen.getByText('No schools found')).toBeTruthy();
  });

  it("empties the list and says 'Error' with the server's message when the list cannot be loaded", async () => {
    const server = createFakeAdminServer();
    server.on('GET /api/admin/schools', () => ({ status: 503, body: { statusCode: 503, message: 'Registration service unavailable' } }));
    renderAdmin(<SchoolsTab />, { server, user: { username: 'vera', role: 'viewer' } });
    expect(await screen.findByText('Registration service unavailable')).toBeTruthy();
    expect(screen.getByText('No schools found')).toBeTruthy();
  });
});
