import { defineCatalogue } from '@kbe/i18n';
import en from './en.messages.json';

export type PublicMessageKey = keyof typeof en;

/**
 * The public remote's messages (ICU syntax): English as the pages showed it, Marathi and Hindi
 * loaded by a page in that language only (one chunk each, preloaded by the edge: render-entry.ts).
 */
export const PUBLIC_MESSAGES = defineCatalogue<PublicMessageKey>(en, {
  mr: () => import(/* webpackChunkName: "locale-mr-public" */ './mr.messages.json'),
  hi: () => import(/* webpackChunkName: "locale-hi-public" */ './hi.messages.json'),
});
