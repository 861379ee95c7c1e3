import { editionFor, type EditionSettings } from '@kbe/contracts';
import type { RegistrationConfig } from '../registration.config';

export const EDITION_SETTINGS = Symbol('EDITION_SETTINGS');

/**
 * The running edition: the year and deadline from the environment, one year for both
 * (`editionFor`), and the correction window and whether a hall ticket needs a seat where the
 * environment sets them.
 */
export function editionFromConfig(
  config: Pick<RegistrationConfig, 'EDITION_REGISTRATION_DEADLINE' | 'EDITION_YEAR'> &
    Partial<Pick<RegistrationConfig, 'EDITION_CORRECTIONS_OPENS_AT' | 'EDITION_CORRECTIONS_CLOSES_AT' | 'EDITION_SEAT_REQUIRED_FOR_HALL_TICKET'>>,
): EditionSettings {
  return editionFor({
    year: config.EDITION_YEAR,
    registrationDeadline: config.EDITION_REGISTRATION_DEADLINE,
    corrections: { opensAt: config.EDITION_CORRECTIONS_OPENS_AT, closesAt: config.EDITION_CORRECTIONS_CLOSES_AT },
    seatRequiredForHallTicket: config.EDITION_SEAT_REQUIRED_FOR_HALL_TICKET,
  });
}
