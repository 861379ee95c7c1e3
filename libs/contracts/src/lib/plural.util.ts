/**
 * Count-bearing texts, for the browser apps and the services alike: the word's form is chosen by
 * the locale's plural rules (`Intl.PluralRules`), so '1 hall ticket' and '2 hall tickets' come
 * from one place, and a language with more forms (or Hindi, where 0 takes the singular) only
 * needs its forms, not new code.
 */

export type PluralCategory = 'zero' | 'one' | 'two' | 'few' | 'many' | 'other';

/** The forms of a word; `other` is required, the rest as the locale needs them (English: `one`). */
export type PluralForms = { other: string } & Partial<Record<Exclude<PluralCategory, 'other'>, string>>;

/** The portal's texts are Indian English (dates and numbers are formatted `en-IN` too). */
export const DEFAULT_TEXT_LOCALE = 'en-IN';

const pluralRules = new Map<string, Intl.PluralRules>();
const numberFormats = new Map<string, Intl.NumberFormat>();

function rulesOf(locale: string): Intl.PluralRules {
  let rules = pluralRules.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    pluralRules.set(locale, rules);
  }
  return rules;
}

function numberFormatOf(locale: string): Intl.NumberFormat {
  let format = numberFormats.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 });
    numberFormats.set(locale, format);
  }
  return format;
}

/** The form of a word for `count`: `plural(1, forms)` -> 'hall ticket', `plural(3, forms)` -> 'hall tickets'. */
export function plural(count: number, forms: PluralForms | string, locale: string = DEFAULT_TEXT_LOCALE): string {
  const known: PluralForms = typeof forms === 'string' ? { one: forms, other: `${forms}s` } : forms;
  return known[rulesOf(locale).select(count) as PluralCategory] ?? known.other;
}

/**
 * The count with its word, as people read it: '1 hall ticket', '0 hall tickets', '20,000 hall
 * tickets'. A string is the English singular (plural: plus 's'); irregular words give their forms.
 */
export function countOf(count: number, forms: PluralForms | string, locale: string = DEFAULT_TEXT_LOCALE): string {
  return `${numberFormatOf(locale).format(count)} ${plural(count, forms, locale)}`;
}
