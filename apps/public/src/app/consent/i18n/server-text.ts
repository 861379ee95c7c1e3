import { useCallback } from 'react';
import { registrationErrorKeyOf } from '@kbe/api-client';
import { messageKeyOf } from '@kbe/contracts/zod-free';
import { INTL_LOCALE, type Locale } from '@kbe/i18n';
import { useLocale } from '@kbe/ui';

import { consentMessages, useConsentMessages, type ConsentMessageKey, type ConsentTranslate } from './consent.catalogue';

/**
 * The contracts' messages the consent pages show (from the server: a wrong code, a session that
 * ended, ...; or from their own checks): their keys (`messageKeyOf`, and the API client's
 * `registrationErrorKeyOf` for a network failure) are this catalogue's keys.
 */
export const CONTRACT_MESSAGE_KEYS = [
  'consent.otpFormat',
  'consent.declaration',
  'consent.given',
  'consent.alreadyGiven',
  'consent.expired',
  'consent.noCode',
  'consent.noticeOutdated',
  'consent.notSent',
  'consent.wrongOtpTriesLeft',
  'consent.wrongOtpNoTriesLeft',
  'consent.resendWait',
  'consent.tooManySendsRetry',
  'dataRights.withdrawn',
  'dataRights.withdrawnUnderWay',
  'dataRights.alreadyWithdrawn',
  'dataRights.registrationWithdrawn',
  'dataRights.sessionRequired',
  'dataRights.sessionExpired',
  'dataRights.sessionStarted',
  'dataRights.details',
  'dataRights.erasureDetails',
  'dataRights.requestRecordedBy',
  'dataRights.openRequest',
  'error.network',
  'error.httpStatus',
] as const satisfies readonly ConsentMessageKey[];

/** The services' own sentences that no contract names (registration-service's PDF export), found by their English. */
const SERVICE_MESSAGE_KEYS: readonly ConsentMessageKey[] = ['server.pdfUnavailable'];

const isShown = (key: string | undefined): key is (typeof CONTRACT_MESSAGE_KEYS)[number] => (CONTRACT_MESSAGE_KEYS as readonly string[]).includes(key ?? '');

/** An ISO day (`2027-02-25`) as the organisers write days, in India, in the page's language. */
function dayIn(locale: Locale, isoDay: string): string {
  const day = new Date(`${isoDay}T12:00:00+05:30`);
  if (Number.isNaN(day.getTime())) return isoDay;
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { timeZone: 'Asia/Kolkata', day: 'numeric', month: 'long', year: 'numeric' }).format(day);
}

/** A message in the page's language: English as it came, a message the catalogue knows translated, any other as it came. */
export function serverText(text: string, locale: Locale, t: ConsentTranslate): string {
  if (locale === 'en') return text;
  const own = SERVICE_MESSAGE_KEYS.find((key) => consentMessages.format('en', key) === text);
  if (own) return t(own);
  const keyed = messageKeyOf(text) ?? registrationErrorKeyOf(text);
  if (!keyed || !isShown(keyed.key)) return text;
  const values = { ...keyed.values };
  if (typeof values['date'] === 'string') values['date'] = dayIn(locale, values['date']);
  return t(keyed.key, values);
}

/** `serverText` in the page's language, for messages a component keeps in English in its state. */
export function useServerText(): <T extends string | undefined | null>(text: T) => T {
  const locale = useLocale();
  const t = useConsentMessages();
  return useCallback(<T extends string | undefined | null>(text: T): T => (typeof text === 'string' ? (serverText(text, locale, t) as T) : text), [locale, t]);
}
