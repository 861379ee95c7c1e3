import type { Provider } from '@nestjs/common';
import { editionFor } from '@kbe/contracts';
import { APP_CONFIG } from '@kbe/server-config';
import type { ExamsConfig } from '../exams.config';

/** The edition's year, whose centres are numbered 1..999 (EDITION_YEAR, or the deadline's year, or the spec's). */
export const CENTRE_EDITION = Symbol('CENTRE_EDITION');

export const centreEditionProvider: Provider = {
  provide: CENTRE_EDITION,
  inject: [APP_CONFIG],
  useFactory: (config: ExamsConfig): number =>
    editionFor({ year: config.EDITION_YEAR, registrationDeadline: config.EDITION_REGISTRATION_DEADLINE }).year,
};
