import type { ReactNode } from 'react';
import { defineCatalogue, type Locale } from '@kbe/i18n';
import { useLocalized, useMessages, type Translate } from '@kbe/ui';
import type { DocumentKind } from '@kbe/contracts/zod-free';

import en from './en.messages.json';

/**
 * Every word of the downloads page in English, Marathi and Hindi (ICU messages). English is
 * bundled; a Marathi or Hindi page loads its own language only (the `locale-<locale>-downloads`
 * chunk, which the edge hints on first paint: server/render-entry.ts).
 */
export const downloadsMessages = defineCatalogue(en, {
  mr: () => import(/* webpackChunkName: "locale-mr-downloads" */ './mr.messages.json'),
  hi: () => import(/* webpackChunkName: "locale-hi-downloads" */ './hi.messages.json'),
});

export type DownloadsMessageKey = keyof typeof en;
export type DownloadsTranslate = Translate<DownloadsMessageKey>;

/** The page's messages in the page's language. */
export function useDownloadsMessages(): DownloadsTranslate {
  return useMessages(downloadsMessages);
}

/** Renders its children once the page's language's messages are in (the page waits in this one place). */
export function DownloadsMessagesReady({ children }: { children: ReactNode }): ReactNode {
  useLocalized(downloadsMessages);
  return children;
}

/** A document kind as the messages select it (`{document, select, hallTicket {...} other {...}}`). */
export function documentArgument(kind: DocumentKind): 'hallTicket' | 'certificate' {
  return kind === 'hall-ticket' ? 'hallTicket' : 'certificate';
}

/** The page's `<title>` and meta description in a language that is loaded (English always is). */
export function downloadsPageMeta(locale: Locale, brand: string): { title: string; description: string } {
  return {
    title: downloadsMessages.format(locale, 'page.title', { brand }),
    description: downloadsMessages.format(locale, 'page.description'),
  };
}
