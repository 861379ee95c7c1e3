// How a Marathi or Hindi content file is put together (mr/, hi/): it gives the texts only, matched to
// the English items by id (or by position where they have none), and the rest (ids, images, icons,
// colours, links) is the English item's, so the languages cannot drift apart. Imported by the
// translations only: English pages never load it.
import type { Locale } from '@kbe/i18n';
import { ABOUT_CONTENT, type AboutContent } from './about.localized';
import { localFigure, withLabels, type Texts } from './locale-format.util';

export interface AboutTexts extends Omit<AboutContent, 'stats' | 'globalImpact'> {
  stats: Texts<string, 8>;
  globalImpact: Texts<{ label: string; caption: string }, 3>;
}

export function translateAbout(locale: Locale, { stats, globalImpact, ...texts }: AboutTexts): AboutContent {
  return {
    ...texts,
    stats: withLabels(locale, ABOUT_CONTENT.stats, stats),
    globalImpact: ABOUT_CONTENT.globalImpact.map((stat, i) => ({ ...stat, ...globalImpact[i], value: localFigure(locale, stat.value) })),
  };
}
