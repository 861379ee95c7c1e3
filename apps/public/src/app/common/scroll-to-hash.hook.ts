import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Brings `#fragment` targets (footer links to the syllabus and the FAQ) into view after navigation. */
export function useScrollToHash(ready: boolean): void {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!ready) return;
    if (!hash) {
      window.scrollTo?.({ top: 0 });
      return;
    }
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    if (target) {
      target.scrollIntoView?.({ block: 'start' });
      target.focus?.({ preventScroll: true });
    }
  }, [hash, pathname, ready]);
}
