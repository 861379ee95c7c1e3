import { Component, createContext, Suspense, use, useContext, useState, type ErrorInfo, type ReactNode } from 'react';

import { useMessages } from '@kbe/ui';
import { CHROME_MESSAGES } from '@kbe/shell-chrome';

import { federationPageLoader, type RemoteName, type RemotePageLoader } from './remote-page-loader';

/** Which loader the boundaries use: the federation runtime, or a fake in tests. */
export const RemotePageLoaderContext = createContext<RemotePageLoader>(federationPageLoader);

export interface RemoteBoundaryProps {
  remote: RemoteName;
}

/**
 * The one way the shell shows a remote: a loading state while its code arrives, and a
 * friendly fallback with "Try again" if it cannot be loaded. A failing remote affects only
 * its own boundary, never the rest of the page.
 */
export function RemoteBoundary({ remote }: RemoteBoundaryProps) {
  const loader = useContext(RemotePageLoaderContext);
  const [attempt, setAttempt] = useState(0);

  const retry = () => {
    loader.forget(remote);
    setAttempt((previous) => previous + 1);
  };

  return (
    <RemoteErrorBoundary key={`${remote}:${attempt}`} remote={remote} onRetry={retry}>
      <Suspense fallback={<RemoteLoading />}>
        <RemotePage remote={remote} loader={loader} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}

function RemotePage({ remote, loader }: { remote: RemoteName; loader: RemotePageLoader }) {
  const { default: Page } = use(loader.load(remote));
  return <Page />;
}

/** A whole screen high: the footer is never painted above a page that is still loading, then pushed down. */
function RemoteLoading() {
  const t = useMessages(CHROME_MESSAGES);
  return (
    <div role="status" aria-live="polite" data-testid="remote-loading" className="flex min-h-screen items-center justify-center p-8 text-slate-500">
      {t('remote.loading')}
    </div>
  );
}

interface RemoteErrorBoundaryProps {
  remote: RemoteName;
  onRetry: () => void;
  children: ReactNode;
}

class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.warn(`[shell] the ${this.props.remote} section failed:`, error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <RemoteUnavailable onRetry={this.props.onRetry} />;
  }
}

function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  const t = useMessages(CHROME_MESSAGES);
  return (
    <section role="alert" data-testid="remote-unavailable" className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-8 text-center">
      <h2 className="text-2xl font-semibold">{t('remote.unavailableTitle')}</h2>
      <p className="text-slate-600">{t('remote.unavailableText')}</p>
      <button type="button" onClick={onRetry} className="rounded-md bg-blue-600 px-4 py-2 font-medium text-white hover:bg-blue-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600">
        {t('remote.retry')}
      </button>
    </section>
  );
}
