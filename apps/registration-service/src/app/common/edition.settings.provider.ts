import { DEFAULT_EDITION, type EditionSettings } from '@kbe/contracts';
import type { RegistrationConfig } from '../registration.config';

export const EDITION_SETTINGS = Symbol('EDITION_SETTINGS');

/** The running edition: the 2025 defaults with the year and deadline from the environment. */
export function editionFromConfig(
  config: Pick<RegistrationConfig, 'EDITION_REGISTRATION_DEADLINE' | 'EDITION_YEAR'>,
): EditionSettings {
  return { ...DEFAULT_EDITION, year: config.EDITION_YEAR, registrationDeadline: config.EDITION_REGISTRATION_DEADLINE };
}
