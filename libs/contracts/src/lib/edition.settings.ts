// No zod here: first-load browser code (libs/content) imports this file through
// `@kbe/contracts/zod-free`. The validating schema is in edition.settings.schema.ts.

/**
 * One edition of the competition: its year, registration deadline and the dates and fee
 * range that texts quote. Loaded from env / Helm values on the server and from runtime
 * config in the browser; `DEFAULT_EDITION` is the spec's 2025 edition.
 */
export interface EditionSettings {
  /** Year of the edition, e.g. 2025. */
  year: number;
  /** Last instant registrations are accepted (ISO 8601 with offset). */
  registrationDeadline: string;
  /** Offset in minutes of the time zone that dates are shown in (IST = +330). */
  timeZoneOffsetMinutes: number;
  /** Mains exam fee range in rupees. */
  fees: { min: number; max: number };
  /** ISO dates (YYYY-MM-DD) quoted on pages and documents. */
  dates: {
    mainsExam: string;
    advancedExam: string;
    hallTicketHandout: string;
  };
}

export const IST_OFFSET_MINUTES = 330;

export const DEFAULT_EDITION: EditionSettings = {
  year: 2025,
  registrationDeadline: '2025-10-30T23:59:59.999+05:30',
  timeZoneOffsetMinutes: IST_OFFSET_MINUTES,
  fees: { min: 270, max: 360 },
  dates: {
    mainsExam: '2025-03-19',
    advancedExam: '2025-05-21',
    hallTicketHandout: '2025-11-05',
  },
};

/** True while registrations are accepted: up to and including the deadline instant. */
export function isRegistrationOpen(now: Date, edition: EditionSettings): boolean {
  return now.getTime() <= Date.parse(edition.registrationDeadline);
}

export const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
];

/** 1 -> '1st', 2 -> '2nd', 11 -> '11th', 23 -> '23rd', 30 -> '30th'. */
export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  switch (day % 10) {
    case 1:
      return `${day}st`;
    case 2:
      return `${day}nd`;
    case 3:
      return `${day}rd`;
    default:
      return `${day}th`;
  }
}

/** Formats an instant as the calendar day in the edition's zone: '30th October 2025'. */
export function formatEditionDate(instant: string | Date, offsetMinutes = IST_OFFSET_MINUTES): string {
  const ms = typeof instant === 'string' ? Date.parse(instant) : instant.getTime();
  const local = new Date(ms + offsetMinutes * 60_000);
  return `${ordinal(local.getUTCDate())} ${MONTHS[local.getUTCMonth()]} ${local.getUTCFullYear()}`;
}

/** The deadline as shown in the banner and messages, e.g. '30th October 2025'. */
export function formatRegistrationDeadline(edition: EditionSettings): string {
  return formatEditionDate(edition.registrationDeadline, edition.timeZoneOffsetMinutes);
}

/** The deadline message when registrations are closed at `now`; null while they are open. */
export function registrationClosedMessage(now: Date, edition: EditionSettings): string | null {
  return isRegistrationOpen(now, edition) ? null : registrationDeadlineMessage(edition);
}

/** 'Registration deadline (30th October 2025) has passed'. */
export function registrationDeadlineMessage(edition: EditionSettings): string {
  return `Registration deadline (${formatRegistrationDeadline(edition)}) has passed`;
}
