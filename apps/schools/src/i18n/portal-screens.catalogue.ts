import { defineCatalogue } from '@kbe/i18n';
import { useMessages, type Translate } from '@kbe/ui';

import en from './portal-screens/en.messages.json';

/**
 * The words of the signed-in portal's sections (bulk registration, hall tickets, corrections and
 * the section buttons) in English, Marathi and Hindi (ICU messages). Apart from the page's own
 * catalogue (schools.catalogue.ts) so that the sign-in page, which every visit loads first, does
 * not carry them: English comes with the overview's chunk, Marathi and Hindi are loaded when a
 * signed-in page first needs them.
 */
export const portalScreensMessages = defineCatalogue(en, {
  mr: () => import(/* webpackChunkName: "portal-screens-mr" */ './portal-screens/mr.messages.json'),
  hi: () => import(/* webpackChunkName: "portal-screens-hi" */ './portal-screens/hi.messages.json'),
});

export type PortalScreensMessageKey = keyof typeof en;
export type PortalScreensTranslate = Translate<PortalScreensMessageKey>;

/** The sections' messages in the page's language (suspends until that language is loaded). */
export function usePortalScreensMessages(): PortalScreensTranslate {
  return useMessages(portalScreensMessages);
}
