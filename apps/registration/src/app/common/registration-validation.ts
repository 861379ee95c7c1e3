// The forms' validation: the contracts' zod schemas as react-hook-form resolvers, and the
// candidate's whole-submission check. zod (~60 KB gzipped, evaluated in one long task) comes with
// this module, which the forms load with their first focus or validation (lazy-validation.ts),
// never on the page's first load.
import { zodResolver } from '@hookform/resolvers/zod';
import {
  candidateRegistrationSchema,
  mentorRegistrationSchema,
  schoolRegistrationSchema,
} from '@kbe/contracts';

export { validateCandidateSubmission } from '@kbe/contracts';

export const registrationResolvers = {
  school: zodResolver(schoolRegistrationSchema),
  mentor: zodResolver(mentorRegistrationSchema),
  candidate: zodResolver(candidateRegistrationSchema),
};
