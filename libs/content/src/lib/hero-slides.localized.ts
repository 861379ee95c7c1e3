import { defineLocalized } from '@kbe/i18n';
import { HERO_SLIDES, type HeroSlide } from './hero-slides.content';

/** The home page's hero slides in each language (Marathi and Hindi: the chunks `locale-<locale>-home`). */
export const LOCALIZED_HERO_SLIDES = defineLocalized<HeroSlide[]>(HERO_SLIDES, {
  mr: () => import(/* webpackChunkName: "locale-mr-home" */ './mr/home.content').then((m) => ({ default: m.heroSlides })),
  hi: () => import(/* webpackChunkName: "locale-hi-home" */ './hi/home.content').then((m) => ({ default: m.heroSlides })),
});
