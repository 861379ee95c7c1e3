import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { PORTAL_PATHS } from '@kbe/contracts/zod-free';

import App from './app';
import { createPortalApi } from './portal-api';
import { candidateList, fakeServer, MENTOR_SESSION } from './portal-api.testing';
import { createPortalSessionStore, PORTAL_SESSION_KEY } from './portal-session.store';

describe('the sections of the signed-in portal', () => {
  beforeEach(() => sessionStorage.clear());

  it('are a labelled navigation of buttons; a section opens on demand and the overview is kept under it', async () => {
    sessionStorage.setItem(PORTAL_SESSION_KEY, JSON.stringify(MENTOR_SESSION));
    const server = fakeServer();
    server.answerAt(PORTAL_PATHS.candidates, 200, { success: true, data: candidateList() });
    const api = createPortalApi({ fetch: server.fetch, session: createPortalSessionStore() });
    await act(async () => {
      render(<App api={api} />);
    });
    await screen.findByTestId('pupil-table');
    const nav = screen.getByRole('navigation', { name: 'Portal sections' });
    const buttons = within(nav).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(SECTION_NAMES);
    expect(within(nav).getByRole('button', { name: 'Overview' }).getAttribute('aria-current')).toBe('page');

    await act(async () => {
      fireEvent.click(within(nav).getByRole('button', { name: 'Hall tickets' }));
    });
    expect(await screen.findByRole('heading', { name: 'Hall tickets of your pupils' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Hall tickets' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('button', { name: 'Overview' }).getAttribute('aria-current')).toBeNull();
    // the overview is hidden, not gone: its pupils are not asked for again
    expect(screen.queryByRole('table')).toBeNull();

    await act(async () => {
      fireEvent.click(within(nav).getByRole('button', { name: 'Overview' }));
    });
    expect(screen.getByTestId('pupil-table')).toBeTruthy();
    expect(server.requests.filter((request) => request.url.startsWith(PORTAL_PATHS.candidates))).toHaveLength(1);
  });
});

const SECTION_NAMES = ['Overview', 'Bulk registration', 'Hall tickets', 'Results', 'Corrections'];
