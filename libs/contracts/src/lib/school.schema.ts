import type { z } from 'zod';
import { choiceOf, exactDigits, requiredText, strictGroup } from './field.rules';
import { VALIDATION_MESSAGES } from './validation.messages';
import { SCHOOL_TYPES } from './registration.choices';

/** School registration payload (spec section 3) with the section 5 messages. */
export const schoolRegistrationSchema = strictGroup('School information', {
  schoolName: requiredText('School name'),
  udiseCode: requiredText('UDISE code', 20),
  contact: exactDigits(10, VALIDATION_MESSAGES.contact),
  schoolType: choiceOf(SCHOOL_TYPES, 'school type'),
  address: strictGroup('School address', {
    area: requiredText('Area'),
    locality: requiredText('Locality'),
    street: requiredText('Street'),
    village: requiredText('Village'),
    town: requiredText('Town'),
    city: requiredText('City'),
    state: requiredText('State'),
    pin: exactDigits(6, VALIDATION_MESSAGES.pin),
  }),
  principal: strictGroup('Principal information', {
    name: requiredText('Principal name'),
    contact: exactDigits(10, VALIDATION_MESSAGES.principalContact),
  }),
});

export type SchoolRegistrationInput = z.input<typeof schoolRegistrationSchema>;
export type SchoolRegistration = z.output<typeof schoolRegistrationSchema>;
