import { use, useCallback } from 'react';
import { useInRouterContext } from 'react-router-dom';
import { DEFAULT_LOCALE, type Locale, type Localized } from '@kbe/i18n';
import { useLocale, type Translate } from '@kbe/ui';
import { PUBLIC_MESSAGES, type PublicMessageKey } from './public.messages';

// On the site every component of this remote is inside the router, whose basename is the page's
// language. A component rendered on its own (its unit test) has no router: it shows English.
// Whether a component is inside a router, and its language, never change while it is mounted, so
// these hooks call the same hooks on every render.
//
// Not @kbe/ui's useLocalized/useMessages: they call `use()` only while a language is not loaded
// yet, so a component that suspends there and is replayed once the chunk is in (React replays a
// component whose promise settles quickly) meets its later hooks with a different hook order
// ("Update hook called on initial render"). Here a Marathi or Hindi component always calls `use()`
// with the same promise per language, which React reads at once once it has settled.

/** Marks a promise of a known value as settled, as React's `use()` reads it: no suspension. */
const settled = <T>(value: T): Promise<T> => Object.assign(Promise.resolve(value), { status: 'fulfilled', value });

const promises = new WeakMap<Localized<unknown>, Map<Locale, Promise<unknown>>>();

/** One promise per localized thing and language, for `use()`. */
function versionOf<T>(localized: Localized<T>, locale: Locale): Promise<T> {
  let byLocale = promises.get(localized as Localized<unknown>);
  if (!byLocale) promises.set(localized as Localized<unknown>, (byLocale = new Map()));
  let promise = byLocale.get(locale) as Promise<T> | undefined;
  if (!promise) {
    const loaded = localized.loaded(locale);
    promise = loaded === undefined ? localized.load(locale) : settled(loaded);
    byLocale.set(locale, promise);
  }
  return promise;
}

/** The page's language; English outside a router. */
function usePageLocale(): Locale {
  // eslint-disable-next-line react-hooks/rules-of-hooks -- the condition never changes while the component is mounted (above)
  return useInRouterContext() ? useLocale() : DEFAULT_LOCALE;
}

/** Content (@kbe/content's LOCALIZED_*) in the page's language (suspends until it is in). */
export function usePageContent<T>(localized: Localized<T>): T {
  const locale = usePageLocale();
  return locale === DEFAULT_LOCALE ? localized.en : use(versionOf(localized, locale));
}

/** The remote's messages in the page's language (suspends until a Marathi or Hindi catalogue is in). */
export function usePublicMessages(): Translate<PublicMessageKey> {
  const locale = usePageLocale();
  if (locale !== DEFAULT_LOCALE) use(versionOf(PUBLIC_MESSAGES, locale));
  return useCallback<Translate<PublicMessageKey>>((key, values) => PUBLIC_MESSAGES.format(locale, key, values), [locale]);
}
