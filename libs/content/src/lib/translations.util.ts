// How a Marathi or Hindi content file is put together: it gives the texts only, matched to the
// English items by id (or by position where the English items have none), and the rest (ids,
// images, icons, colours, links) is the English item's, so the languages cannot drift apart.
// Imported by the translations only: English pages never load it.
import type { Locale } from '@kbe/i18n';
import type { AboutContent } from './about.localized';
import { AWARDS, type Award } from './awards.content';
import { DEFAULT_CONTACT_DETAILS } from './contact-details.constant';
import { RESPONSE_PROMISES } from './contact-page.content';
import { DEFAULT_EDITION, getEditionSettings, type EditionSettings } from './edition.settings';
import { eligibilityCards, type EligibilityCard } from './eligibility.content';
import type { EligibilityContent } from './eligibility.localized';
import { EXAM_FORMATS, SYLLABUS_WEIGHTINGS, type ExamFormat, type ExamSchedule } from './exams.content';
import type { ExamsContent } from './exams.localized';
import type { FaqEntry } from './faq.content';
import type { ContactContent } from './contact.localized';
import { GALLERY_CATEGORIES, GALLERY_HERO_TILES, GALLERY_ITEMS, GALLERY_STORY, type GalleryFilterId } from './gallery.content';
import type { GalleryContent } from './gallery.localized';
import { HERO_SLIDES, type HeroSlide, type HeroTheme } from './hero-slides.content';
import { LEVELS, type CompetitionLevel, type LevelId } from './levels.content';
import type { LevelsContent } from './levels.localized';
import { localEditionTexts, localFigure } from './locale-format.util';
import { MARKETING_STATS, type Stat } from './marketing-stats.content';
import { ABOUT_CONTENT } from './about.localized';
import type { Quote } from './quotes.content';

/** Texts given by position must be as many as the English items: a tuple of that length. */
type Texts<T, N extends number, Acc extends T[] = []> = Acc['length'] extends N ? Acc : Texts<T, N, [...Acc, T]>;

/** The marketing figures in a language's digits and words. */
export type Figures = Record<keyof typeof MARKETING_STATS, string>;

export function figuresIn(locale: Locale): Figures {
  return Object.fromEntries(Object.entries(MARKETING_STATS).map(([name, value]) => [name, localFigure(locale, value)])) as Figures;
}

const withLabels = <S extends Stat>(locale: Locale, stats: S[], labels: readonly string[]): S[] =>
  stats.map((stat, i) => ({ ...stat, label: labels[i], value: localFigure(locale, stat.value) }));

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

export interface LevelsTexts {
  /** The level names (Mains, Advanced, Super Advanced) stay in Latin script. */
  levels: Record<LevelId, Pick<CompetitionLevel, 'stage' | 'description' | 'prizes' | 'qualification' | 'details'>>;
  awards: Texts<Omit<Award, 'icon'>, 3>;
}

export function translateLevels({ levels, awards }: LevelsTexts): LevelsContent {
  return {
    levels: LEVELS.map((level) => ({ ...level, ...levels[level.id] })),
    awards: AWARDS.map((award, i) => ({ ...award, ...awards[i] })),
  };
}

export interface ExamsTexts {
  formats: Record<LevelId, Omit<ExamFormat, 'level'>>;
  syllabus: Texts<string, 6>;
  /** The Advanced and Super Advanced rows of the dates table. */
  schedules: { advancedFee: string; superAdvancedRegistration: string; superAdvancedFee: string };
}

export function translateExams(locale: Locale, { formats, syllabus, schedules }: ExamsTexts): ExamsContent {
  const editionTexts = (edition?: EditionSettings) => localEditionTexts(locale, edition);
  return {
    formats: EXAM_FORMATS.map((format) => ({ ...format, ...formats[format.level] })),
    syllabus: SYLLABUS_WEIGHTINGS.map((weighting, i) => ({ ...weighting, subject: syllabus[i] })),
    editionTexts,
    schedules(edition): ExamSchedule[] {
      const t = editionTexts(edition);
      return [
        { level: 'mains', examDate: t.mainsExamDate, registration: t.mainsRegistration, fee: t.feeRange },
        { level: 'advanced', examDate: t.advancedExamDate, registration: t.advancedRegistration, fee: schedules.advancedFee },
        { level: 'super-advanced', examDate: t.superAdvancedExam, registration: schedules.superAdvancedRegistration, fee: schedules.superAdvancedFee },
      ];
    },
  };
}

export interface GalleryTexts {
  /** Title and description of every item, by the item's id. */
  items: Record<number, readonly [title: string, description: string]>;
  categories: Record<GalleryFilterId, string>;
  heroTiles: Texts<string, 4>;
  story: { title: string; quote: Quote; highlights: Texts<{ title: string; text: string }, 3> };
  /** What each artwork motif shows, and the alt text of an image from its title and motif. */
  motifs: Record<string, string>;
  imageAlt: (title: string, motif: string | undefined) => string;
}

export function translateGallery(locale: Locale, texts: GalleryTexts): GalleryContent {
  const items = GALLERY_ITEMS.map((item) => {
    const [title, description] = texts.items[item.id];
    return { ...item, title, description };
  });
  return {
    items,
    categories: GALLERY_CATEGORIES.map((category) => ({ ...category, label: texts.categories[category.id] })),
    heroTiles: GALLERY_HERO_TILES.map((tile, i) => ({ ...tile, label: texts.heroTiles[i], value: localFigure(locale, tile.value) })),
    story: {
      title: texts.story.title,
      quote: texts.story.quote,
      highlights: GALLERY_STORY.highlights.map((highlight, i) => ({ ...highlight, ...texts.story.highlights[i] })),
    },
    imageAlt: (item) => texts.imageAlt(item.title, texts.motifs[item.motif]),
  };
}

export interface ContactTexts {
  responsePromises: Texts<{ topic: string; promise: string }, 4>;
  faq: (edition: ReturnType<typeof localEditionTexts>, figures: Figures) => Texts<FaqEntry, 5>;
  /** The default office hours ('Mon-Sat 9am to 5pm IST') in the language. */
  hours: string;
}

export function translateContact(locale: Locale, texts: ContactTexts): ContactContent {
  return {
    responsePromises: RESPONSE_PROMISES.map((promise, i) => ({ ...promise, ...texts.responsePromises[i] })),
    faq: (edition) => [...texts.faq(localEditionTexts(locale, edition), figuresIn(locale))],
    hours: (hours) => (hours === DEFAULT_CONTACT_DETAILS.hours ? texts.hours : hours),
  };
}
