import { useEffect } from 'react';
import { useLocale } from '@kbe/ui';

import type { PublicPageId } from '../public-routes';
import { publicPageMeta } from './page-meta';
import { usePublicMessages } from '../../i18n/page-language.hook';

/**
 * Sets the document title and meta description of the page while it is shown (after a client
 * navigation; a prerendered page already has them in its HTML, from the same publicPageMeta), in
 * the page's language (waiting for its messages).
 */
export function usePageMeta(pageId: PublicPageId): void {
  usePublicMessages();
  const { title, description } = publicPageMeta(pageId, useLocale());
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
