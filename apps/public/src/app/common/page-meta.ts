import { BRAND, getEditionSettings } from '@kbe/content';

import type { PublicPageId } from '../public-routes';

export interface PageMeta {
  title: string;
  description: string;
}

/**
 * The `<title>` and meta description of each public page: read by the page itself after a client
 * navigation (usePageMeta) and by the edge when it prerenders the page's HTML
 * (src/server/render-entry.ts), so both say the same. The home page's title follows the edition
 * settings (a deployment setting, known to both).
 */
export function publicPageMeta(pageId: PublicPageId): PageMeta {
  switch (pageId) {
    case 'home': {
      const edition = getEditionSettings();
      return {
        title: edition.competitionName,
        description: `${BRAND.name} ${edition.year}: a science exam for classes V to XII+ with medals, scholarships and visits to ISRO and NASA. Register online.`,
      };
    }
    case 'about':
      return {
        title: `About Us - ${BRAND.name}`,
        description: 'Who we are: a young-scientist competition from Nashik for classes V to XII+, its vision, mission, three levels and awards.',
      };
    case 'exams':
      return {
        title: `Exams - ${BRAND.name}`,
        description: 'Mains, Advanced and Super Advanced: exam format, dates, fees, prizes and syllabus weightings.',
      };
    case 'gallery':
      return {
        title: `Gallery - ${BRAND.name}`,
        description: 'Photos and artwork from KBE competitions, ISRO and NASA tours, the Einstein legacy and the universe.',
      };
    case 'contact':
      return {
        title: `Contact Us - ${BRAND.name}`,
        description: 'Questions about registration, exams or results? Write to us, call us or visit our office in Nashik.',
      };
    case 'parental-consent':
      return {
        title: `Parental Consent - ${BRAND.name}`,
        description: "The notice to parents and guardians about a candidate's data, and their consent with a code sent by SMS.",
      };
    case 'not-found':
      return { title: `Page Not Found - ${BRAND.name}`, description: 'The page you were looking for does not exist.' };
  }
}
