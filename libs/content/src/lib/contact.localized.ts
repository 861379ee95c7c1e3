import { defineLocalized } from '@kbe/i18n';
import { RESPONSE_PROMISES } from './contact-page.content';
import type { EditionSettings } from './edition.settings';
import { faqEntries, type FaqEntry } from './faq.content';

export interface ContactContent {
  responsePromises: typeof RESPONSE_PROMISES;
  faq: (edition?: EditionSettings) => FaqEntry[];
  /** The office hours as the language writes them (a deployment's own hours stay as it set them). */
  hours: (hours: string) => string;
}

/** The contact page's promises, FAQ and office hours in each language. */
export const LOCALIZED_CONTACT = defineLocalized<ContactContent>(
  { responsePromises: RESPONSE_PROMISES, faq: faqEntries, hours: (hours) => hours },
  {
    mr: () => import(/* webpackChunkName: "locale-mr-contact" */ './mr/contact.content'),
    hi: () => import(/* webpackChunkName: "locale-hi-contact" */ './hi/contact.content'),
  },
);
