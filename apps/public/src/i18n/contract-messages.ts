import { CONTACT_GRADE_LEVELS, messageKeyOf } from '@kbe/contracts/zod-free';
import type { Translate } from '@kbe/ui';
import type { PublicMessageKey } from './public.messages';

/**
 * The contracts' messages this remote shows (the contact form's rules and toasts, from
 * contact.messages.ts and contact.schema.ts): their keys (`messageKeyOf`) are this catalogue's keys.
 */
export const CONTRACT_MESSAGE_KEYS = [
  'contact.firstName',
  'contact.lastName',
  'contact.gradeLevel',
  'contact.message',
  'contact.sentTitle',
  'contact.sentText',
  'validation.email',
] as const satisfies readonly PublicMessageKey[];

const isShown = (key: string | undefined): key is (typeof CONTRACT_MESSAGE_KEYS)[number] => (CONTRACT_MESSAGE_KEYS as readonly string[]).includes(key ?? '');

/** An English message of the contracts (a rule's message, the service's answer) in the page's language; a text it does not know as it is. */
export function contractMessage(t: Translate<PublicMessageKey>, text: string): string {
  const keyed = messageKeyOf(text);
  return keyed && isShown(keyed.key) ? t(keyed.key, keyed.values) : text;
}

/** The label of each grade-level choice (its value, sent to the service, stays the English text). */
export const GRADE_LEVEL_KEYS: Record<(typeof CONTACT_GRADE_LEVELS)[number], PublicMessageKey> = {
  'Grade I (Classes V-VII)': 'contactForm.grade.gradeI',
  'Grade II (Classes VIII-X)': 'contactForm.grade.gradeII',
  'Grade III (Classes XI-XII+)': 'contactForm.grade.gradeIII',
  'Parent/Guardian': 'contactForm.grade.parent',
  Teacher: 'contactForm.grade.teacher',
  Other: 'contactForm.grade.other',
};
