/**
 * One stable key for every English message the contracts produce, so a browser (or any client of
 * the API) shows the message in its own language: `messageKeyOf(text)` gives the key and, for a
 * message built from parts, the values (a field's label as a key of its own, a number, a date).
 * The English texts stay the spec's; the keys are the message catalogues' keys. No zod here:
 * `@kbe/contracts/zod-free` exports it.
 */
import { CONSENT_MESSAGES, resendTooSoonMessage, tooManySendsMessage, wrongOtpMessage } from './consent.contract';
import { CONTACT_MESSAGES } from './contact.messages';
import { DATA_RIGHTS_MESSAGES, requestRecordedMessage } from './data-rights.contract';
import { DOCUMENT_NOT_VERIFIED, DOWNLOAD_MESSAGES, downloadedMessage } from './documents.contract';
import { MAX_IMAGE_FILE_LABEL } from './image-file.rules';
import { plural } from './plural.util';
import { CANDIDATE_MESSAGES, FIELD_LABELS, VALIDATION_MESSAGES, chooseMessage, requiredMessage } from './validation.messages';

/** The parts of a message built from parts: a label's key (`field.schoolName`), a count, an ISO date. */
export type MessageKeyValues = Record<string, string | number>;

export interface KeyedMessage {
  key: string;
  values?: MessageKeyValues;
}

type MessageTree = { readonly [name: string]: string | MessageTree };

/** The messages with a fixed text, by key prefix. */
const FIXED_MESSAGES: Record<string, MessageTree> = {
  validation: VALIDATION_MESSAGES,
  candidate: CANDIDATE_MESSAGES,
  contact: CONTACT_MESSAGES,
  consent: CONSENT_MESSAGES,
  dataRights: DATA_RIGHTS_MESSAGES,
  download: { ...DOWNLOAD_MESSAGES, notVerified: DOCUMENT_NOT_VERIFIED },
  field: FIELD_LABELS,
};

function flatten(prefix: string, tree: MessageTree, into: Map<string, string>): Map<string, string> {
  for (const [name, value] of Object.entries(tree)) {
    const key = `${prefix}.${name}`;
    if (typeof value === 'string') into.set(key, value);
    else flatten(key, value, into);
  }
  return into;
}

const textByKey = new Map<string, string>();
for (const [prefix, tree] of Object.entries(FIXED_MESSAGES)) flatten(prefix, tree, textByKey);
const keyByText = new Map<string, string>();
for (const [key, text] of textByKey) if (!keyByText.has(text)) keyByText.set(text, key);

/** The key of a field's label (`'School name'` -> `'field.schoolName'`), or undefined. */
export function labelKeyOf(label: string): string | undefined {
  const key = keyByText.get(label);
  return key?.startsWith('field.') ? key : undefined;
}

const labelOf = (key: string | number | undefined): string | undefined =>
  typeof key === 'string' && key.startsWith('field.') ? textByKey.get(key) : undefined;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** '28 November 2026' (as the contracts write days, en-IN) -> '2026-11-28'. */
function isoDayOf(day: string): string | undefined {
  const match = /^(\d{1,2}) ([A-Z][a-z]+) (\d{4})$/.exec(day);
  const month = match ? MONTHS.indexOf(match[2]) : -1;
  if (!match || month < 0) return undefined;
  return `${match[3]}-${String(month + 1).padStart(2, '0')}-${match[1].padStart(2, '0')}`;
}

/** Noon in India on an ISO day, so the contracts' en-IN day in Asia/Kolkata is that day. */
const dateOfIsoDay = (day: string | number | undefined): Date | undefined =>
  typeof day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(day) ? new Date(`${day}T12:00:00+05:30`) : undefined;

const wholeNumber = (text: string): number | undefined => (/^\d+$/.test(text) ? Number(text) : undefined);

/**
 * A message built from parts: `parse` finds the values in an English text (undefined when the
 * text is not of this family), `text` writes the English text of values with the contracts' own
 * functions, so a key and its values always give back the text they came from.
 */
interface MessageFamily {
  key: string;
  /** The names of the values, for documentation and catalogues. */
  values: readonly string[];
  parse(text: string): MessageKeyValues | undefined;
  text(values: MessageKeyValues): string | undefined;
}

/** A family whose one dynamic part is a field's label. */
function labelled(key: string, pattern: RegExp, write: (label: string) => string): MessageFamily {
  return {
    key,
    values: ['field'],
    parse(text) {
      const match = pattern.exec(text);
      const field = match ? labelKeyOf(match[1]) : undefined;
      return field ? { field } : undefined;
    },
    text: ({ field }) => {
      const label = labelOf(field);
      return label === undefined ? undefined : write(label);
    },
  };
}

/** A family whose one dynamic part is a whole number, `name`. */
function counted(key: string, name: string, pattern: RegExp, write: (count: number) => string): MessageFamily {
  return {
    key,
    values: [name],
    parse(text) {
      const match = pattern.exec(text);
      const count = match ? wholeNumber(match[1]) : undefined;
      return count === undefined ? undefined : { [name]: count };
    },
    text: (values) => (typeof values[name] === 'number' ? write(values[name] as number) : undefined),
  };
}

