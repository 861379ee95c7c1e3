import { useInRouterContext } from 'react-router-dom';
import type { Localized } from '@kbe/i18n';
import { useLocalized, useMessages, type Translate } from '@kbe/ui';
import { PUBLIC_MESSAGES, type PublicMessageKey } from './public.messages';

// On the site every component of this remote is inside the router, whose basename is the page's
// language. A component rendered on its own (its unit test) has no router: it shows English.
// Whether a component is inside a router never changes while it is mounted, so these hooks call
// the same hooks on every render.

const english: Translate<PublicMessageKey> = (key, values) => PUBLIC_MESSAGES.format('en', key, values);

/** The remote's messages in the page's language (suspends until a Marathi or Hindi catalogue is in). */
export function usePublicMessages(): Translate<PublicMessageKey> {
  return useInRouterContext() ? useMessages(PUBLIC_MESSAGES) : english;
}

/** Content (@kbe/content's LOCALIZED_*) in the page's language (suspends until it is in). */
export function usePageContent<T>(localized: Localized<T>): T {
  return useInRouterContext() ? useLocalized(localized) : localized.en;
}
