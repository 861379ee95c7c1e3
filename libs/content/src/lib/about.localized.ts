import { defineLocalized } from '@kbe/i18n';
import { ABOUT_INTRO, ABOUT_QUOTE, MISSION, VISION } from './about.content';
import { ABOUT_STATS, GLOBAL_IMPACT_STATS, type Stat } from './marketing-stats.content';
import type { Quote } from './quotes.content';

export interface AboutContent {
  intro: string;
  vision: { title: string; text: string };
  mission: { title: string; text: string };
  quote: Quote;
  /** The about page's statistics strip. */
  stats: Stat[];
  /** 'Our Global Impact' on the home page. */
  globalImpact: (Stat & { caption: string })[];
}

export const ABOUT_CONTENT: AboutContent = {
  intro: ABOUT_INTRO,
  vision: VISION,
  mission: MISSION,
  quote: ABOUT_QUOTE,
  stats: ABOUT_STATS,
  globalImpact: GLOBAL_IMPACT_STATS,
};

/** Who we are (the about page, and the home page's about section) in each language. */
export const LOCALIZED_ABOUT = defineLocalized<AboutContent>(ABOUT_CONTENT, {
  mr: () => import(/* webpackChunkName: "locale-mr-about" */ './mr/about.content'),
  hi: () => import(/* webpackChunkName: "locale-hi-about" */ './hi/about.content'),
});
