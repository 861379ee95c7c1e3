import { HttpError } from '@kbe/api-client';
import { DOWNLOAD_MESSAGES, notReleasedMessage, type DocumentKind } from '@kbe/contracts/zod-free';

export interface ToastText {
  title: string;
  description: string;
}

const serverMessage = (error: HttpError): string | undefined => {
  const body = error.body as { message?: unknown } | null;
  return typeof body?.message === 'string' && body.message.trim() !== '' ? body.message : undefined;
};

/** Spec section 8: 'Search Failed' with the server message, else 'Candidate not found', else 'Failed to find candidate'. */
export function searchFailure(error: unknown): ToastText {
  const { title, notFound, other } = DOWNLOAD_MESSAGES.searchFailed;
  if (error instanceof HttpError) {
    if (error.status === 429) return { title: 'Too Many Searches', description: serverMessage(error) ?? 'Please wait a moment and try again.' };
    return { title, description: serverMessage(error) ?? notFound };
  }
  return { title, description: other };
}

/** The toast for a failed download, by the server's answer (the browser never compares the name). */
export function downloadFailure(error: unknown, kind: DocumentKind): ToastText {
  if (error instanceof HttpError) {
    if (error.status === 403) {
      const { title, text } = DOWNLOAD_MESSAGES.verificationFailed;
      return { title, description: text };
    }
    if (error.status === 409) {
      const { title, text } = notReleasedMessage(kind);
      return { title, description: text };
    }
    if (error.status === 429) {
      return {
        title: 'Too Many Attempts',
        description: serverMessage(error) ?? 'Too many failed attempts. Please try again later.',
      };
    }
    return { title: DOWNLOAD_MESSAGES.downloadFailed.title, description: serverMessage(error) ?? DOWNLOAD_MESSAGES.downloadFailed.text };
  }
  const message = error instanceof Error && error.message.trim() !== '' ? error.message : DOWNLOAD_MESSAGES.downloadFailed.text;
  return { title: DOWNLOAD_MESSAGES.downloadFailed.title, description: message };
}
