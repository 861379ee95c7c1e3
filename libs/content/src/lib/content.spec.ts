import { formatRegistrationDeadline } from '@kbe/contracts';
import {
  DEFAULT_EDITION,
  GALLERY_ITEMS,
  HERO_SLIDES,
  LEVELS,
  NAV_LINKS,
  SYLLABUS_WEIGHTINGS,
  editionTexts,
  eligibilityCards,
  faqEntries,
  filterGallery,
  galleryCounts,
  getContactDetails,
  getEditionSettings,
  directionsHref,
  phoneHref,
} from '../index';

type WithConfig = typeof globalThis & { __KBE_CONFIG__?: unknown };

afterEach(() => {
  delete (globalThis as WithConfig).__KBE_CONFIG__;
});

describe('gallery data', () => {
  it('holds 65 items with the spec counts per category, computed from the data', () => {
    expect(galleryCounts()).toEqual({
      all: 65,
      competitions: 8,
      'space-tours': 12,
      'einstein-legacy': 25,
      'space-exploration': 20,
    });
  });

  it('has unique ids and images, and filters by category', () => {
    expect(new Set(GALLERY_ITEMS.map((i) => i.id)).size).toBe(65);
    expect(new Set(GALLERY_ITEMS.map((i) => i.image)).size).toBe(65);
    expect(filterGallery('space-tours').every((i) => i.category === 'space-tours')).toBe(true);
    expect(filterGallery('all')).toHaveLength(65);
  });
});

describe('edition settings', () => {
  it('quotes the deadline exactly as the services word it', () => {
    expect(editionTexts(DEFAULT_EDITION).deadline).toBe(formatRegistrationDeadline(DEFAULT_EDITION));
  });

  it('defaults to the 2025 edition of the spec', () => {
    const texts = editionTexts(DEFAULT_EDITION);
    expect(DEFAULT_EDITION.year).toBe(2025);
    expect(texts.deadline).toBe('30th October 2025');
    expect(texts.feeRange).toBe('₹270-₹360');
    expect(texts.mainsExamDate).toBe('19 March 2025');
    expect(texts.advancedExamDate).toBe('21 May 2025');
    expect(texts.superAdvancedExam).toBe('July 2025');
  });

  it('is overridden at runtime through window.__KBE_CONFIG__, ignoring values of the wrong type', () => {
    (globalThis as WithConfig).__KBE_CONFIG__ = { edition: { year: 2026, fees: { max: 400 }, registrationDeadline: 7 } };
    const edition = getEditionSettings();
    expect(edition.year).toBe(2026);
    expect(edition.fees).toEqual({ min: 270, max: 400 });
    // one year: the spec's deadline, in the configured year
    expect(editionTexts(edition).deadline).toBe('30th October 2026');
  });

  it('keeps the default dates, in the configured year, when the runtime config gives unreadable ones', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const edition = getEditionSettings({ year: 2026, registrationDeadline: 'next week', dates: { mainsExam: '19/03/2026' } });
    expect(edition.year).toBe(2026);
    expect(edition.registrationDeadline).toBe('2026-10-30T23:59:59.999+05:30');
    expect(edition.dates.mainsExam).toBe('2026-03-19');
    expect(warn).toHaveBeenCalledWith('Ignoring unreadable edition dates from the runtime config; using the default dates');
    warn.mockRestore();
  });

  it('has one year on every page: a deadline alone (the development profile moves it) names the year and moves every default date', () => {
    const edition = getEditionSettings({ registrationDeadline: '2027-11-27T23:59:59.999+05:30' });
    expect(edition.year).toBe(2027);
    const texts = editionTexts(edition);
    expect(texts.deadline).toBe('27th November 2027');
    expect(texts.mainsExamDate).toBe('19 March 2027');
    expect(texts.advancedExamDate).toBe('21 May 2027');
    expect(texts.mainsRegistration).toBe('15 Feb - 15 March 2027');
    expect(texts.superAdvancedExam).toBe('July 2027');
  });

  it('keeps dates the runtime config gives, whatever the year', () => {
    const edition = getEditionSettings({ year: 2027, dates: { mainsExam: '2027-03-01', advancedExam: '2027-05-02', hallTicketHandout: '2027-11-08' } });
    expect(edition.dates).toEqual({ mainsExam: '2027-03-01', advancedExam: '2027-05-02', hallTicketHandout: '2027-11-08' });
  });

  it('feeds the FAQ dates', () => {
    expect(faqEntries(DEFAULT_EDITION)).toHaveLength(5);
    expect(faqEntries(DEFAULT_EDITION)[1].answer).toContain('19 March 2025');
  });
});

describe('contact details', () => {
  it('default to neutral placeholders in Nashik, Maharashtra', () => {
    const contact = getContactDetails();
    expect(contact.address).toMatch(/Nashik, Maharashtra/);
    expect(contact.email).toMatch(/@example\.org$/);
    expect(contact.hours).toBe('Mon-Sat 9am to 5pm IST');
  });

  it('can be replaced at runtime', () => {
    (globalThis as WithConfig).__KBE_CONFIG__ = { contact: { phone: '+91 98765 43210' } };
    expect(getContactDetails().phone).toBe('+91 98765 43210');
    expect(phoneHref('+91 98765 43210')).toBe('tel:+919876543210');
    expect(directionsHref('A & B, Nashik')).toContain('A%20%26%20B%2C%20Nashik');
  });
});

describe('static content', () => {
  it('has four hero slides with the spec themes and three stats each', () => {
    expect(HERO_SLIDES.map((s) => s.theme)).toEqual(['einstein', 'space', 'global', 'future']);
    HERO_SLIDES.forEach((s) => expect(s.stats).toHaveLength(3));
  });

  it('has three levels of which only the Mains is open for registration', () => {
    expect(LEVELS.map((l) => [l.level, l.openForRegistration])).toEqual([
      ['Mains', true],
      ['Advanced', false],
      ['Super Advanced', false],
    ]);
  });

  it('syllabus weightings add up to 100%', () => {
    expect(SYLLABUS_WEIGHTINGS.reduce((sum, w) => sum + w.percent, 0)).toBe(100);
  });

  it('eligibility has the four cards and the spec age groups and timeline', () => {
    const cards = eligibilityCards(DEFAULT_EDITION);
    expect(cards.map((c) => c.title)).toEqual(['Age Groups', 'Global Participation', 'Requirements', 'Competition Timeline']);
    expect(cards[0].items.map((i) => `${i.label}: ${i.detail}`)).toEqual([
      'Grade I: Classes V-VII, age 10-13',
      'Grade II: Classes VIII-X, age 13-16',
      'Grade III: Classes XI-XII+, age 16-18+',
    ]);
    expect(cards[3].items.map((i) => i.detail)).toEqual(['January - March', 'April', 'May', 'June']);
  });

  it('navigation has Home, About Us, Exams, Downloads, Gallery', () => {
    expect(NAV_LINKS.map((l) => l.label)).toEqual(['Home', 'About Us', 'Exams', 'Downloads', 'Gallery']);
  });
});
