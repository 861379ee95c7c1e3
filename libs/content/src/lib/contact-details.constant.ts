import { mergeKnown, readRuntimeConfig } from './runtime-config';

export interface ContactDetails {
  address: string;
  phone: string;
  email: string;
  hours: string;
  /** Addresses of the two real social profiles. */
  social: { facebook: string; youtube: string };
}

/**
 * The one contact-details constant (DECISIONS): neutral placeholders until a deployment
 * sets the real ones through `window.__KBE_CONFIG__.contact`.
 */
export const DEFAULT_CONTACT_DETAILS: ContactDetails = {
  address: 'KBE Office, College Road, Nashik, Maharashtra 422005, India',
  phone: '+91 00000 00000',
  email: 'info@example.org',
  hours: 'Mon-Sat 9am to 5pm IST',
  social: { facebook: 'https://www.facebook.com/', youtube: 'https://www.youtube.com/' },
};

export function getContactDetails(): ContactDetails {
  return mergeKnown(DEFAULT_CONTACT_DETAILS, readRuntimeConfig().contact);
}

/** `tel:` target: digits and a leading plus only. */
export function phoneHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function mailHref(email: string): string {
  return `mailto:${email}`;
}

/** A maps search for the address; opens the maps app on phones. */
export function directionsHref(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
