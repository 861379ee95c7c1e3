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
  /**
   * The window in which schools and mentors may ask for a correction of a pupil's details (issue
   * 27): ISO 8601 instants with offset, both included. Requests outside it are refused (409).
   */
  corrections: { opensAt: string; closesAt: string };
  /**
   * Whether a hall ticket is released only to a seated candidate (a seat number, allocated by
   * exams-service or typed by an admin): one candidate answers 409, a bulk release skips with
   * `not-seated`. Off by default: the spec releases hall tickets before seating, printing TBA.
   */
  seatRequiredForHallTicket: boolean;
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
  corrections: {
    opensAt: '2025-01-01T00:00:00.000+05:30',
    closesAt: '2025-12-31T23:59:59.999+05:30',
  },
  seatRequiredForHallTicket: false,
};

/** What a deployment may configure of an edition (env, Helm values, the browser's runtime config). */
export interface ConfiguredEdition {
  year?: number;
  registrationDeadline?: string;
  /** The correction window's ends; either left out is the spec's, moved to the edition's year. */
  corrections?: { opensAt?: string; closesAt?: string };
  seatRequiredForHallTicket?: boolean;
}

/**
 * The edition a deployment runs, with one year for everything it quotes: the configured year, else
 * the year of the configured deadline (in the edition's zone), else the spec's. The deadline and the
 * dates it does not configure are the spec's (`base`) moved to that year, same day and month; so a
 * deadline moved a year ahead (the development profile) moves the year and every date with it.
 */
export function editionFor<E extends EditionSettings = EditionSettings>(configured: ConfiguredEdition, base: E = DEFAULT_EDITION as E): E {
  const year = configured.year ?? (configured.registrationDeadline ? deadlineYear(configured.registrationDeadline, base.timeZoneOffsetMinutes) : base.year);
  const years = year - base.year;
  return {
    ...base,
    year,
    registrationDeadline: configured.registrationDeadline ?? moveByYears(base.registrationDeadline, years),
    dates: {
      mainsExam: moveByYears(base.dates.mainsExam, years),
      advancedExam: moveByYears(base.dates.advancedExam, years),
      hallTicketHandout: moveByYears(base.dates.hallTicketHandout, years),
    },
    corrections: {
      opensAt: configured.corrections?.opensAt ?? moveByYears(base.corrections.opensAt, years),
      closesAt: configured.corrections?.closesAt ?? moveByYears(base.corrections.closesAt, years),
    },
    seatRequiredForHallTicket: configured.seatRequiredForHallTicket ?? base.seatRequiredForHallTicket,
  };
}

/** The calendar year of a deadline in the edition's zone: '2027-11-27T23:59:59.999+05:30' -> 2027. */
export function deadlineYear(deadline: string, offsetMinutes = IST_OFFSET_MINUTES): number {
  return new Date(Date.parse(deadline) + offsetMinutes * 60_000).getUTCFullYear();
}

/** An ISO date or date-time written `years` later (or earlier), same day, month and time: '2025-11-05' + 2 -> '2027-11-05'. */
export function moveByYears(iso: string, years: number): string {
  if (years === 0) return iso;
  return `${String(Number(iso.slice(0, 4)) + years).padStart(4, '0')}${iso.slice(4)}`;
}

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
