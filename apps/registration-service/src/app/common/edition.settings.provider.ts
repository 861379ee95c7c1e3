import { editionFor, type EditionSettings } from '@kbe/contracts';
import type { RegistrationConfig } from '../registration.config';

export const EDITION_SETTINGS = Symbol('EDITION_SETTINGS');

/** The running edition: the year and deadline from the environment, one year for both (`editionFor`). */
export function editionFromConfig(
  config: Pick<RegistrationConfig, 'EDITION_REGISTRATION_DEADLINE' | 'EDITION_YEAR'>,
): EditionSettings {
  return editionFor({ year: config.EDITION_YEAR, registrationDeadline: config.EDITION_REGISTRATION_DEADLINE });
}
