import { HttpError, NetworkError } from './api-errors';

export type RegistrationKind = 'school' | 'mentor' | 'candidate';

/** What the registration page shows in its red alert and destructive toast. */
export interface UserFacingError {
  title: string;
  /** Headline sentence. */
  message: string;
  /** Bullet items shown under the headline (empty when there are none). */
  details: string[];
}

export const REGISTRATION_FAILURE_TITLES: Record<RegistrationKind, string> = {
  school: 'School Registration Failed',
  mentor: 'Mentor Registration Failed',
  candidate: 'Candidate Registration Failed',
};

export const REGISTRATION_SUCCESS_TITLE = 'Success!';
export const REGISTRATION_SUCCESS_MESSAGES: Record<RegistrationKind, string> = {
  school: 'School registration completed successfully',
  mentor: 'Mentor registration completed successfully',
  candidate: 'Candidate registration completed successfully',
};

export const MISSING_FIELDS_MESSAGE = 'Some required fields are missing or invalid.';
export const CORRECT_ERRORS_HEADLINE = 'Please correct the following errors:';
export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred. Please try again.';

/** 'personalDetails.fullName' -> 'Personal Details → Full Name'. */
export function prettifyFieldPath(path: string): string {
  return path
    .split('.')
    .filter((segment) => segment !== '')
    .map((segment) =>
      segment
        .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
        .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
        .replace(/[_-]+/g, ' ')
        .replace(/^./, (c) => c.toUpperCase()),
    )
    .join(' → ');
}

/** Upper-cases the first letter of the text and of every sentence in it. */
export function capitaliseSentences(text: string): string {
  return text.replace(/(^\s*|[.!?]\s+)([a-z])/g, (_m, lead: string, letter: string) => lead + letter.toUpperCase());
}

/** schoolCode / SchoolCode -> 'School Code', mentorCode -> 'Mentor Code'. */
export function prettifyCodeNames(text: string): string {
  return text.replace(/\bschoolCode\b/gi, 'School Code').replace(/\bmentorCode\b/gi, 'Mentor Code');
}

const REQUIRED_PATH = /Path `([^`]+)` is required\.?/g;

function prettifySentence(text: string): string {
  const withFields = text.replace(REQUIRED_PATH, (_m, path: string) => `Field '${path}' is required.`);
  return capitaliseSentences(prettifyCodeNames(withFields)).trim();
}

/** Splits 'X validation failed: a.b: msg, c: msg' into its items. */
function validationFailureItems(text: string): string[] {
  const at = text.search(/validation failed/i);
  const colon = text.indexOf(':', at);
  if (colon < 0) return [];
  const body = text.slice(colon + 1).trim();
  if (body === '') return [];
  return body
    .split(/,\s*(?=[\w.[\]]+:\s)/)
    .map((item) => item.trim())
    .filter((item) => item !== '')
    .map((item) => {
      const match = /^([\w.[\]]+):\s*(.*)$/s.exec(item);
      if (!match) return prettifySentence(item);
      const [, path = '', message = ''] = match;
      const field = prettifyFieldPath(path);
      if (/^Path `[^`]+` is required\.?$/.test(message.trim())) return `${field} is required.`;
      return `${field}: ${prettifySentence(message.replace(/Path `([^`]+)`/g, (_m, p: string) => prettifyFieldPath(p)))}`;
    });
}

/**
 * Spec section 8: turns a raw server message into what a person can act on.
 * - containing 'ValidationError' -> 'Some required fields are missing or invalid.'
 * - containing 'validation failed' -> a bulleted list under 'Please correct the following errors:'
 * - 'Path `x` is required.' -> "Field 'x' is required."; schoolCode/mentorCode prettified;
 *   sentences re-capitalised
 * - nothing usable -> 'An unexpected error occurred. Please try again.'
 */
export function friendlyRegistrationMessage(raw: string | null | undefined): Omit<UserFacingError, 'title'> {
  const text = (raw ?? '').trim();
  if (text === '') return { message: UNEXPECTED_ERROR_MESSAGE, details: [] };
  if (text.includes('ValidationError')) return { message: MISSING_FIELDS_MESSAGE, details: [] };
  if (/validation failed/i.test(text)) {
    const details = validationFailureItems(text);
    if (details.length > 0) return { message: CORRECT_ERRORS_HEADLINE, details };
  }
  return { message: prettifySentence(text), details: [] };
}

interface FieldErrorLike {
  field?: unknown;
  message?: unknown;
}

function fieldErrorsOf(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const errors = (body as { errors?: unknown }).errors;
  if (!Array.isArray(errors)) return [];
  return errors
    .filter((e): e is FieldErrorLike => typeof e === 'object' && e !== null)
    .map((e) => {
      const message = typeof e.message === 'string' ? e.message : '';
      const field = typeof e.field === 'string' ? e.field : '';
      if (message === '') return '';
      return field ? `${prettifyFieldPath(field)}: ${prettifySentence(message)}` : prettifySentence(message);
    })
    .filter((item) => item !== '');
}

/** Maps anything a registration call threw into the alert and toast the page shows. */
export function mapRegistrationError(kind: RegistrationKind, error: unknown): UserFacingError {
  const title = REGISTRATION_FAILURE_TITLES[kind];
  if (error instanceof NetworkError) return { title, message: error.message, details: [] };
  if (error instanceof HttpError) {
    const details = fieldErrorsOf(error.body);
    if (details.length > 0) return { title, message: CORRECT_ERRORS_HEADLINE, details };
    return { title, ...friendlyRegistrationMessage(error.message) };
  }
  if (error instanceof Error) return { title, ...friendlyRegistrationMessage(error.message) };
  if (typeof error === 'string') return { title, ...friendlyRegistrationMessage(error) };
  return { title, message: UNEXPECTED_ERROR_MESSAGE, details: [] };
}

/** The error as one text: headline, then one '• item' per line. */
export function formatUserFacingError(error: Omit<UserFacingError, 'title'>): string {
  return [error.message, ...error.details.map((item) => `• ${item}`)].join('\n');
}
