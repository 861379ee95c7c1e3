import { createElement, useCallback, useMemo, type ReactNode } from 'react';
import { defineCatalogue, INTL_LOCALE, type Locale, type MessageValues } from '@kbe/i18n';
import { useLocale, useLocalized, useMessages, type Translate } from '@kbe/ui';
import { messageKeyOf } from '@kbe/contracts/zod-free';
import { registrationErrorKeyOf, type RegistrationKind, type UserFacingError } from '@kbe/api-client';

import en from './en.messages.json';

/**
 * Every word of the registration page in English, Marathi and Hindi (ICU messages). English is
 * bundled; a Marathi or Hindi page loads its own language only (the `locale-<locale>-registration`
 * chunk, which the edge hints on first paint: server/render-entry.ts). The keys of the validation
 * messages are the contracts' (`messageKeyOf`), those of the error catalogue the API client's
 * (`registrationErrorKeyOf`), so the browser and the server name each message alike.
 */
export const registrationMessages = defineCatalogue(en, {
  mr: () => import(/* webpackChunkName: "locale-mr-registration" */ './mr.messages.json'),
  hi: () => import(/* webpackChunkName: "locale-hi-registration" */ './hi.messages.json'),
});

export type RegistrationMessageKey = keyof typeof en;

/** Renders its children once the page's language's messages are in (the page waits in this one place). */
export function RegistrationMessagesReady({ children }: { children: ReactNode }): ReactNode {
  useLocalized(registrationMessages);
  return children;
}
export type RegistrationTranslate = Translate<RegistrationMessageKey>;

const isKey = (key: string): key is RegistrationMessageKey => key in en;

/** The choices of the forms, by the value they send: the label shown is translated, the value is not. */
export const CHOICE_KEYS: Record<string, RegistrationMessageKey> = {
  Primary: 'choice.schoolType.primary',
  Secondary: 'choice.schoolType.secondary',
  'Higher Secondary': 'choice.schoolType.higherSecondary',
  Male: 'choice.gender.male',
  Female: 'choice.gender.female',
  Urban: 'choice.region.urban',
  Rural: 'choice.region.rural',
  '5th': 'choice.standard.5th',
  '6th': 'choice.standard.6th',
  '7th': 'choice.standard.7th',
  '8th': 'choice.standard.8th',
  '9th': 'choice.standard.9th',
  '10th': 'choice.standard.10th',
  '11th': 'choice.standard.11th',
  '12th': 'choice.standard.12th',
  Marathi: 'choice.medium.marathi',
  'Semi-English': 'choice.medium.semiEnglish',
  English: 'choice.medium.english',
  'Maharashtra State Board': 'choice.board.maharashtraStateBoard',
  CBSE: 'choice.board.cbse',
  Prime: 'choice.kbeCategory.prime',
  Sec: 'choice.kbeCategory.sec',
  High: 'choice.kbeCategory.high',
  Mother: 'choice.guardianRelation.mother',
  Father: 'choice.guardianRelation.father',
  Guardian: 'choice.guardianRelation.guardian',
};

/** 'Other' is a choice of several lists; each has its own key, the same words in each language. */
const OTHER_CHOICE_KEYS: Record<string, RegistrationMessageKey> = {
  gender: 'choice.gender.other',
  medium: 'choice.medium.other',
  board: 'choice.board.other',
};

/** The label of a choice in the page's language (its value as it is when unknown). */
export function choiceLabel(t: RegistrationTranslate, list: keyof typeof OTHER_CHOICE_KEYS | string, value: string): string {
  const key = value === 'Other' ? OTHER_CHOICE_KEYS[list] : CHOICE_KEYS[value];
  return key ? t(key) : value;
}

/**
 * An English message of the contracts or of the error catalogue in the page's language: its key
 * and values, a field's label among them translated too. English, and a text no catalogue knows
 * (a server's own words), stay as they are.
 */
