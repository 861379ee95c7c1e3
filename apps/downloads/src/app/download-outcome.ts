import { HttpError } from '@kbe/api-client';
import { messageKeyOf, type DocumentKind } from '@kbe/contracts/zod-free';
import type { Locale } from '@kbe/i18n';
import { downloadsMessages, type DownloadsMessageKey, type DownloadsTranslate } from '../i18n/downloads.catalogue';

export interface ToastText {
  title: string;
  description: string;
}

/**
 * The contracts' messages the page shows as the server (or the API client) words them (spec
 * section 8): their keys (`messageKeyOf`) are this catalogue's keys.
 */
export const CONTRACT_MESSAGE_KEYS = [
  'download.searchFailed.notFound',
  'download.searchFailed.other',
  'download.verificationFailed.text',
  'download.hallTicketNotAvailable.text',
  'download.certificateNotAvailable.text',
  'download.downloadFailed.text',
  'download.motherNameTooLong',
  'download.notVerified',
  'dataRights.registrationWithdrawn',
] as const satisfies readonly DownloadsMessageKey[];

const isShown = (key: string | undefined): key is (typeof CONTRACT_MESSAGE_KEYS)[number] => (CONTRACT_MESSAGE_KEYS as readonly string[]).includes(key ?? '');

/** documents-service's own sentences (no contract names them): found by their English, the lock-outs with their wait. */
const SERVICE_MESSAGE_KEYS: readonly DownloadsMessageKey[] = ['server.unavailable', 'server.busy'];
const SERVICE_WAITS: ReadonlyArray<[DownloadsMessageKey, RegExp]> = [
  ['server.locked', /^Too many failed attempts\. Please try again in (\d+) (second|minute)s?\.$/],
  [
    'server.addressLocked',
    /^These details could not be verified, and too many attempts from your network have failed\. Please check the candidate code and your mother's name, or try again in (\d+) (second|minute)s?\.$/,
  ],
];

/** The page's language and its messages. */
export interface OutcomeText {
  locale: Locale;
  t: DownloadsTranslate;
}

/** A message of the server in the page's language: English as it came, a known one translated. */
export function serverText(text: string, { locale, t }: OutcomeText): string {
  if (locale === 'en') return text;
  const keyed = messageKeyOf(text);
  if (keyed && isShown(keyed.key)) return t(keyed.key, keyed.values);
  const own = SERVICE_MESSAGE_KEYS.find((key) => downloadsMessages.format('en', key) === text);
  if (own) return t(own);
  for (const [key, pattern] of SERVICE_WAITS) {
    const match = pattern.exec(text);
    if (match) return t(key, { count: Number(match[1]), unit: match[2] });
  }
  return text;
}

const serverMessage = (error: HttpError, text: OutcomeText): string | undefined => {
  const body = error.body as { message?: unknown } | null;
  return typeof body?.message === 'string' && body.message.trim() !== '' ? serverText(body.message, text) : undefined;
};

/** Spec section 8: 'Search Failed' with the server message, else 'Candidate not found', else 'Failed to find candidate'. */
export function searchFailure(error: unknown, text: OutcomeText): ToastText {
  const { t } = text;
  if (error instanceof HttpError) {
    if (error.status === 429) return { title: t('searchLimit.title'), description: serverMessage(error, text) ?? t('searchLimit.text') };
    return { title: t('download.searchFailed.title'), description: serverMessage(error, text) ?? t('download.searchFailed.notFound') };
  }
  return { title: t('download.searchFailed.title'), description: t('download.searchFailed.other') };
}

/** A 404 of documents-service saying a result is not published, or a certificate was not earned (not a missing candidate). */
const isNotPublished = (error: HttpError): boolean => /^No (result|certificate|\w+ certificate)\b/.test(String((error.body as { message?: unknown } | null)?.message ?? ''));

/** The toast for a result that could not be shown: not published, the wrong name, a lock, or a failure. */
export function resultFailure(error: unknown, text: OutcomeText): ToastText {
  const { t } = text;
  if (error instanceof HttpError) {
    if (error.status === 403) return { title: t('download.verificationFailed.title'), description: t('download.verificationFailed.text') };
    if (error.status === 404 && isNotPublished(error)) return { title: t('result.notAvailable.title'), description: t('result.notPublished') };
    if (error.status === 429) return { title: t('attemptLimit.title'), description: serverMessage(error, text) ?? t('attemptLimit.text') };
    return { title: t('result.notAvailable.title'), description: serverMessage(error, text) ?? t('result.failed') };
  }
  return { title: t('result.notAvailable.title'), description: t('result.failed') };
}

/** The toast for a failed download, by the server's answer (the browser never compares the name). */
export function downloadFailure(error: unknown, kind: DocumentKind, text: OutcomeText): ToastText {
  const { t } = text;
  if (error instanceof HttpError) {
    if (error.status === 403) return { title: t('download.verificationFailed.title'), description: t('download.verificationFailed.text') };
    if (error.status === 409) {
      return kind === 'hall-ticket'
        ? { title: t('download.hallTicketNotAvailable.title'), description: t('download.hallTicketNotAvailable.text') }
        : { title: t('download.certificateNotAvailable.title'), description: t('download.certificateNotAvailable.text') };
    }
    if (error.status === 429) return { title: t('attemptLimit.title'), description: serverMessage(error, text) ?? t('attemptLimit.text') };
    if (error.status === 404 && isNotPublished(error)) return { title: t('download.certificateNotAvailable.title'), description: t('certificate.notEarned') };
    return { title: t('download.downloadFailed.title'), description: serverMessage(error, text) ?? t('download.downloadFailed.text') };
  }
  // the client's own errors (downloads-api.ts) are English sentences: shown in English only
  const message = text.locale === 'en' && error instanceof Error && error.message.trim() !== '' ? error.message : t('download.downloadFailed.text');
  return { title: t('download.downloadFailed.title'), description: message };
}
