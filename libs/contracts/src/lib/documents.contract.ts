import type { DocumentKind } from './api-paths';
import type { CertificateKind } from './results.rules';

/** Spec section 8: the toasts of the download flow (title and text). */
export const DOWNLOAD_MESSAGES = {
  validationError: { title: 'Validation Error', text: 'Please enter your candidate registration number' },
  searchFailed: { title: 'Search Failed', notFound: 'Candidate not found', other: 'Failed to find candidate' },
  verificationRequired: { title: 'Verification Required', text: "Please enter your mother's name for verification" },
  verificationFailed: {
    title: 'Verification Failed',
    text: "Mother's name does not match our records. Please check and try again.",
  },
  hallTicketNotAvailable: {
    title: 'Hall Ticket Not Available',
    text: 'Your hall ticket has not been released yet. Please check back later.',
  },
  certificateNotAvailable: {
    title: 'Certificate Not Available',
    text: 'Your certificate has not been released yet. Please check back later.',
  },
  downloadSuccessful: { title: 'Download Successful' },
  downloadFailed: { title: 'Download Failed', text: 'Failed to download document' },
} as const;

/** The 409 text of a document that is not released yet. */
export function notReleasedMessage(kind: DocumentKind): { title: string; text: string } {
  return kind === 'hall-ticket' ? DOWNLOAD_MESSAGES.hallTicketNotAvailable : DOWNLOAD_MESSAGES.certificateNotAvailable;
}

/** 'Your hall ticket has been downloaded successfully.' */
export function downloadedMessage(kind: DocumentKind): string {
  return `Your ${documentLabel(kind).toLowerCase()} has been downloaded successfully.`;
}

export function documentLabel(kind: DocumentKind): 'Hall Ticket' | 'Certificate' {
  return kind === 'hall-ticket' ? 'Hall Ticket' : 'Certificate';
}

/** Spec section 7: `{candidateCode}_hallticket.pdf` / `{candidateCode}_certificate.pdf`. */
export function documentFileName(candidateCode: string, kind: DocumentKind): string {
  return `${candidateCode}_${kind === 'hall-ticket' ? 'hallticket' : 'certificate'}.pdf`;
}

/**
 * The mother's name as the server compares it: trimmed, Unicode NFC, inner whitespace
 * collapsed to one space, case ignored (locale-independent lower case).
 */
export function normaliseMotherName(value: string): string {
  return value.normalize('NFC').trim().replace(/\s+/gu, ' ').toLowerCase();
}

export const MOTHER_NAME_MAX_LENGTH = 100;

/**
 * What a certificate of a published result vouches for (its QR token carries it): the kind, the
 * level, the rank of a merit certificate and the year (the edition). Certificates issued before
 * results, and hall tickets, have none.
 */
export interface CertifiedAward {
  kind: CertificateKind;
  level: 'Mains' | 'Advanced' | 'Super Advanced';
  /** The rank in the category (merit certificates only). */
  rank: number | null;
  year: number;
}

/** `GET /api/documents/verify/{token}`: valid documents name the candidate, invalid ones nothing. */
export type DocumentVerification =
  | { valid: true; candidateCode: string; name: string; type: DocumentKind; edition: number; award?: CertifiedAward }
  | { valid: false; message: string };

export const DOCUMENT_NOT_VERIFIED = 'This document could not be verified. It may have been altered or withdrawn.';

/** The public page a document's QR code opens (query `verify`). */
export const DOCUMENT_VERIFY_PAGE = '/einstein-quest/downloads';
export const DOCUMENT_VERIFY_QUERY = 'verify';