/** A family whose one dynamic part is a day (`date`, ISO). */
function dated(key: string, pattern: RegExp, write: (date: Date) => string): MessageFamily {
  return {
    key,
    values: ['date'],
    parse(text) {
      const match = pattern.exec(text);
      const date = match ? isoDayOf(match[1]) : undefined;
      return date ? { date } : undefined;
    },
    text: ({ date }) => {
      const day = dateOfIsoDay(date);
      return day ? write(day) : undefined;
    },
  };
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The texts of `field.rules.ts`, `contact.schema.ts` and `download-request.schema.ts` built from parts. */
const MESSAGE_FAMILIES: readonly MessageFamily[] = [
  labelled('validation.required', /^(.+) is required$/, requiredMessage),
  labelled('validation.choose', /^Please select an? (.+)$/, chooseMessage),
  labelled('validation.notText', /^(.+) must be text$/, (label) => `${label} must be text`),
  {
    key: 'validation.tooLong',
    values: ['field', 'max'],
    parse(text) {
      const match = /^(.+) must be at most (\d+) characters$/.exec(text);
      const field = match ? labelKeyOf(match[1]) : undefined;
      return match && field ? { field, max: Number(match[2]) } : undefined;
    },
    text: ({ field, max }) => {
      const label = labelOf(field);
      return label === undefined || typeof max !== 'number' ? undefined : `${label} must be at most ${max} characters`;
    },
  },
  {
    key: 'validation.unexpectedFields',
    values: ['count', 'fields'],
    parse(text) {
      const match = /^Unexpected fields?: (.+)$/.exec(text);
      if (!match) return undefined;
      const count = match[1].split(', ').length;
      return text === unexpectedFields(count, match[1]) ? { count, fields: match[1] } : undefined;
    },
    text: ({ count, fields }) => (typeof count === 'number' && typeof fields === 'string' ? unexpectedFields(count, fields) : undefined),
  },
  counted('validation.workExperienceMax', 'max', /^Work experience cannot be more than (\d+) years$/, (max) => `Work experience cannot be more than ${max} years`),
  labelled('image.type', /^(.+) must be a JPEG, PNG, WebP or GIF image$/, (label) => `${label} must be a JPEG, PNG, WebP or GIF image`),
  labelled('image.empty', /^(.+) file is empty$/, (label) => `${label} file is empty`),
  labelled('image.tooLarge', new RegExp(`^(.+) must be smaller than ${escape(MAX_IMAGE_FILE_LABEL)}$`), (label) => `${label} must be smaller than ${MAX_IMAGE_FILE_LABEL}`),
  counted('contact.tooLong', 'max', /^At most (\d+) characters$/, (max) => `At most ${max} characters`),
  counted('download.motherNameTooLong', 'max', /^Mother's name must be at most (\d+) characters$/, (max) => `Mother's name must be at most ${max} characters`),
  {
    key: 'download.downloaded',
    values: ['document'],
    parse(text) {
      if (text === downloadedMessage('hall-ticket')) return { document: 'hallTicket' };
      if (text === downloadedMessage('certificate')) return { document: 'certificate' };
      return undefined;
    },
    text: ({ document }) =>
      document === 'hallTicket' ? downloadedMessage('hall-ticket') : document === 'certificate' ? downloadedMessage('certificate') : undefined,
  },
  {
    key: 'consent.wrongOtpNoTriesLeft',
    values: [],
    parse: (text) => (text === wrongOtpMessage(0) ? {} : undefined),
    text: () => wrongOtpMessage(0),
  },
  counted('consent.wrongOtpTriesLeft', 'tries', new RegExp(`^${escape(CONSENT_MESSAGES.wrongOtp)} (\\d+) tr(?:y|ies) left\\.$`), (tries) =>
    tries > 0 ? wrongOtpMessage(tries) : `${CONSENT_MESSAGES.wrongOtp} 0 tries left.`,
  ),
  counted('consent.resendWait', 'seconds', new RegExp(`^${escape(CONSENT_MESSAGES.resendTooSoon)} Please wait (\\d+) seconds? before asking for another one\\.$`), resendTooSoonMessage),
  dated('consent.tooManySendsRetry', new RegExp(`^${escape(CONSENT_MESSAGES.tooManySends)} Please try again after midnight \\(India time\\), on (.+)\\.$`), tooManySendsMessage),
  dated('dataRights.requestRecordedBy', new RegExp(`^${escape(DATA_RIGHTS_MESSAGES.requestRecorded)} The organisers will answer by (.+)\\.$`), requestRecordedMessage),
];

function unexpectedFields(count: number, fields: string): string {
  return `Unexpected ${plural(count, 'field')}: ${fields}`;
}

const familyByKey = new Map(MESSAGE_FAMILIES.map((family) => [family.key, family]));

/** Every key: the fixed messages, the labels (`field.*`) and the messages built from parts. */
export const MESSAGE_KEYS: readonly string[] = [...textByKey.keys(), ...familyByKey.keys()];

/** The names of the values a key's message takes (`validation.required` -> `['field']`); none for a fixed message. */
export function messageKeyValueNames(key: string): readonly string[] {
  return familyByKey.get(key)?.values ?? [];
}

/**
 * The key (and values) of an English message of the contracts, or undefined for a text they do not
 * produce. A label inside a message is a key too: `'School name is required'` ->
 * `{ key: 'validation.required', values: { field: 'field.schoolName' } }`.
 */
export function messageKeyOf(text: string): KeyedMessage | undefined {
  const key = keyByText.get(text);
  if (key !== undefined) return { key };
  for (const family of MESSAGE_FAMILIES) {
    const values = family.parse(text);
    if (values === undefined) continue;
    return Object.keys(values).length > 0 ? { key: family.key, values } : { key: family.key };
  }
  return undefined;
}

/** The English text of a key and its values (the inverse of `messageKeyOf`), or undefined. */
export function englishMessageOf({ key, values = {} }: KeyedMessage): string | undefined {
  return textByKey.get(key) ?? familyByKey.get(key)?.text(values);
}