export function translateText(t: RegistrationTranslate, locale: Locale, text: string, overrides: MessageValues = {}): string {
  if (locale === 'en') return text;
  const keyed = messageKeyOf(text) ?? registrationErrorKeyOf(text);
  if (!keyed || !isKey(keyed.key)) return translateDetail(t, locale, text);
  const values: MessageValues = {};
  for (const [name, value] of Object.entries(keyed.values ?? {})) {
    values[name] = typeof value === 'string' && value.startsWith('field.') && isKey(value) ? t(value) : value;
  }
  return t(keyed.key, { ...values, ...overrides });
}

/** A detail of the error catalogue ('Personal Details → Full Name: Full name is required'): its message, translated. */
function translateDetail(t: RegistrationTranslate, locale: Locale, text: string): string {
  const match = /^[^:]+: (.+)$/.exec(text);
  if (!match) return text;
  const message = translateText(t, locale, match[1]);
  return message === match[1] ? text : message;
}

/**
 * Messages joined by commas (the candidate form's one alert), each in the page's language. A
 * message may hold commas itself ('Photo must be a JPEG, PNG, WebP or GIF image'): parts are
 * joined until they make a known message; what never does stays as it is.
 */
export function translateList(text: (english: string) => string, joined: string): string {
  if (isTranslated(text, joined)) return text(joined);
  const shown: string[] = [];
  let pending: string[] = [];
  for (const part of joined.split(', ')) {
    pending.push(part);
    const chunk = pending.join(', ');
    if (isTranslated(text, chunk)) {
      shown.push(text(chunk));
      pending = [];
    }
  }
  return [...shown, ...pending].join(', ');
}

const isTranslated = (text: (english: string) => string, english: string): boolean => text(english) !== english;

/** The deadline as the page's language writes a day ('30th October 2025' in English, from the contracts). */
export function deadlineText(locale: Locale, deadline: string, offsetMinutes: number, english: string): string {
  if (locale === 'en') return english;
  const local = new Date(Date.parse(deadline) + offsetMinutes * 60_000);
  return new Intl.DateTimeFormat(INTL_LOCALE[locale], { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(local);
}

export interface RegistrationMessages {
  t: RegistrationTranslate;
  locale: Locale;
  /** An English message of the contracts or of the error catalogue, in the page's language. */
  text: (english: string, overrides?: MessageValues) => string;
  /** A failure as the alert and the toast show it, in the page's language. */
  failure: (error: UserFacingError) => UserFacingError;
}

/** The page's messages in the page's language (suspends until a Marathi or Hindi catalogue is loaded). */
export function useRegistrationMessages(): RegistrationMessages {
  const t = useMessages(registrationMessages);
  const locale = useLocale();
  const text = useCallback((english: string, overrides?: MessageValues) => translateText(t, locale, english, overrides), [t, locale]);
  const failure = useCallback(
    (error: UserFacingError): UserFacingError => ({
      title: text(error.title),
      message: translateList(text, error.message),
      details: error.details.map((item) => text(item)),
    }),
    [text],
  );
  return useMemo(() => ({ t, locale, text, failure }), [t, locale, text, failure]);
}

/** 'School registration completed successfully. Your School Code is SCH-7KQ2XM.' in the page's language. */
export function successText(t: RegistrationTranslate, kind: RegistrationKind, code: string): string {
  return t('outcome.successText', { done: t(SUCCESS_KEYS[kind]), label: t(CODE_LABEL_KEYS[kind]), code });
}

export const SUCCESS_KEYS: Record<RegistrationKind, RegistrationMessageKey> = {
  school: 'outcome.success.school',
  mentor: 'outcome.success.mentor',
  candidate: 'outcome.success.candidate',
};

export const CODE_LABEL_KEYS: Record<RegistrationKind, RegistrationMessageKey> = {
  school: 'outcome.codeLabel.school',
  mentor: 'outcome.codeLabel.mentor',
  candidate: 'outcome.codeLabel.candidate',
};

/** The page's `<title>` and meta description in a language that is loaded (English always is). */
export function registrationPageMeta(locale: Locale, brand: string): { title: string; description: string } {
  return {
    title: registrationMessages.format(locale, 'page.title', { brand }),
    description: registrationMessages.format(locale, 'page.description'),
  };
}

/** A toast's description keeps the line breaks of a list of problems. */
export const preLine = (text: string) => createElement('span', { className: 'whitespace-pre-line' }, text);
