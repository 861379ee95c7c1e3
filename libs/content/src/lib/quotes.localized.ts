import { defineLocalized } from '@kbe/i18n';
import { QUOTES, type Quote } from './quotes.content';

/** The home page's rotating quotes in each language. */
export const LOCALIZED_QUOTES = defineLocalized<Quote[]>(QUOTES, {
  mr: () => import(/* webpackChunkName: "locale-mr-home" */ './mr/home.content').then((m) => ({ default: m.quotes })),
  hi: () => import(/* webpackChunkName: "locale-hi-home" */ './hi/home.content').then((m) => ({ default: m.quotes })),
});
