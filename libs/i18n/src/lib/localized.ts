import { DEFAULT_LOCALE, type Locale } from './locales';

export type TranslationLoaders<T> = Record<Exclude<Locale, 'en'>, () => Promise<{ default: T }>>;

/**
 * Something the site has in each language (a message catalogue, a content file): English imported
 * as it is, the other languages loaded when a page in them needs it, so a page downloads its own
 * language only.
 */
export interface Localized<T> {
  readonly en: T;
  /** A language's version when loaded (English always is), else undefined. */
  loaded(locale: Locale): T | undefined;
  /**
   * Loads a language's version once; the same promise every time. Once loaded (English always),
   * the promise says so itself (`status: 'fulfilled'`, as React's `use` reads it), so a component
   * reading it renders at once instead of suspending.
   */
  load(locale: Locale): Promise<T>;
}

/** A promise that tells React's `use` it is already fulfilled. */
function settled<T>(value: T): Promise<T> {
  return Object.assign(Promise.resolve(value), { status: 'fulfilled' as const, value });
}

export function defineLocalized<T>(en: T, translations: TranslationLoaders<T>, merge: (en: T, loaded: T) => T = (_, loaded) => loaded): Localized<T> {
  const versions = new Map<Locale, T>([[DEFAULT_LOCALE, en]]);
  const loading = new Map<Locale, Promise<T>>([[DEFAULT_LOCALE, settled(en)]]);
  return {
    en,
    loaded: (locale) => versions.get(locale),
    load(locale) {
      let promise = loading.get(locale);
      if (!promise) {
        promise = translations[locale as Exclude<Locale, 'en'>]().then(({ default: loaded }) => {
          const version = merge(en, loaded);
          versions.set(locale, version);
          // later readers get a promise that says it is fulfilled
          loading.set(locale, settled(version));
          return version;
        });
        loading.set(locale, promise);
      }
      return promise;
    },
  };
}
