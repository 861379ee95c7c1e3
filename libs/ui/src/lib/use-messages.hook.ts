import { use, useCallback } from 'react';
import { useHref, useInRouterContext } from 'react-router-dom';
import { DEFAULT_LOCALE, localeOfBasename, type Catalogue, type Locale, type Localized, type MessageValues } from '@kbe/i18n';

/**
 * The page's language: the router's basename (`/mr`, `/hi`, none for English), which the shell
 * sets from the address. The router is one shared module for the shell and every remote, so every
 * container reads the same answer without a context of its own.
 */
export function useLocale(): Locale {
  // A component rendered without a router (a remote's unit test) is English. Whether it is in a
  // router never changes while it is mounted, so it always calls the same hooks.
  // eslint-disable-next-line react-hooks/rules-of-hooks
  return useInRouterContext() ? localeOfBasename(useHref('/')) : DEFAULT_LOCALE;
}

/**
 * A localized thing (content, messages) in the page's language. One not loaded yet suspends the
 * component: the nearest Suspense boundary waits (a prerendered one keeps its markup meanwhile).
 * `use` is called on every render (a loaded language's promise says it is fulfilled, so it does
 * not suspend): the component's hooks are the same whether it waited or not.
 */
export function useLocalized<T>(localized: Localized<T>): T {
  return use(localized.load(useLocale()));
}

export type Translate<K extends string> = (key: K, values?: MessageValues) => string;

/** The messages of a catalogue in the page's language, as a function of key and values. */
export function useMessages<K extends string>(catalogue: Catalogue<K>): Translate<K> {
  const locale = useLocale();
  useLocalized(catalogue);
  return useCallback<Translate<K>>((key, values) => catalogue.format(locale, key, values), [catalogue, locale]);
}
