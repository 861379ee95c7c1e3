import { getContactDetails, type ContactDetails } from './contact-details.constant';

/** Absolute paths of the public site (spec section 2, route table). */
export const ROUTES = {
  root: '/',
  home: '/einstein-quest',
  about: '/einstein-quest/about',
  exams: '/einstein-quest/exams',
  registration: '/einstein-quest/online-registrations',
  gallery: '/einstein-quest/gallery',
  contact: '/einstein-quest/contact',
  downloads: '/einstein-quest/downloads',
} as const;

/**
 * The downloads page with its Result action open (issue 29): where the exams page sends a
 * candidate who qualified for the next level. The downloads remote reads `?action=result`.
 */
export const RESULT_LOOKUP_HREF = `${ROUTES.downloads}?action=result`;

/**
 * The admin area (spec section 2: admin routes, no shared header or footer): its screens, which
 * the admin remote's router is built from and the edge answers 200 for. Any other path under
 * `root` is the admin area's 404 page, answered 404 with ADMIN_NOT_FOUND_TITLE.
 */
export const ADMIN_ROUTES = {
  root: '/admin',
  login: '/admin/login',
  test: '/admin/test',
  dashboard: '/admin/dashboard',
} as const;

/** The `<title>` of the admin area's 404 page (the edge sends it with the 404, the page sets it). */
export const ADMIN_NOT_FOUND_TITLE = 'Page Not Found | Admin';

/** Fragment ids that other pages link to. */
export const ANCHORS = {
  syllabus: 'syllabus',
  faq: 'faq',
} as const;

export interface NavLinkItem {
  label: string;
  href: string;
  /** 'exact': active only on this path (and the site root for Home); 'prefix': active on this path and below. */
  match: 'exact' | 'prefix';
}

export const NAV_LINKS: NavLinkItem[] = [
  { label: 'Home', href: ROUTES.home, match: 'exact' },
  { label: 'About Us', href: ROUTES.about, match: 'prefix' },
  { label: 'Exams', href: ROUTES.exams, match: 'prefix' },
  { label: 'Downloads', href: ROUTES.downloads, match: 'prefix' },
  { label: 'Gallery', href: ROUTES.gallery, match: 'prefix' },
];

export const FOOTER_QUICK_LINKS: { label: string; href: string }[] = [
  { label: 'Home', href: ROUTES.home },
  { label: 'About Us', href: ROUTES.about },
  { label: 'Exams', href: ROUTES.exams },
  { label: 'Gallery', href: ROUTES.gallery },
  { label: 'Contact', href: ROUTES.contact },
  { label: 'Downloads', href: ROUTES.downloads },
];

/** Footer resources (DECISIONS): two real targets, the rest announced as coming soon. */
export const FOOTER_RESOURCES: { label: string; href?: string }[] = [
  { label: 'Syllabus', href: `${ROUTES.exams}#${ANCHORS.syllabus}` },
  { label: 'Sample Papers' },
  { label: 'Previous Years' },
  { label: 'Study Materials' },
  { label: 'FAQ', href: `${ROUTES.contact}#${ANCHORS.faq}` },
];

export interface SocialLink {
  label: string;
  network: 'facebook' | 'instagram' | 'youtube' | 'x';
  /** Missing while the account does not exist yet: shown as a placeholder, not a dead link. */
  href?: string;
}

/**
 * Two real profiles and two placeholders (spec: 'two real, two placeholders'). The real
 * addresses are neutral defaults; a deployment sets its own through
 * `window.__KBE_CONFIG__.contact.social` (see contact-details.constant.ts).
 */
export function socialLinks(contact: ContactDetails = getContactDetails()): SocialLink[] {
  return [
    { label: 'Facebook', network: 'facebook', href: contact.social.facebook },
    { label: 'YouTube', network: 'youtube', href: contact.social.youtube },
    { label: 'X (Twitter)', network: 'x' },
    { label: 'Instagram', network: 'instagram' },
  ];
}

export const BRAND = {
  shortName: 'KBE',
  name: 'KBE Young Scientist Competition',
  tagline: 'Einstein Quest',
  blurb: 'An international young-scientist competition for classes V to XII+, based in Nashik, India. Three levels, medals, scholarships and visits to ISRO and NASA.',
} as const;
