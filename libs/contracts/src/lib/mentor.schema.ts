import { z } from 'zod';
import {
  MAX_LONG_TEXT_LENGTH,
  codeField,
  exactDigits,
  optionalEmail,
  requiredText,
  strictGroup,
  toNumberInput,
} from './field.rules';
import { SCHOOL_CODE_PATTERN } from './registration-code.util';
import { FIELD_LABELS, VALIDATION_MESSAGES } from './validation.messages';

export const MAX_WORK_EXPERIENCE_YEARS = 60;

/** Mentor registration payload (spec section 3 plus the optional email of DECISIONS). */
export const mentorRegistrationSchema = strictGroup(FIELD_LABELS.mentorInformation, {
  schoolCode: codeField(FIELD_LABELS.schoolCode, SCHOOL_CODE_PATTERN, VALIDATION_MESSAGES.schoolCodeFormat),
  name: requiredText(FIELD_LABELS.name),
  email: optionalEmail(),
  address: requiredText(FIELD_LABELS.address, MAX_LONG_TEXT_LENGTH),
  contact: exactDigits(10, VALIDATION_MESSAGES.contact),
  subjectTeaching: requiredText(FIELD_LABELS.subjectTeaching),
  workExperience: z.preprocess(
    toNumberInput,
    z
      .number({ error: VALIDATION_MESSAGES.workExperience })
      .int({ error: VALIDATION_MESSAGES.workExperience })
      .min(0, { error: VALIDATION_MESSAGES.workExperienceMin })
      .max(MAX_WORK_EXPERIENCE_YEARS, {
        error: `Work experience cannot be more than ${MAX_WORK_EXPERIENCE_YEARS} years`,
      })
      .default(0),
  ),
  activitiesParticipated: requiredText(FIELD_LABELS.activitiesParticipated, MAX_LONG_TEXT_LENGTH),
  opinionOnISRO: requiredText(FIELD_LABELS.opinionOnIsro, MAX_LONG_TEXT_LENGTH),
});

export type MentorRegistrationInput = z.input<typeof mentorRegistrationSchema>;
export type MentorRegistration = z.output<typeof mentorRegistrationSchema>;
