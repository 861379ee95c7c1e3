// No zod here: the admin UI, admin-service, registration-service and the documents-service's
// hall ticket share these rules and the one way an exam time is shown to people.

/** Exam times are shown in India time (no daylight saving: always UTC+05:30). */
export const EXAM_TIME_ZONE = 'Asia/Kolkata';
const EXAM_TIME_ZONE_LABEL = 'IST';
const EXAM_TIME_OFFSET_MINUTES = 330;

/** How an admin writes an exam time (the form's hint and every validation message quote it). */
export const EXAM_TIME_EXAMPLE = '2025-11-05T10:00+05:30';
export const EXAM_TIME_FORMAT_MESSAGE = `Exam time must be a date and time with its UTC offset, e.g. ${EXAM_TIME_EXAMPLE}`;

/** ISO 8601 date-time with an offset: seconds and milliseconds optional ('2025-11-05T10:00+05:30', '...T04:30:00Z'). */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|([+-])(\d{2}):(\d{2}))$/;

/** Years 0100-9999 (JavaScript reads 0000-0099 as 1900-1999), and those with a 29 February. */
const YEAR = '(0[1-9][0-9]{2}|[1-9][0-9]{3})';
const LEAP_YEAR = '((0[1-9]|[1-9][0-9])(0[48]|[2468][048]|[13579][26])|(0[48]|[2468][048]|[13579][26])00)';
/** Only days that exist: 31-day months, 30-day months, February to the 28th, and 29 February of a leap year. */
const DATE =
  `(${YEAR}-(0[13578]|1[02])-(0[1-9]|[12][0-9]|3[01])|${YEAR}-(0[469]|11)-(0[1-9]|[12][0-9]|30)|` +
  `${YEAR}-02-(0[1-9]|1[0-9]|2[0-8])|${LEAP_YEAR}-02-29)`;
const TIME = 'T([01][0-9]|2[0-3]):[0-5][0-9](:[0-5][0-9](\\.[0-9]{1,3})?)?';
const ZONE = '(Z|[+-](0[0-9]|1[0-4]):[0-5][0-9])';
/** What is trimmed around it: ASCII white space only, spelled out (\s in a pattern differs between languages). */
const BLANK = '[ \\t\\n\\r\\u000b\\f]*';

/**
 * The same rule as one JSON Schema pattern (blank allowed: it clears the exam time), for the API
 * document: it admits exactly the times parseExamTime reads, so a client that follows the document
 * is never refused. ASCII digits only ([0-9], not \d, which other languages read as any digit).
 */
export const EXAM_TIME_INPUT_PATTERN = `^${BLANK}(${DATE}${TIME}${ZONE})?${BLANK}$`;

/**
 * The instant an admin's text names, or null when it is not an ISO 8601 date-time with an offset
 * or names no real time ('2025-02-30T10:00+05:30', '25:00', an offset beyond ±14:00).
 */
export function parseExamTime(text: string): Date | null {
  const match = ISO_DATE_TIME.exec(text.trim());
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '0', fraction = '0', zone, sign, offsetHours, offsetMinutes] = match;
  const fields = [year, month, day, hour, minute, second].map(Number);
  const ms = Number(fraction.padEnd(3, '0'));
  const local = Date.UTC(fields[0], fields[1] - 1, fields[2], fields[3], fields[4], fields[5], ms);
  const check = new Date(local);
  const real =
    check.getUTCFullYear() === fields[0] &&
    check.getUTCMonth() === fields[1] - 1 &&
    check.getUTCDate() === fields[2] &&
    check.getUTCHours() === fields[3] &&
    check.getUTCMinutes() === fields[4] &&
    check.getUTCSeconds() === fields[5];
  if (!real) return null;
  if (zone === 'Z') return check;
  if (Number(offsetHours) > 14 || Number(offsetMinutes) > 59) return null;
  const offset = (Number(offsetHours) * 60 + Number(offsetMinutes)) * (sign === '-' ? -1 : 1);
  return new Date(local - offset * 60_000);
}

/** An exam time as stored before it was a date: a Date as is, a parseable text as its instant, anything else null. */
export function examTimeOf(value: unknown): Date | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  return typeof value === 'string' ? parseExamTime(value) : null;
}

/** The API's text of an exam time: ISO 8601 in India time, '2025-11-05T10:00:00+05:30'. */
export function examTimeIso(instant: Date): string {
  const local = new Date(instant.getTime() + EXAM_TIME_OFFSET_MINUTES * 60_000).toISOString().slice(0, 19);
  return `${local}+05:30`;
}

let peopleFormat: Intl.DateTimeFormat | undefined;

/**
 * An exam time for people: '5 November 2025, 10:00 am IST' (Asia/Kolkata). A text that names no
 * date-time ('TBA') is shown as it is. The hall ticket, the admin lists and the CSV export use it.
 */
export function formatExamTime(value: string | Date): string {
  const instant = typeof value === 'string' ? parseExamTime(value) : value;
  if (!instant || Number.isNaN(instant.getTime())) return String(value);
  peopleFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: EXAM_TIME_ZONE,
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  });
  const part = Object.fromEntries(peopleFormat.formatToParts(instant).map(({ type, value: text }) => [type, text]));
  return `${part['day']} ${part['month']} ${part['year']}, ${part['hour']}:${part['minute']} ${String(part['dayPeriod']).toLowerCase()} ${EXAM_TIME_ZONE_LABEL}`;
}
