import { use, type ReactNode } from 'react';
import { defineCatalogue, INTL_LOCALE, type Locale } from '@kbe/i18n';
import { useLocale, useMessages, type Translate } from '@kbe/ui';

import { PUBLIC_MESSAGES } from '../../../i18n/public.messages';

import en from './en.messages.json';

/**
 * Every word of the parental-consent page and the guardian's rights in English, Marathi and Hindi
 * (ICU messages). A catalogue of its own, in the consent page's chunk: the other public pages
 * never load it. A Marathi or Hindi page loads its own language only (`locale-<locale>-consent`).
 */
export const consentMessages = defineCatalogue(en, {
  mr: () => import(/* webpackChunkName: "locale-mr-consent" */ './mr.messages.json'),
  hi: () => import(/* webpackChunkName: "locale-hi-consent" */ './hi.messages.json'),
});

export type ConsentMessageKey = keyof typeof en;
export type ConsentTranslate = Translate<ConsentMessageKey>;

/** The consent page's messages in the page's language. */
export function useConsentMessages(): ConsentTranslate {
  return useMessages(consentMessages);
}

/**
 * Renders its children once the page's messages are in, the consent page's and the public
 * remote's (its title and hero): suspends until then. The page's components ask for messages
 * among other hooks, and a component that suspends in a hook and renders more hooks when React
 * replays it fails on its first mount; so the waiting is done here, with no hook after it.
 */
export function ConsentMessagesReady({ children }: { children: ReactNode }): ReactNode {
  const locale = useLocale();
  const catalogues = [consentMessages, PUBLIC_MESSAGES];
  // both start loading at once; the promises are the catalogues' own, the same on every render
  const loading: Array<Promise<unknown> | undefined> = catalogues.map((catalogue) => (catalogue.loaded(locale) === undefined ? catalogue.load(locale) : undefined));
  for (const promise of loading) if (promise) use(promise);
  return children;
}

/** A count in the page's language, without grouping (`2000`, `२०००`), as the English page writes it. */
export function plainNumber(locale: Locale, value: number): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale], { useGrouping: false }).format(value);
}
