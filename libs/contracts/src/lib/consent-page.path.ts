/**
 * The consent page of the public site (linked from the SMS, the registration and the downloads
 * page). A module of its own: the public remote's route table needs only this, on every page's
 * first load, not the consent messages and API paths.
 */
export const CONSENT_PAGE_PREFIX = '/einstein-quest/parental-consent';

export function consentPagePath(candidateCode: string): string {
  return `${CONSENT_PAGE_PREFIX}/${encodeURIComponent(candidateCode)}`;
}
