import { INTL_LOCALE, type Locale } from '@kbe/i18n';
import { editionTexts, getEditionSettings, localDate, type EditionSettings } from './edition.settings';
import { MARKETING_STATS, type Stat } from './marketing-stats.content';

// Numbers and dates of the Marathi and Hindi content, through Intl with each language's locale
// (Indian grouping; Marathi digits as CLDR writes them: १०,०००). Imported by the translations only,
// so an English page never loads it.

export function localNumber(locale: Locale, value: number): string {
  return new Intl.NumberFormat(INTL_LOCALE[locale]).format(value);
}

/** A marketing figure in a language's digits and words: '10,000+' -> '१०,०००+', '10L+' -> '१० लाख+' (mr), '10 लाख+' (hi). */
export function localFigure(locale: Locale, figure: string): string {
  if (locale === 'en') return figure;
  return figure.replace(/\d[\d,]*/g, (digits) => localNumber(locale, Number(digits.replace(/,/g, '')))).replace(/L\+$/, ' लाख+');
}

const UTC_DAY = (isoDate: string) => new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);

function formatDate(locale: Locale, isoDate: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { ...options, timeZone: 'UTC' }).format(UTC_DAY(isoDate));
}

/** '2025-03-19' -> '१९ मार्च, २०२५' (mr), '19 मार्च 2025' (hi). */
export const localLongDate = (locale: Locale, isoDate: string) => formatDate(locale, isoDate, { day: 'numeric', month: 'long', year: 'numeric' });

/** '2025-02-15' -> '१५ फेब्रु.' (mr). */
export const localShortDate = (locale: Locale, isoDate: string) => formatDate(locale, isoDate, { day: 'numeric', month: 'short' });

/** '2025-07' -> 'जुलै २०२५' (mr). */
export const localMonth = (locale: Locale, isoMonth: string) => formatDate(locale, `${isoMonth}-01`, { month: 'long', year: 'numeric' });

/** The edition's texts (editionTexts) in a language: the same dates and fees, written its way. */
export function localEditionTexts(locale: Locale, edition: EditionSettings = getEditionSettings()): ReturnType<typeof editionTexts> {
  if (locale === 'en') return editionTexts(edition);
  const windows = edition.registrationWindows;
  const range = (window: { opens: string; closes: string }) => `${localShortDate(locale, window.opens)} - ${localLongDate(locale, window.closes)}`;
  return {
    deadline: localLongDate(locale, localDate(edition.registrationDeadline, edition.timeZoneOffsetMinutes)),
    feeRange: `₹${localNumber(locale, edition.fees.min)}-₹${localNumber(locale, edition.fees.max)}`,
    mainsExamDate: localLongDate(locale, edition.dates.mainsExam),
    mainsRegistration: range(windows.mains),
    advancedExamDate: localLongDate(locale, edition.dates.advancedExam),
    advancedRegistration: range(windows.advanced),
    superAdvancedExam: localMonth(locale, edition.superAdvancedExamMonth),
  };
}

/** Texts given by position must be as many as the English items: a tuple of that length. */
export type Texts<T, N extends number, Acc extends T[] = []> = Acc['length'] extends N ? Acc : Texts<T, N, [...Acc, T]>;

/** The marketing figures in a language's digits and words. */
export type Figures = Record<keyof typeof MARKETING_STATS, string>;

export function figuresIn(locale: Locale): Figures {
  return Object.fromEntries(Object.entries(MARKETING_STATS).map(([name, value]) => [name, localFigure(locale, value)])) as Figures;
}

/** Stats with a language's labels, their figures in its digits and words. */
export const withLabels = <S extends Stat>(locale: Locale, stats: S[], labels: readonly string[]): S[] =>
  stats.map((stat, i) => ({ ...stat, label: labels[i], value: localFigure(locale, stat.value) }));

