/**
 * The languages of the public site: English at the spec's paths, Marathi and Hindi under
 * `/mr/...` and `/hi/...` with the same sub-paths.
 */
export const LOCALES = ['en', 'mr', 'hi'] as const;
export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language named in itself, for the language switcher. */
export const LOCALE_NAMES: Record<Locale, string> = { en: 'English', mr: 'मराठी', hi: 'हिन्दी' };

/** The locale Intl formats with: Indian conventions for numbers (lakh grouping) and dates in each language. */
export const INTL_LOCALE: Record<Locale, string> = { en: 'en-IN', mr: 'mr-IN', hi: 'hi-IN' };

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
