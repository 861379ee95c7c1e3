import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';

import { RemoteBoundary, RemotePageLoaderContext } from './remote-boundary';
import { createRemotePageLoader, type RemoteName } from './remote-page-loader';

function page(testId: string, text: string) {
  return { default: () => <h1 data-testid={testId}>{text}</h1> };
}

/** A federation runtime stand-in: each remote answers with the next scripted outcome. */
function scriptedRemotes(script: Partial<Record<RemoteName, Array<'fail' | 'ok'>>>) {
  const calls: string[] = [];
  const loader = createRemotePageLoader({
    registry: { ready: () => Promise.resolve() },
    loadModule: async (id) => {
      calls.push(id);
      const remote = id.split('/')[0] as RemoteName;
      const outcome = script[remote]?.shift() ?? 'ok';
      if (outcome === 'fail') throw new Error(`ScriptExternalLoadError: Loading script failed for ${remote}`);
      return page(`remote-${remote}`, `${remote} page`);
    },
  });
  return { loader, calls };
}

/** React 19 resolves suspended components only inside an awaited act(). */
async function renderAsync(ui: ReactNode) {
  await act(async () => {
    render(ui);
  });
}

async function clickTryAgain() {
  const button = await screen.findByRole('button', { name: 'Try again' });
  await act(async () => {
    fireEvent.click(button);
  });
}

describe('RemoteBoundary', () => {
  // The failures below are deliberate; React and the boundary report them on the console.
  beforeEach(() => {
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('shows a loading state until the remote code has arrived, then the remote page', async () => {
    let arrive: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const loader = createRemotePageLoader({
      registry: { ready: () => Promise.resolve() },
      loadModule: async () => {
        await arrived;
        return page('remote-public', 'public page');
      },
    });
    await renderAsync(
      <RemotePageLoaderContext value={loader}>
        <RemoteBoundary remote="public" />
      </RemotePageLoaderContext>,
    );

    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(screen.queryByTestId('remote-public')).toBeNull();

    await act(async () => arrive());

    expect(screen.getByTestId('remote-public').textContent).toBe('public page');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows a friendly fallback when the remote cannot be loaded', async () => {
    const { loader } = scriptedRemotes({ public: ['fail'] });
    await renderAsync(
      <RemotePageLoaderContext value={loader}>
        <RemoteBoundary remote="public" />
      </RemotePageLoaderContext>,
    );

    expect((await screen.findByRole('heading')).textContent).toBe('This section is temporarily unavailable');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByTestId('remote-public')).toBeNull();
  });

  it('"Try again" loads the remote again and shows it when it is back', async () => {
    const { loader, calls } = scriptedRemotes({ registration: ['fail', 'ok'] });
    await renderAsync(
      <RemotePageLoaderContext value={loader}>
        <RemoteBoundary remote="registration" />
      </RemotePageLoaderContext>,
    );

    await clickTryAgain();

    expect((await screen.findByTestId('remote-registration')).textContent).toBe('registration page');
    expect(screen.queryByText('This section is temporarily unavailable')).toBeNull();
    expect(calls).toEqual(['registration/Module', 'registration/Module']);
  });

  it('keeps offering a retry while the remote stays down', async () => {
    const { loader, calls } = scriptedRemotes({ downloads: ['fail', 'fail', 'ok'] });
    await renderAsync(
      <RemotePageLoaderContext value={loader}>
        <RemoteBoundary remote="downloads" />
      </RemotePageLoaderContext>,
    );

    await clickTryAgain();
    await clickTryAgain();

    expect(await screen.findByTestId('remote-downloads')).toBeTruthy();
    expect(calls).toHaveLength(3);
  });

  it('a failing remote leaves the other remotes on the page working', async () => {
    const { loader } = scriptedRemotes({ public: ['fail'], registration: ['ok'] });
    await renderAsync(
      <RemotePageLoaderContext value={loader}>
        <RemoteBoundary remote="public" />
        <RemoteBoundary remote="registration" />
      </RemotePageLoaderContext>,
    );

    expect(await screen.findByTestId('remote-registration')).toBeTruthy();
    expect(await screen.findByText('This section is temporarily unavailable')).toBeTruthy();
  });
});
