import { ROUTES } from '@kbe/content';
import { defineCatalogue } from '@kbe/i18n';

import en from '../i18n/en.messages.json';
import { PORTAL_PAGE_PATH } from '@kbe/contracts/zod-free';

/** The texts of the header, drawer and footer, and of the shell's remote boundaries. */
export const CHROME_MESSAGES = defineCatalogue(en, {
  mr: () => import(/* webpackChunkName: "locale-mr-chrome" */ '../i18n/mr.messages.json'),
  hi: () => import(/* webpackChunkName: "locale-hi-chrome" */ '../i18n/hi.messages.json'),
});

export type ChromeMessageKey = keyof typeof en;

/** The label of each page the header, drawer and footer link to. */
export const PAGE_LINK_KEYS: Record<string, ChromeMessageKey> = {
  [ROUTES.home]: 'nav.home',
  [ROUTES.about]: 'nav.about',
  [ROUTES.exams]: 'nav.exams',
  [ROUTES.downloads]: 'nav.downloads',
  [PORTAL_PAGE_PATH]: 'nav.schoolPortal',
  [ROUTES.gallery]: 'nav.gallery',
  [ROUTES.contact]: 'nav.contact',
};

/** The footer's resources, by their English label. */
export const RESOURCE_KEYS: Record<string, ChromeMessageKey> = {
  Syllabus: 'resource.syllabus',
  'Sample Papers': 'resource.samplePapers',
  'Previous Years': 'resource.previousYears',
  'Study Materials': 'resource.studyMaterials',
  FAQ: 'resource.faq',
};
