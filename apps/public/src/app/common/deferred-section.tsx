import { lazy, memo, Suspense, useState, type ComponentType } from 'react';

/** How far below the viewport a deferred section starts loading (a phone's scroll of about half a screen). */
const LOAD_MARGIN = '400px 0px';

/** Whether the page holds the section's prerendered markup (a page being hydrated). */
function isPrerendered(id: string, doc: Document): boolean {
  return doc.querySelector(`[data-deferred-section="${id}"]`)?.hasChildNodes() ?? false;
}

/**
 * Resolves when the prerendered section `id` comes near the viewport. Without prerendered markup
 * (a client navigation) or without IntersectionObserver (the edge's prerendering in Node), at once.
 */
export function whenNearViewport(id: string, doc: Document | undefined = typeof document === 'undefined' ? undefined : document): Promise<void> {
  const element = doc?.querySelector(`[data-deferred-section="${id}"]`);
  if (!doc || !isPrerendered(id, doc) || !element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: LOAD_MARGIN },
    );
    observer.observe(element);
  });
}

/**
 * A part of a prerendered page below the fold whose code loads, and which hydrates, only when it
 * comes near the viewport: the first load neither downloads nor evaluates it (first-load bytes and
 * main-thread work of the page). Until then React keeps its prerendered markup as it is (a
 * dehydrated Suspense boundary), so nothing moves; its links work as plain links.
 * The section takes no props and is memoised, so re-renders of the page never touch the waiting
 * boundary (an update would make React render it in the browser, replacing the markup).
 * On the server (one bundle, no IntersectionObserver) and after a client navigation it renders at once.
 */
export function deferredSection(id: string, load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Section = lazy(() => whenNearViewport(id).then(load));
  function DeferredSection() {
    // Prerendered (and on the server, which writes the boundary the browser then finds): a boundary
    // of its own, kept dehydrated until the code is there. After a client navigation: none, so the
    // page's own loading state waits for the section too and the page appears whole (a link to an
    // anchor below it lands where it should; nothing is pushed down afterwards).
    const [ownBoundary] = useState(() => typeof document === 'undefined' || isPrerendered(id, document));
    return (
      <div data-deferred-section={id}>
        {ownBoundary ? (
          <Suspense fallback={null}>
            <Section />
          </Suspense>
        ) : (
          <Section />
        )}
      </div>
    );
  }
  DeferredSection.displayName = `Deferred(${id})`;
  return memo(DeferredSection);
}
