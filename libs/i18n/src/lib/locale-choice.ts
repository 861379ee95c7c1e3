import { isLocale, type Locale } from './locales';

/** Where the browser remembers the language a visitor chose (the switcher) or declined (the offer). */
const CHOICE_KEY = 'kbe.locale';

/** The language the visitor chose on this device, if any. */
export function rememberedLocale(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): Locale | undefined {
  const value = storage?.getItem(CHOICE_KEY);
  return isLocale(value) ? value : undefined;
}

export function rememberLocale(locale: Locale, storage: Pick<Storage, 'setItem'> | undefined = safeStorage()): void {
  try {
    storage?.setItem(CHOICE_KEY, locale);
  } catch {
    // private mode or full storage: the choice lasts this page only
  }
}

function safeStorage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
