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
import { VALIDATION_MESSAGES } from './validation.messages';

export const MAX_WORK_EXPERIENCE_YEARS = 60;

/** Mentor registration payload (spec section 3 plus the optional email of DECISIONS). */
export const mentorRegistrationSchema = strictGroup('Mentor information', {
  schoolCode: codeField('School code', SCHOOL_CODE_PATTERN, VALIDATION_MESSAGES.schoolCodeFormat),
  name: requiredText('Name'),
  email: optionalEmail(),
  address: requiredText('Address', MAX_LONG_TEXT_LENGTH),
  contact: exactDigits(10, VALIDATION_MESSAGES.contact),
  subjectTeaching: requiredText('Subject teaching'),
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
  activitiesParticipated: requiredText('Activities participated', MAX_LONG_TEXT_LENGTH),
  opinionOnISRO: requiredText('Opinion on ISRO', MAX_LONG_TEXT_LENGTH),
});

export type MentorRegistrationInput = z.input<typeof mentorRegistrationSchema>;
export type MentorRegistration = z.output<typeof mentorRegistrationSchema>;
