import { lazy, Suspense, useEffect, useMemo, useState, type ComponentType, type LazyExoticComponent } from 'react';
import { BrowserRouter, useInRouterContext, useLocation } from 'react-router-dom';
import { DeferredToaster, useLocale } from '@kbe/ui';
import { PUBLIC_MESSAGES } from '../i18n/public.messages';
import { resolvePublicPage, type PublicPageId } from './public-routes';
import { useScrollToHash } from './common/scroll-to-hash.hook';

// One chunk per page: the first visit downloads only the page it shows. The chunk names
// (page-<id>) let the edge preload the current page's chunk (src/server/render-entry.ts).
const PAGES: Record<PublicPageId, LazyExoticComponent<ComponentType>> = {
  home: lazy(() => import(/* webpackChunkName: "page-home" */ './home/home-page')),
  about: lazy(() => import(/* webpackChunkName: "page-about" */ './about-page')),
  exams: lazy(() => import(/* webpackChunkName: "page-exams" */ './exams-page')),
  gallery: lazy(() => import(/* webpackChunkName: "page-gallery" */ './gallery/gallery-page')),
  contact: lazy(() => import(/* webpackChunkName: "page-contact" */ './contact/contact-page')),
  'parental-consent': lazy(() => import(/* webpackChunkName: "page-parental-consent" */ './consent/parental-consent-page')),
  'not-found': lazy(() => import(/* webpackChunkName: "page-not-found" */ './not-found-page')),
};

function PageLoading() {
  // Not useMessages: a loading state must not wait for the messages itself (English until they are in).
  const locale = useLocale();
  return (
    <div role="status" className="flex min-h-screen items-center justify-center text-slate-700">
      {PUBLIC_MESSAGES.format(locale, 'app.loading')}
    </div>
  );
}

/** Marks that the lazily loaded page has rendered, so hash targets exist before scrolling. */
function Rendered({ onRendered }: { onRendered: () => void }) {
  useEffect(onRendered, [onRendered]);
  return null;
}

function PublicPages() {
  const { pathname } = useLocation();
  const locale = useLocale();
  // A Marathi or Hindi page's messages start loading beside the page's own chunk, not after it
  // (a failure shows where the page asks for them).
  useEffect(() => {
    PUBLIC_MESSAGES.load(locale).catch(() => undefined);
  }, [locale]);
  const pageId = resolvePublicPage(pathname);
  const Page = PAGES[pageId];
  const [renderedPage, setRenderedPage] = useState<string | null>(null);
  useScrollToHash(renderedPage === pathname);
  // The same element until the page changes: marking the page rendered (data-interactive) must not
  // render the whole page again (main-thread work right after hydration).
  const page = useMemo(() => <Page />, [Page]);

  return (
    // data-interactive: the page has rendered in the browser (a prerendered page: hydrated), so it
    // answers clicks; the browser journeys wait for it.
    <div data-testid="remote-public" data-page={pageId} data-interactive={renderedPage === pathname ? 'true' : undefined}>
      <Suspense fallback={<PageLoading />}>
        {page}
        <Rendered onRendered={() => setRenderedPage(pathname)} />
      </Suspense>
    </div>
  );
}

/**
 * The public remote: renders the page for the current (absolute) location. Inside the shell it
 * uses the shell's router and chrome; standalone (`nx serve public`) it brings its own router
 * and toaster.
 */
export function App() {
  const inRouter = useInRouterContext();
  if (inRouter) return <PublicPages />;
  return (
    <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <main id="main-content">
        <PublicPages />
      </main>
      <DeferredToaster />
    </BrowserRouter>
  );
}

export default App;
