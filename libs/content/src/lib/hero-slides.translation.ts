// How a Marathi or Hindi content file is put together (mr/, hi/): it gives the texts only, matched to
// the English items by id (or by position where they have none), and the rest (ids, images, icons,
// colours, links) is the English item's, so the languages cannot drift apart. Imported by the
// translations only: English pages never load it.
import type { Locale } from '@kbe/i18n';
import { HERO_SLIDES, type HeroSlide, type HeroTheme } from './hero-slides.content';
import { withLabels, type Texts } from './locale-format.util';
import type { Quote } from './quotes.content';

export interface HeroTexts {
  slides: Record<HeroTheme, Pick<HeroSlide, 'title' | 'subtitle' | 'description' | 'imageAlt' | 'quote'> & { stats: Texts<string, 3> }>;
  cta: { primary: string; secondary: string };
}

export function translateHeroSlides(locale: Locale, { slides, cta }: HeroTexts): HeroSlide[] {
  return HERO_SLIDES.map((slide) => {
    const { stats, ...texts } = slides[slide.id];
    return {
      ...slide,
      ...texts,
      cta: { primary: { ...slide.cta.primary, label: cta.primary }, secondary: { ...slide.cta.secondary, label: cta.secondary } },
      stats: withLabels(locale, slide.stats, stats),
    };
  });
}

export type QuoteTexts = Texts<Quote, 5>;
