import { NetworkError } from './api-errors';
import {
  CORRECT_ERRORS_HEADLINE,
  MISSING_FIELDS_MESSAGE,
  REGISTRATION_FAILURE_TITLES,
  UNEXPECTED_ERROR_MESSAGE,
  type RegistrationKind,
} from './registration-error.mapper';

/**
 * The registration service's own answers the forms show as they are (spec section 8): an unknown
 * or inactive code, a school registered twice, the rate limit, the documents store. English, as
 * the service sends them; the key lets a page show them in its own language.
 */
export const REGISTRATION_SERVER_MESSAGES = {
  schoolCodeNotFound: 'School Code not found',
  mentorCodeNotFound: 'Mentor Code not found',
  mentorCodeInactive: 'Mentor Code is not active',
  udiseAlreadyRegistered: 'A school with this UDISE code is already registered',
  documentsNotStored: 'Your photo and signature could not be saved. Please try again.',
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  internalError: 'Internal server error',
  bodyTooLarge: 'Request body too large',
} as const;

export const NETWORK_ERROR_MESSAGE = new NetworkError().message;

export interface KeyedErrorText {
  key: string;
  values?: Record<string, string | number>;
}

const FIXED: Record<string, string> = {
  'error.network': NETWORK_ERROR_MESSAGE,
  'error.unexpected': UNEXPECTED_ERROR_MESSAGE,
  'error.missingFields': MISSING_FIELDS_MESSAGE,
  'error.correctErrors': CORRECT_ERRORS_HEADLINE,
  ...Object.fromEntries(Object.entries(REGISTRATION_FAILURE_TITLES).map(([kind, title]) => [`error.title.${kind}`, title])),
  ...Object.fromEntries(Object.entries(REGISTRATION_SERVER_MESSAGES).map(([name, text]) => [`error.${name}`, text])),
};

const KEY_BY_TEXT = new Map(Object.entries(FIXED).map(([key, text]) => [text, key]));

const KINDS: readonly RegistrationKind[] = ['school', 'mentor', 'candidate'];

/** Texts built from parts: the pattern and the names of its captured values. */
const PATTERNS: ReadonlyArray<{ key: string; pattern: RegExp; values: (match: RegExpExecArray) => Record<string, string | number> | undefined }> = [
  { key: 'error.httpStatus', pattern: /^HTTP error! Status: (\d{3})$/, values: (m) => ({ status: m[1] }) },
  { key: 'error.malformedJson', pattern: /^The server sent malformed JSON \(status (\d{3})\)$/, values: (m) => ({ status: m[1] }) },
  {
    key: 'error.noCode',
    pattern: /^The server did not return a (\w+) code$/,
    values: (m) => ((KINDS as readonly string[]).includes(m[1]) ? { kind: m[1] } : undefined),
  },
  { key: 'error.deadlinePassed', pattern: /^Registration deadline \((.+)\) has passed$/, values: (m) => ({ deadline: m[1] }) },
];

/**
 * The key of a text of the registration error catalogue (spec section 8: the failure titles, the
 * network failure, the unexpected error, the headlines, the service's answers the forms show), or
 * undefined. The validation messages of the contracts have their keys from `messageKeyOf`.
 */
export function registrationErrorKeyOf(text: string): KeyedErrorText | undefined {
  const key = KEY_BY_TEXT.get(text);
  if (key) return { key };
  for (const { key: patternKey, pattern, values } of PATTERNS) {
    const match = pattern.exec(text);
    const found = match ? values(match) : undefined;
    if (found) return { key: patternKey, values: found };
  }
  return undefined;
}

/** Every key `registrationErrorKeyOf` gives, for the catalogues' tests. */
export const REGISTRATION_ERROR_KEYS: readonly string[] = [...Object.keys(FIXED), ...PATTERNS.map(({ key }) => key)];
