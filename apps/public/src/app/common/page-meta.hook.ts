import { useEffect } from 'react';

import type { PublicPageId } from '../public-routes';
import { publicPageMeta } from './page-meta';

/**
 * Sets the document title and meta description of the page while it is shown (after a client
 * navigation; a prerendered page already has them in its HTML, from the same publicPageMeta).
 */
export function usePageMeta(pageId: PublicPageId): void {
  const { title, description } = publicPageMeta(pageId);
  useEffect(() => {
    document.title = title;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
  }, [title, description]);
}
