import { z } from 'zod';
import {
  MAX_LONG_TEXT_LENGTH,
  booleanField,
  choiceOf,
  codeField,
  exactDigits,
  optionalEmail,
  requiredChoice,
  requiredText,
  strictGroup,
  toNumberInput,
} from './field.rules';
import { CANDIDATE_LANGUAGES } from './language';
import { MENTOR_CODE_PATTERN } from './registration-code.util';
import { BOARDS, GENDERS, GUARDIAN_RELATIONS, KBE_CATEGORIES, MEDIUMS, REGIONS, STANDARDS } from './registration.choices';
import { VALIDATION_MESSAGES, requiredMessage } from './validation.messages';

const DATE_OF_BIRTH_REQUIRED = requiredMessage('Date of birth');

/** A real calendar date written YYYY-MM-DD, from 1900 up to today. */
export function isValidDateOfBirth(value: string, now: Date = new Date()): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const isCalendarDate =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return isCalendarDate && year >= 1900 && date.getTime() <= now.getTime();
}

/**
 * What JSON Schema can say of a date of birth (the OpenAPI documents): YYYY-MM-DD from 1900 up to
 * the end of last year, with days every month has; `isValidDateOfBirth` is the rule itself.
 */
function dateOfBirthPattern(now: Date = new Date()): string {
  const lastYear = now.getUTCFullYear() - 1;
  const years: string[] = [];
  for (let century = 19; century * 100 <= lastYear; century += 1) {
    const top = Math.min(lastYear, century * 100 + 99);
    const decades = Math.floor((top % 100) / 10);
    if (decades > 0) years.push(`${century}[0-${decades - 1}][0-9]`);
    years.push(`${century}${decades}[0-${top % 10}]`);
  }
  const monthDay = '(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])|(0[13-9]|1[0-2])-(29|30)|(0[13578]|1[02])-31';
  return `^(${years.join('|')})-(${monthDay})$`;
}

const dateOfBirth = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? DATE_OF_BIRTH_REQUIRED : VALIDATION_MESSAGES.dateOfBirth,
  })
  .trim()
  .min(1, { error: DATE_OF_BIRTH_REQUIRED, abort: true })
  .refine((value) => isValidDateOfBirth(value), { error: VALIDATION_MESSAGES.dateOfBirth })
  .meta({ format: 'date', pattern: dateOfBirthPattern(), description: 'YYYY-MM-DD, a real date from 1900 up to today (the pattern stops at the end of last year).' });

const phoneNumber = z
  .string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? requiredMessage('Phone number') : VALIDATION_MESSAGES.phone,
  })
  .trim()
  .min(1, { error: requiredMessage('Phone number'), abort: true })
  .regex(/^\d{10}$/, { error: VALIDATION_MESSAGES.phone });

/** The guardian's mobile: blank means "the contact number" (the form fills it in from there). */
const guardianPhoneNumber = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  z
    .string({ error: VALIDATION_MESSAGES.guardianPhone })
    .trim()
    .regex(/^\d{10}$/, { error: VALIDATION_MESSAGES.guardianPhone })
    .optional(),
);

/**
 * The parent or lawful guardian who consents for the candidate (every candidate is a minor: DPDP
 * Act 2023, section 9). Optional as a group, so the spec's payload stays valid: without it the
 * contact number is the guardian's (`guardianOf`).
 */
const guardianDetails = strictGroup('Parent or guardian', {
  name: requiredText("Parent/guardian's name"),
  relation: choiceOf(GUARDIAN_RELATIONS, 'relation to the candidate'),
  phoneNumber: guardianPhoneNumber,
});

const fees = z.preprocess(
  toNumberInput,
  z.number({ error: VALIDATION_MESSAGES.fees }).gt(0, { error: VALIDATION_MESSAGES.fees }),
);

/**
 * The language of what the candidate and their parent are sent (SMS, hall ticket, certificate):
 * the registration page's language. Optional, so the spec's payload stays valid: a registration
 * without it is in English (`DEFAULT_CANDIDATE_LANGUAGE`), an admin's edit without it keeps the
 * stored language.
 */
const language = choiceOf(CANDIDATE_LANGUAGES, 'language')
  .optional()
  .meta({ description: "en (English), mr (Marathi) or hi (Hindi). Absent: English at registration; an edit keeps the stored language." });

/**
 * Candidate registration fields (spec section 3). The keys are in the order the form shows
 * them, so collected messages read top to bottom. The photo and signature files travel beside
 * these fields and are checked by `validateCandidateSubmission`. The candidate code is issued by
 * the server, so the payload has none.
 */
export const candidateRegistrationSchema = strictGroup('Candidate information', {
  mentorCode: codeField('Mentor code', MENTOR_CODE_PATTERN, VALIDATION_MESSAGES.mentorCodeFormat),
  personalDetails: strictGroup('Personal information', {
    fullName: requiredText('Full name'),
    fatherName: requiredText("Father's name"),
    motherName: requiredText("Mother's name"),
    gender: choiceOf(GENDERS, 'gender'),
    dateOfBirth,
    religion: requiredText('Religion'),
    region: choiceOf(REGIONS, 'region'),
    motherTongue: requiredText('Mother tongue'),
  }),
  contactDetails: strictGroup('Contact information', {
    phoneNumber,
    email: optionalEmail(),
  }),
  guardianDetails: guardianDetails.optional(),
  orphanDetails: strictGroup('Orphan status', {
    isOrphan: booleanField('Please say whether the candidate is an orphan'),
  }),
  permanentAddress: strictGroup('Permanent address', {
    addressLines: requiredText('Address', MAX_LONG_TEXT_LENGTH),
    village: requiredText('Village'),
    taluka: requiredText('Taluka'),
    district: requiredText('District'),
    state: requiredText('State'),
    pin: exactDigits(6, VALIDATION_MESSAGES.pin),
  }),
  educationalDetails: strictGroup('Educational information', {
    schoolName: requiredText('School name'),
    standard: choiceOf(STANDARDS, 'standard'),
    medium: choiceOf(MEDIUMS, 'medium'),
    board: requiredChoice(BOARDS, requiredMessage('Board')),
    kbeCategory: choiceOf(KBE_CATEGORIES, 'KBE category'),
    kbeStageParticipated: requiredText('KBE stage'),
    fees,
  }),
  language,
  feesPaid: z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : value),
    z.boolean({ error: 'Fees paid must be yes or no' }).default(false),
  ),
});

export type CandidateRegistrationInput = z.input<typeof candidateRegistrationSchema>;
export type CandidateRegistration = z.output<typeof candidateRegistrationSchema>;

/** The guardian as the consent flow uses them: the mobile defaults to the contact number. */
export interface Guardian {
  /** Null when the registration named none (the spec's payload). */
  name: string | null;
  relation: string | null;
  phoneNumber: string;
}

export function guardianOf(registration: Pick<CandidateRegistration, 'contactDetails' | 'guardianDetails'>): Guardian {
  const guardian = registration.guardianDetails;
  return {
    name: guardian?.name ?? null,
    relation: guardian?.relation ?? null,
    phoneNumber: guardian?.phoneNumber || registration.contactDetails.phoneNumber,
  };
}
