import type { Locale } from '@kbe/i18n';
import {
  DEFAULT_EDITION,
  LOCALIZED_ABOUT,
  LOCALIZED_CONTACT,
  LOCALIZED_ELIGIBILITY,
  LOCALIZED_EXAMS,
  LOCALIZED_GALLERY,
  LOCALIZED_HERO_SLIDES,
  LOCALIZED_LEVELS,
  LOCALIZED_QUOTES,
  getEditionSettings,
} from '../index';
import { localEditionTexts, localFigure } from './locale-format.util';

const DEVANAGARI = /[\u0900-\u097F]/;

/** What must be the same in every language: everything but the words. */
const shapeOf = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(shapeOf);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, shapeOf(item)]));
  return typeof value;
};

describe.each<Locale>(['mr', 'hi'])('the %s content', (locale) => {
  it('has the hero slides, quotes and eligibility cards of English, in its own words', async () => {
    const slides = await LOCALIZED_HERO_SLIDES.load(locale);
    const english = LOCALIZED_HERO_SLIDES.en;
    expect(shapeOf(slides)).toEqual(shapeOf(english));
    expect(slides.map((s) => [s.id, s.image, s.icon, s.colour, s.cta.primary.href, s.cta.secondary.href])).toEqual(
      english.map((s) => [s.id, s.image, s.icon, s.colour, s.cta.primary.href, s.cta.secondary.href]),
    );
    slides.forEach((slide) => expect(slide.description).toMatch(DEVANAGARI));
    expect(shapeOf(await LOCALIZED_QUOTES.load(locale))).toEqual(shapeOf(LOCALIZED_QUOTES.en));
    const cards = (await LOCALIZED_ELIGIBILITY.load(locale)).cards(DEFAULT_EDITION);
    const englishCards = LOCALIZED_ELIGIBILITY.en.cards(DEFAULT_EDITION);
    expect(shapeOf(cards)).toEqual(shapeOf(englishCards));
    expect(cards.map((c) => [c.id, c.icon])).toEqual(englishCards.map((c) => [c.id, c.icon]));
    cards.forEach((card) => expect(card.title).toMatch(DEVANAGARI));
  });

  it('has the about texts, stats, levels and awards of English', async () => {
    const about = await LOCALIZED_ABOUT.load(locale);
    expect(shapeOf(about)).toEqual(shapeOf(LOCALIZED_ABOUT.en));
    expect(about.stats.map((s) => s.icon)).toEqual(LOCALIZED_ABOUT.en.stats.map((s) => s.icon));
    const levels = await LOCALIZED_LEVELS.load(locale);
    expect(shapeOf(levels)).toEqual(shapeOf(LOCALIZED_LEVELS.en));
    expect(levels.levels.map((l) => [l.id, l.level, l.openForRegistration, l.icon, l.colour])).toEqual(
      LOCALIZED_LEVELS.en.levels.map((l) => [l.id, l.level, l.openForRegistration, l.icon, l.colour]),
    );
    expect(levels.awards.map((a) => a.icon)).toEqual(LOCALIZED_LEVELS.en.awards.map((a) => a.icon));
  });

  it('has the exam formats, dates table and syllabus of English', async () => {
    const exams = await LOCALIZED_EXAMS.load(locale);
    const english = LOCALIZED_EXAMS.en;
    expect(shapeOf({ ...exams, schedules: exams.schedules(DEFAULT_EDITION) })).toEqual(shapeOf({ ...english, schedules: english.schedules(DEFAULT_EDITION) }));
    expect(exams.formats.map((f) => f.level)).toEqual(english.formats.map((f) => f.level));
    expect(exams.syllabus.map((w) => w.percent)).toEqual(english.syllabus.map((w) => w.percent));
    expect(exams.schedules(DEFAULT_EDITION).map((s) => s.level)).toEqual(english.schedules(DEFAULT_EDITION).map((s) => s.level));
  });

  it('has a caption for every gallery image, with the same ids, images and categories', async () => {
    const gallery = await LOCALIZED_GALLERY.load(locale);
    const english = LOCALIZED_GALLERY.en;
    expect(gallery.items).toHaveLength(65);
    expect(gallery.items.map((i) => [i.id, i.image, i.category, i.motif])).toEqual(english.items.map((i) => [i.id, i.image, i.category, i.motif]));
    gallery.items.forEach((item) => {
      expect(item.title).toEqual(expect.any(String));
      expect(item.description).toMatch(DEVANAGARI);
      expect(gallery.imageAlt(item)).toMatch(DEVANAGARI);
    });
    expect(gallery.categories.map((c) => [c.id, c.icon, c.colour])).toEqual(english.categories.map((c) => [c.id, c.icon, c.colour]));
    expect(shapeOf(gallery.story)).toEqual(shapeOf(english.story));
    expect(gallery.heroTiles.map((t) => t.icon)).toEqual(english.heroTiles.map((t) => t.icon));
  });

  it('has the contact promises and the five FAQ cards, with the edition dates', async () => {
    const contact = await LOCALIZED_CONTACT.load(locale);
    expect(contact.responsePromises).toHaveLength(LOCALIZED_CONTACT.en.responsePromises.length);
    const faq = contact.faq(DEFAULT_EDITION);
    expect(faq).toHaveLength(5);
    expect(faq[1].answer).toContain(localEditionTexts(locale, DEFAULT_EDITION).mainsExamDate);
    expect(faq[4].answer).toContain(localEditionTexts(locale, DEFAULT_EDITION).deadline);
    expect(contact.hours('Mon-Sat 9am to 5pm IST')).toMatch(DEVANAGARI);
    expect(contact.hours('Mon-Fri 10am to 4pm IST')).toBe('Mon-Fri 10am to 4pm IST');
  });
});

describe('numbers and dates in Marathi and Hindi', () => {
  it('writes the marketing figures the way each language does', () => {
    expect(localFigure('mr', '10L+')).toBe('१० लाख+');
    expect(localFigure('hi', '10L+')).toBe('10 लाख+');
    expect(localFigure('mr', '10,000+')).toBe('१०,०००+');
    expect(localFigure('hi', '10,000+')).toBe('10,000+');
    expect(localFigure('mr', '98%')).toBe('९८%');
    expect(localFigure('en', '10L+')).toBe('10L+');
  });

  it('writes the edition dates and fees through Intl', () => {
    const mr = localEditionTexts('mr', DEFAULT_EDITION);
    expect(mr.mainsExamDate).toBe('१९ मार्च, २०२५');
    expect(mr.deadline).toBe('३० ऑक्टोबर, २०२५');
    expect(mr.feeRange).toBe('₹२७०-₹३६०');
    const hi = localEditionTexts('hi', DEFAULT_EDITION);
    expect(hi.mainsExamDate).toBe('19 मार्च 2025');
    expect(hi.superAdvancedExam).toBe('जुलाई 2025');
    expect(localEditionTexts('en', DEFAULT_EDITION)).toEqual(LOCALIZED_EXAMS.en.editionTexts(DEFAULT_EDITION));
  });

  it('follows a deployment timeline of its own as it is written, and translates the default one', async () => {
    const eligibility = await LOCALIZED_ELIGIBILITY.load('mr');
    const own = getEditionSettings({ timeline: { registration: 'Feb', preliminary: 'Mar', semiFinals: 'Apr', grandFinale: 'May' } });
    expect(eligibility.cards(own)[3].items.map((i) => i.detail)).toEqual(['Feb', 'Mar', 'Apr', 'May']);
    expect(eligibility.cards(DEFAULT_EDITION)[3].items[0].detail).toBe('जानेवारी - मार्च');
  });
});
