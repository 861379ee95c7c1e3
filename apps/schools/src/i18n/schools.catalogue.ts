import type { ReactNode } from 'react';
import { defineCatalogue, type Locale } from '@kbe/i18n';
import { useLocalized, useMessages, type Translate } from '@kbe/ui';

import en from './en.messages.json';

/**
 * Every word of the school portal in English, Marathi and Hindi (ICU messages). English is
 * bundled; a Marathi or Hindi page loads its own language only (the `locale-<locale>-schools`
 * chunk, which the edge hints on first paint: server/render-entry.ts).
 */
export const schoolsMessages = defineCatalogue(en, {
  mr: () => import(/* webpackChunkName: "locale-mr-schools" */ './mr.messages.json'),
  hi: () => import(/* webpackChunkName: "locale-hi-schools" */ './hi.messages.json'),
});

export type SchoolsMessageKey = keyof typeof en;
export type SchoolsTranslate = Translate<SchoolsMessageKey>;

/** The page's messages in the page's language. */
export function useSchoolsMessages(): SchoolsTranslate {
  return useMessages(schoolsMessages);
}

/** Renders its children once the page's language's messages are in (the page waits in this one place). */
export function SchoolsMessagesReady({ children }: { children: ReactNode }): ReactNode {
  useLocalized(schoolsMessages);
  return children;
}

/** The page's `<title>` and meta description in a language that is loaded (English always is). */
export function schoolsPageMeta(locale: Locale, brand: string): { title: string; description: string } {
  return {
    title: schoolsMessages.format(locale, 'page.title', { brand }),
    description: schoolsMessages.format(locale, 'page.description'),
  };
}
