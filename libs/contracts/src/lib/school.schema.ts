import type { z } from 'zod';
import { choiceOf, exactDigits, requiredText, strictGroup } from './field.rules';
import { FIELD_LABELS, VALIDATION_MESSAGES } from './validation.messages';
import { SCHOOL_TYPES } from './registration.choices';

/** School registration payload (spec section 3) with the section 5 messages. */
export const schoolRegistrationSchema = strictGroup(FIELD_LABELS.schoolInformation, {
  schoolName: requiredText(FIELD_LABELS.schoolName),
  udiseCode: requiredText(FIELD_LABELS.udiseCode, 20),
  contact: exactDigits(10, VALIDATION_MESSAGES.contact),
  schoolType: choiceOf(SCHOOL_TYPES, FIELD_LABELS.schoolType),
  address: strictGroup(FIELD_LABELS.schoolAddress, {
    area: requiredText(FIELD_LABELS.area),
    locality: requiredText(FIELD_LABELS.locality),
    street: requiredText(FIELD_LABELS.street),
    village: requiredText(FIELD_LABELS.village),
    town: requiredText(FIELD_LABELS.town),
    city: requiredText(FIELD_LABELS.city),
    state: requiredText(FIELD_LABELS.state),
    pin: exactDigits(6, VALIDATION_MESSAGES.pin),
  }),
  principal: strictGroup(FIELD_LABELS.principalInformation, {
    name: requiredText(FIELD_LABELS.principalName),
    contact: exactDigits(10, VALIDATION_MESSAGES.principalContact),
  }),
});

export type SchoolRegistrationInput = z.input<typeof schoolRegistrationSchema>;
export type SchoolRegistration = z.output<typeof schoolRegistrationSchema>;
