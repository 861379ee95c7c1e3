// How a Marathi or Hindi content file is put together (mr/, hi/): it gives the texts only, matched to
// the English items by id (or by position where they have none), and the rest (ids, images, icons,
// colours, links) is the English item's, so the languages cannot drift apart. Imported by the
// translations only: English pages never load it.
import type { Locale } from '@kbe/i18n';
import { DEFAULT_EDITION, getEditionSettings, type EditionSettings } from './edition.settings';
import { eligibilityCards, type EligibilityCard } from './eligibility.content';
import type { EligibilityContent } from './eligibility.localized';
import { figuresIn, type Figures } from './locale-format.util';

type CardTexts = Record<EligibilityCard['id'], { title: string; items: { label: string; detail: string }[] }>;

/**
 * The eligibility cards of a language: `texts` writes them from the figures and the timeline. The
 * edition's default timeline is written the language's way; a deployment's own timeline as it set it.
 */
export function translateEligibility(
  locale: Locale,
  texts: (figures: Figures, timeline: EditionSettings['timeline']) => CardTexts,
  defaultTimeline: EditionSettings['timeline'],
): EligibilityContent {
  return {
    cards(edition = getEditionSettings()) {
      const own = JSON.stringify(edition.timeline) !== JSON.stringify(DEFAULT_EDITION.timeline);
      const cards = texts(figuresIn(locale), own ? edition.timeline : defaultTimeline);
      return eligibilityCards(edition).map((card) => ({ ...card, ...cards[card.id] }));
    },
  };
}
