import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from './locales';

export interface LocalePath {
  locale: Locale;
  /** The path as the English site has it: `/mr/einstein-quest/about` -> `/einstein-quest/about`. */
  path: string;
}

/** The language of a path and the path without its prefix; English has none. */
export function splitLocalePath(pathname: string): LocalePath {
  const match = /^\/([a-z]{2})(?=\/|$)(.*)$/.exec(pathname);
  if (!match || !isLocale(match[1]) || match[1] === DEFAULT_LOCALE) return { locale: DEFAULT_LOCALE, path: pathname };
  return { locale: match[1], path: match[2] || '/' };
}

/** The same page in another language: `localizedPath('mr', '/einstein-quest/about')` -> `/mr/einstein-quest/about`. */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}` : `/${locale}${path}`;
}

/** The router's basename for a language: the pages' own paths stay the English ones. */
export function routerBasename(locale: Locale): string | undefined {
  return locale === DEFAULT_LOCALE ? undefined : `/${locale}`;
}

/** The language a router basename stands for (what `useHref('/')` answers inside it). */
export function localeOfBasename(href: string): Locale {
  return splitLocalePath(href).locale;
}

/** Every language's path of one page, for `hreflang` alternates. */
export function alternatePaths(path: string): Record<Locale, string> {
  return Object.fromEntries(LOCALES.map((locale) => [locale, localizedPath(locale, path)])) as Record<Locale, string>;
}
