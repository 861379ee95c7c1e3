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
import { CANDIDATE_MESSAGES, FIELD_LABELS, VALIDATION_MESSAGES, requiredMessage } from './validation.messages';

const DATE_OF_BIRTH_REQUIRED = requiredMessage(FIELD_LABELS.dateOfBirth);

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
      issue.input === undefined || issue.input === null ? requiredMessage(FIELD_LABELS.phoneNumber) : VALIDATION_MESSAGES.phone,
  })
  .trim()
  .min(1, { error: requiredMessage(FIELD_LABELS.phoneNumber), abort: true })
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
const guardianDetails = strictGroup(FIELD_LABELS.parentOrGuardian, {
  name: requiredText(FIELD_LABELS.guardianName),
  relation: choiceOf(GUARDIAN_RELATIONS, FIELD_LABELS.guardianRelation),
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
const language = choiceOf(CANDIDATE_LANGUAGES, FIELD_LABELS.language)
  .optional()
  .meta({ description: "en (English), mr (Marathi) or hi (Hindi). Absent: English at registration; an edit keeps the stored language." });

/**
 * Candidate registration fields (spec section 3). The keys are in the order the form shows
 * them, so collected messages read top to bottom. The photo and signature files travel beside
 * these fields and are checked by `validateCandidateSubmission`. The candidate code is issued by
 * the server, so the payload has none.
 */
export const candidateRegistrationSchema = strictGroup(FIELD_LABELS.candidateInformation, {
  mentorCode: codeField(FIELD_LABELS.mentorCode, MENTOR_CODE_PATTERN, VALIDATION_MESSAGES.mentorCodeFormat),
  personalDetails: strictGroup(FIELD_LABELS.personalInformation, {
    fullName: requiredText(FIELD_LABELS.fullName),
    fatherName: requiredText(FIELD_LABELS.fatherName),
    motherName: requiredText(FIELD_LABELS.motherName),
    gender: choiceOf(GENDERS, FIELD_LABELS.gender),
    dateOfBirth,
    religion: requiredText(FIELD_LABELS.religion),
    region: choiceOf(REGIONS, FIELD_LABELS.region),
    motherTongue: requiredText(FIELD_LABELS.motherTongue),
  }),
  contactDetails: strictGroup(FIELD_LABELS.contactInformation, {
    phoneNumber,
    email: optionalEmail(),
  }),
  guardianDetails: guardianDetails.optional(),
  orphanDetails: strictGroup(FIELD_LABELS.orphanStatus, {
    isOrphan: booleanField(CANDIDATE_MESSAGES.isOrphan),
  }),
  permanentAddress: strictGroup(FIELD_LABELS.permanentAddress, {
    addressLines: requiredText(FIELD_LABELS.address, MAX_LONG_TEXT_LENGTH),
    village: requiredText(FIELD_LABELS.village),
    taluka: requiredText(FIELD_LABELS.taluka),
    district: requiredText(FIELD_LABELS.district),
    state: requiredText(FIELD_LABELS.state),
    pin: exactDigits(6, VALIDATION_MESSAGES.pin),
  }),
  educationalDetails: strictGroup(FIELD_LABELS.educationalInformation, {
    schoolName: requiredText(FIELD_LABELS.schoolName),
    standard: choiceOf(STANDARDS, FIELD_LABELS.standard),
    medium: choiceOf(MEDIUMS, FIELD_LABELS.medium),
    board: requiredChoice(BOARDS, requiredMessage(FIELD_LABELS.board)),
    kbeCategory: choiceOf(KBE_CATEGORIES, FIELD_LABELS.kbeCategory),
    kbeStageParticipated: requiredText(FIELD_LABELS.kbeStage),
    fees,
  }),
  language,
  feesPaid: z.preprocess(
    (value) => (value === 'true' ? true : value === 'false' ? false : value),
    z.boolean({ error: CANDIDATE_MESSAGES.feesPaid }).default(false),
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
