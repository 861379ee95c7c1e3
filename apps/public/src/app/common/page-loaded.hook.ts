import { useSyncExternalStore } from 'react';

const loaded = () => typeof document !== 'undefined' && document.readyState === 'complete';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('load', onChange);
  return () => window.removeEventListener('load', onChange);
}

/**
 * True once the page has loaded (the window's `load` event: the first screen's stylesheet,
 * scripts and images are in). What the first screen does not show waits for it, so it never
 * shares the network with what it does show. A prerendered page is hydrated with the server's
 * answer (false) and React renders again at once if the page has already loaded, so the markup
 * always matches; after a client navigation it is true from the start.
 */
export function usePageLoaded(): boolean {
  return useSyncExternalStore(subscribe, loaded, () => false);
}
