// How a Marathi or Hindi content file is put together (mr/, hi/): it gives the texts only, matched to
// the English items by id (or by position where they have none), and the rest (ids, images, icons,
// colours, links) is the English item's, so the languages cannot drift apart. Imported by the
// translations only: English pages never load it.
import type { Locale } from '@kbe/i18n';
import { DEFAULT_CONTACT_DETAILS } from './contact-details.constant';
import { RESPONSE_PROMISES } from './contact-page.content';
import type { ContactContent } from './contact.localized';
import type { FaqEntry } from './faq.content';
import { figuresIn, localEditionTexts, type Figures, type Texts } from './locale-format.util';

export interface ContactTexts {
  responsePromises: Texts<{ topic: string; promise: string }, 4>;
  faq: (edition: ReturnType<typeof localEditionTexts>, figures: Figures) => Texts<FaqEntry, 5>;
  /** The default office hours ('Mon-Sat 9am to 5pm IST') in the language. */
  hours: string;
}

export function translateContact(locale: Locale, texts: ContactTexts): ContactContent {
  return {
    responsePromises: RESPONSE_PROMISES.map((promise, i) => ({ ...promise, ...texts.responsePromises[i] })),
    faq: (edition) => [...texts.faq(localEditionTexts(locale, edition), figuresIn(locale))],
    hours: (hours) => (hours === DEFAULT_CONTACT_DETAILS.hours ? texts.hours : hours),
  };
}
