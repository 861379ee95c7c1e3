import { z } from 'zod';
import { plural } from './plural.util';
import { VALIDATION_MESSAGES, chooseMessage, requiredMessage } from './validation.messages';

/** Longest free text accepted in one field; protects the services from oversized input. */
export const MAX_TEXT_LENGTH = 200;
export const MAX_LONG_TEXT_LENGTH = 1000;

const isMissing = (input: unknown): boolean => input === undefined || input === null;

/** A required, trimmed string: '<Label> is required' when absent or blank. */
export function requiredText(label: string, maxLength = MAX_TEXT_LENGTH) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? requiredMessage(label) : `${label} must be text`) })
    .trim()
    .min(1, { error: requiredMessage(label) })
    .max(maxLength, { error: `${label} must be at most ${maxLength} characters` });
}

/** Exactly `count` digits after trimming; one message for every failure. */
export function exactDigits(count: number, message: string) {
  const pattern = new RegExp(`^\\d{${count}}$`);
  return z.string({ error: message }).trim().regex(pattern, { error: message });
}

/** A required choice from `values`: 'Please select a <label>' otherwise. */
export function requiredChoice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

/** A choice whose message is phrased from its label. */
export function choiceOf<const T extends readonly [string, ...string[]]>(values: T, label: string) {
  return requiredChoice(values, chooseMessage(label));
}

/** A registration code (upper-cased, trimmed) matching `pattern`. */
export function codeField(label: string, pattern: RegExp, formatMessage: string) {
  return z
    .string({ error: (issue) => (isMissing(issue.input) ? requiredMessage(label) : formatMessage) })
    .trim()
    .toUpperCase()
    .min(1, { error: requiredMessage(label), abort: true })
    .regex(pattern, { error: formatMessage });
}

/** Multipart sends booleans as 'true' / 'false'; JSON sends real booleans. */
export function booleanField(message: string) {
  return z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : value),
    z.boolean({ error: message }),
  );
}

/** Multipart and form inputs send numbers as strings; blank counts as absent. */
export function toNumberInput(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  if (trimmed === '') return undefined;
  return /^[+-]?(\d+\.?\d*|\.\d+)$/.test(trimmed) ? Number(trimmed) : value;
}

/**
 * An email address: zod's address syntax, at most 254 characters, and the lengths of RFC 5321 and
 * RFC 1035 that zod does not check (a local part of at most 64 characters, domain labels of at most 63).
 */
export function emailAddress() {
  return z
    .email({ error: VALIDATION_MESSAGES.email })
    .max(254, { error: VALIDATION_MESSAGES.email })
    .refine(withinAddressLengths, { error: VALIDATION_MESSAGES.email });
}

function withinAddressLengths(address: string): boolean {
  const at = address.lastIndexOf('@');
  return at <= 64 && address.slice(at + 1).split('.').every((label) => label.length <= 63);
}

/** Optional email: blank means absent, anything else must look like an address. */
export function optionalEmail() {
  return z.preprocess(
    (value) => {
      if (typeof value !== 'string') return value;
      const trimmed = value.trim();
      return trimmed === '' ? undefined : trimmed;
    },
    emailAddress().optional(),
  );
}

/** A nested group of fields that rejects unexpected keys and non-objects. */
export function strictGroup<const S extends z.ZodRawShape>(label: string, shape: S) {
  return z.strictObject(shape, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Unexpected ${plural(issue.keys.length, 'field')}: ${issue.keys.join(', ')}`
        : requiredMessage(label),
  });
}
