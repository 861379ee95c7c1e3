import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router-dom/server';
import { routerBasename, splitLocalePath } from '@kbe/i18n';

import App from '../app/app';
import { NOT_PRERENDERED_DIGEST } from '../app/hydration';
import { RemotePageLoaderContext } from '../app/remote-boundary';
import { RemoteUnavailableError, type RemoteName, type RemotePageLoader, type RemotePageModule } from '../app/remote-page-loader';


export interface RenderPageOptions {
  /** Path and query of the page, e.g. `/einstein-quest/about` or `/mr/einstein-quest/about`. */
  url: string;
  /** The server modules of the remotes that can be prerendered (their default export is the page). */
  remotes: Partial<Record<RemoteName, RemotePageModule>>;
}

/** A loader that answers from modules already in memory, as a resolved promise React can read at once. */
function serverLoader(remotes: RenderPageOptions['remotes']): RemotePageLoader {
  const loads = new Map<RemoteName, Promise<RemotePageModule>>();
  return {
    load(remote) {
      let loading = loads.get(remote);
      if (!loading) {
        const module = remotes[remote];
        loading = module ? Promise.resolve(module) : Promise.reject(new RemoteUnavailableError(remote));
        loading.catch(() => undefined);
        loads.set(remote, loading);
      }
      return loading;
    },
    forget(remote) {
      loads.delete(remote);
    },
  };
}

/**
 * The markup of the shell's `#root` for one page: the same tree as bootstrap.tsx renders
 * (chrome, routes, remote boundaries), so the browser hydrates it instead of painting it
 * again. Rendered to completion (lazy pages included) before anything is returned.
 */
export async function renderPage({ url, remotes }: RenderPageOptions): Promise<string> {
  const errors: unknown[] = [];
  const { locale } = splitLocalePath(new URL(url, 'http://page').pathname);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <StaticRouter basename={routerBasename(locale)} location={url} future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
        <RemotePageLoaderContext.Provider value={serverLoader(remotes)}>
          <App />
        </RemotePageLoaderContext.Provider>
      </StaticRouter>
    </StrictMode>,
    {
      // Every Suspense boundary inline, in place: above React's default chunk size a completed
      // boundary is sent hidden with its fallback shown and an inline script to swap them, which
      // the Content-Security-Policy refuses (and which would paint "Loading" first).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        if (error instanceof RemoteUnavailableError) return NOT_PRERENDERED_DIGEST;
        errors.push(error);
        return undefined;
      },
    },
  );
  let html = '';
  for await (const chunk of prelude) html += typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
  if (errors.length) throw new AggregateError(errors, `prerendering ${url} failed`);
  return html;
}

export { chromePaths, pageStatus, remoteRouteFor } from '../app/remote-routes';
/** The edge routes and describes a page by its path without the language prefix. */
export { alternatePaths, LOCALES, splitLocalePath } from '@kbe/i18n';
