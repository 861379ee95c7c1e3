import { BRAND, getEditionSettings } from '@kbe/content';
import { DEFAULT_LOCALE, type Locale, type MessageValues } from '@kbe/i18n';

import { PUBLIC_MESSAGES, type PublicMessageKey } from '../../i18n/public.messages';
import type { PublicPageId } from '../public-routes';

export interface PageMeta {
  title: string;
  description: string;
}

/**
 * The `<title>` and meta description of each public page in a language: read by the page itself
 * after a client navigation (usePageMeta) and by the edge when it prerenders the page's HTML
 * (src/server/render-entry.ts), so both say the same. The messages are read as loaded (English
 * where a language is not loaded yet: the edge asks once the page has rendered, so it is). The
 * home page's title is the competition's name (a deployment setting; Latin script in every language).
 */
export function publicPageMeta(pageId: PublicPageId, locale: Locale = DEFAULT_LOCALE): PageMeta {
  const brand = BRAND.name;
  // English while the language's messages are not loaded (asking the catalogue for them then would
  // keep the English formatting of a message with arguments for that language).
  const language = PUBLIC_MESSAGES.loaded(locale) ? locale : DEFAULT_LOCALE;
  const t = (key: PublicMessageKey, values?: MessageValues) => PUBLIC_MESSAGES.format(language, key, values);
  switch (pageId) {
    case 'home': {
      const edition = getEditionSettings();
      return { title: edition.competitionName, description: t('meta.home.description', { brand, year: String(edition.year) }) };
    }
    case 'about':
      return { title: t('meta.about.title', { brand }), description: t('meta.about.description') };
    case 'exams':
      return { title: t('meta.exams.title', { brand }), description: t('meta.exams.description') };
    case 'gallery':
      return { title: t('meta.gallery.title', { brand }), description: t('meta.gallery.description') };
    case 'contact':
      return { title: t('meta.contact.title', { brand }), description: t('meta.contact.description') };
    case 'parental-consent':
      return { title: t('meta.parentalConsent.title', { brand }), description: t('meta.parentalConsent.description') };
    case 'not-found':
      return { title: t('meta.notFound.title', { brand }), description: t('meta.notFound.description') };
  }
}
