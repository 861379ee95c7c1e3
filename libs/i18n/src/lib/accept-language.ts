import { DEFAULT_LOCALE, isLocale, type Locale } from './locales';

/**
 * The first of the site's languages a visitor's browser asks for (`navigator.languages`, or an
 * `Accept-Language` header split into its tags, best first), e.g. `['mr-IN', 'en']` -> 'mr'.
 * English when none of them is Marathi or Hindi.
 */
export function preferredLocale(languages: readonly string[]): Locale {
  for (const tag of languages) {
    const primary = tag.trim().toLowerCase().split(/[-_;]/)[0];
    if (isLocale(primary)) return primary;
  }
  return DEFAULT_LOCALE;
}

/** The tags of an `Accept-Language` header, best first (quality values honoured, `q=0` dropped). */
export function acceptLanguageTags(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), quality: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, quality }) => tag && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ tag }) => tag);
}
