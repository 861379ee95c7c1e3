import { editionFor, formatEditionDate } from '@kbe/contracts';
import type { DocumentsConfig } from '../documents.config';

/** The edition settings the documents print (every date and time comes from here). */
export interface PrintEdition {
  year: number;
  registrationDeadline: string;
  hallTicketHandoutDate: string;
  hallTicketHandoutWindows: string[];
  certificateDate: string;
  signingAuthority: string;
  timeZoneOffsetMinutes: number;
}

export const PRINT_EDITION = Symbol('PRINT_EDITION');

/** The printed edition: one year for the year, the deadline and every date left unset (`editionFor`). */
export function printEditionFromConfig(config: DocumentsConfig): PrintEdition {
  const edition = editionFor({ year: config.EDITION_YEAR, registrationDeadline: config.EDITION_REGISTRATION_DEADLINE });
  return {
    year: edition.year,
    registrationDeadline: edition.registrationDeadline,
    hallTicketHandoutDate: config.EDITION_HALL_TICKET_HANDOUT_DATE ?? edition.dates.hallTicketHandout,
    hallTicketHandoutWindows: config.EDITION_HALL_TICKET_HANDOUT_WINDOWS,
    certificateDate: config.EDITION_CERTIFICATE_DATE ?? edition.dates.mainsExam,
    signingAuthority: config.EDITION_SIGNING_AUTHORITY,
    timeZoneOffsetMinutes: edition.timeZoneOffsetMinutes,
  };
}

/** '2025-11-05' -> '5th November 2025' (a calendar day, no zone shift). */
export function formatCalendarDate(isoDate: string): string {
  return formatEditionDate(`${isoDate}T00:00:00Z`, 0);
}

/** 'a', 'a and b', 'a, b and c'. */
function joinWithAnd(parts: string[]): string {
  if (parts.length <= 1) return parts.join('');
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}

/** Spec section 9: the printed instruction lines of the hall ticket, dates from the edition. */
export function hallTicketInstructions(edition: PrintEdition): string[] {
  const deadline = formatEditionDate(edition.registrationDeadline, edition.timeZoneOffsetMinutes);
  const handout = formatCalendarDate(edition.hallTicketHandoutDate);
  return [
    `The enrolment form must be submitted before ${deadline}.`,
    `Hall entry cards will be handed out on ${handout} (${joinWithAnd(edition.hallTicketHandoutWindows)}).`,
    'The examination is multiple-choice: every question has four options and only one correct answer.',
    'Answers are marked on an OMR sheet.',
    'Mobile phones and other electronic gadgets are not allowed in the examination hall.',
    'No extra time will be given to candidates who arrive late.',
    'There are separate question papers for the Prime, Sec and High categories.',
    'Results will be published on the website.',
    'Prizes and e-certificates will be announced on the day of the result.',
  ];
}
