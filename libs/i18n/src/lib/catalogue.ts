import { IntlMessageFormat } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';

import { defineLocalized, type Localized, type TranslationLoaders } from './localized';
import { DEFAULT_LOCALE, INTL_LOCALE, type Locale } from './locales';

/**
 * One message in ICU syntax. In a catalogue file it is the source text; the browser builds get
 * it compiled (tools/webpack/icu-messages.loader.cjs): a text without arguments as its plain
 * value, a text with arguments as its syntax tree, so no parser travels to the browser.
 */
export type MessageSource = string | MessageFormatElement[];

/** The values a message's arguments take: `{count, plural, ...}`, `{day, date, long}`, `{name}`. */
export type MessageValues = Record<string, string | number | Date>;

export type Messages<K extends string> = Record<K, MessageSource>;

export interface Catalogue<K extends string> extends Localized<Messages<K>> {
  /** One message in a loaded language, its arguments filled in (English where a language lacks it). */
  format(locale: Locale, key: K, values?: MessageValues): string;
}

const hasArguments = (message: MessageSource) => typeof message !== 'string' || message.includes('{');

/**
 * The messages of one part of the site (a remote, the chrome) in every language: English
 * imported as it is, the others loaded by a Marathi or Hindi page.
 */
export function defineCatalogue<K extends string>(en: Messages<K>, translations: TranslationLoaders<Partial<Messages<K>>>): Catalogue<K> {
  const localized = defineLocalized<Messages<K>>(en, translations as TranslationLoaders<Messages<K>>, (english, loaded) => ({ ...english, ...loaded }));
  const formats = new Map<string, IntlMessageFormat>();
  return {
    ...localized,
    format(locale, key, values) {
      // a language not loaded yet reads English, formatted (and kept) as English
      const language = localized.loaded(locale) ? locale : DEFAULT_LOCALE;
      const messages = localized.loaded(language) ?? en;
      const message = messages[key] ?? en[key];
      if (message === undefined) return key;
      if (!hasArguments(message)) return message as string;
      const id = `${language}\u0000${key}`;
      let format = formats.get(id);
      if (!format) {
        format = new IntlMessageFormat(message, INTL_LOCALE[language]);
        formats.set(id, format);
      }
      return String(format.format(values));
    },
  };
}
