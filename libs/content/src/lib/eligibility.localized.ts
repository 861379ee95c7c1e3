import { defineLocalized } from '@kbe/i18n';
import type { EditionSettings } from './edition.settings';
import { eligibilityCards, type EligibilityCard } from './eligibility.content';

export interface EligibilityContent {
  cards: (edition?: EditionSettings) => EligibilityCard[];
}

/** The home page's eligibility cards in each language. */
export const LOCALIZED_ELIGIBILITY = defineLocalized<EligibilityContent>({ cards: eligibilityCards }, {
  mr: () => import(/* webpackChunkName: "locale-mr-home" */ './mr/home.content').then((m) => ({ default: m.eligibility })),
  hi: () => import(/* webpackChunkName: "locale-hi-home" */ './hi/home.content').then((m) => ({ default: m.eligibility })),
});
