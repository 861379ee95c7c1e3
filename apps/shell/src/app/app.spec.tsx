import { act, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';

import App from './app';
import { RemotePageLoaderContext } from './remote-boundary';
import { createRemotePageLoader } from './remote-page-loader';

// The public chrome belongs to another module; here it only has to show where it applies.
jest.mock('./public-layout', () => ({
  PublicLayout: ({ children }: { children: ReactNode }) => <div data-testid="public-layout">{children}</div>,
}));

const loader = createRemotePageLoader({
  registry: { ready: () => Promise.resolve() },
  loadModule: async (id) => {
    const remote = id.split('/')[0];
    return { default: () => <h1 data-testid={`remote-${remote}`}>{remote}</h1> };
  },
});

async function renderAt(path: string) {
  // React 19 resolves suspended components only inside an awaited act().
  await act(async () => {
    render(
    <RemotePageLoaderContext value={loader}>
      <MemoryRouter initialEntries={[path]} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <App />
      </MemoryRouter>
    </RemotePageLoaderContext>,
    );
  });
}

describe('shell routing', () => {
  it.each([
    ['/', 'public'],
    ['/einstein-quest', 'public'],
    ['/einstein-quest/about', 'public'],
    ['/einstein-quest/exams', 'public'],
    ['/einstein-quest/gallery', 'public'],
    ['/einstein-quest/contact', 'public'],
    ['/no/such/page', 'public'],
    ['/einstein-quest/online-registrations', 'registration'],
    ['/einstein-quest/downloads', 'downloads'],
    ['/einstein-quest/school-portal', 'schools'],
  ])('%s shows the %s remote inside the public layout', async (path, remote) => {
    await renderAt(path);
    const page = await screen.findByTestId(`remote-${remote}`);
    expect(screen.getByTestId('public-layout').contains(page)).toBe(true);
  });

  it.each(['/admin', '/admin/login', '/admin/dashboard'])('%s shows the admin remote without the public layout', async (path) => {
    await renderAt(path);
    expect(await screen.findByTestId('remote-admin')).toBeTruthy();
    expect(screen.queryByTestId('public-layout')).toBeNull();
  });
});
