import {
  DEFAULT_EDITION as CONTRACT_DEFAULT_EDITION,
  editionFor,
  moveByYears,
  type ConfiguredEdition,
  type EditionSettings as ContractEditionSettings,
} from '@kbe/contracts/zod-free';
import { formatLongDate, formatMonth, formatOrdinalDate, formatShortDate } from './date-format.util';
import { isPlainObject, mergeKnown, readRuntimeConfig } from './runtime-config';

/**
 * One edition of the competition: every date, fee and year quoted on the site comes from here
 * (DECISIONS: edition settings). It extends the edition settings of @kbe/contracts (year,
 * deadline, fees, exam dates: the values the services use too) with what only the public site
 * quotes. Defaults are the spec's 2025 edition; a deployment overrides any of it at runtime
 * through `window.__KBE_CONFIG__.edition` (same keys).
 */
export interface EditionSettings extends ContractEditionSettings {
  competitionName: string;
  registrationWindows: {
    mains: { opens: string; closes: string };
    advanced: { opens: string; closes: string };
  };
  /** YYYY-MM: the Super Advanced is announced by month. */
  superAdvancedExamMonth: string;
  /** The yearly rhythm shown on the home page eligibility card. */
  timeline: { registration: string; preliminary: string; semiFinals: string; grandFinale: string };
}

export const DEFAULT_EDITION: EditionSettings = {
  ...CONTRACT_DEFAULT_EDITION,
  competitionName: 'KBE Young Scientist Competition',
  registrationWindows: {
    mains: { opens: '2025-02-15', closes: '2025-03-15' },
    advanced: { opens: '2025-03-15', closes: '2025-05-15' },
  },
  superAdvancedExamMonth: '2025-07',
  timeline: {
    registration: 'January - March',
    preliminary: 'April',
    semiFinals: 'May',
    grandFinale: 'June',
  },
};

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The defaults of a configured year and deadline: one year for the whole edition, as the services
 * print it (`editionFor` of @kbe/contracts), the dates only the site quotes moved with it.
 */
function editionDefaults(configured: ConfiguredEdition): EditionSettings {
  const edition = editionFor(configured, DEFAULT_EDITION);
  const years = edition.year - DEFAULT_EDITION.year;
  const move = (window: { opens: string; closes: string }) => ({ opens: moveByYears(window.opens, years), closes: moveByYears(window.closes, years) });
  return {
    ...edition,
    registrationWindows: { mains: move(edition.registrationWindows.mains), advanced: move(edition.registrationWindows.advanced) },
    superAdvancedExamMonth: moveByYears(edition.superAdvancedExamMonth, years),
  };
}

/** The year and deadline a runtime config gives, where they are readable. */
function configuredOf(source: unknown): ConfiguredEdition {
  if (!isPlainObject(source)) return {};
  const { year, registrationDeadline: deadline } = source;
  return {
    year: typeof year === 'number' && Number.isInteger(year) ? year : undefined,
    registrationDeadline: typeof deadline === 'string' && !Number.isNaN(Date.parse(deadline)) ? deadline : undefined,
  };
}

/**
 * The edition in force: the runtime overrides merged over the defaults of its year (a deadline
 * alone names the year: one year for every page, as on the documents). A value of the wrong type
 * or an unreadable date keeps its default (with a warning), so a bad deployment setting can never
 * blank a deadline or a date on a page.
 */
export function getEditionSettings(source: unknown = readRuntimeConfig().edition): EditionSettings {
  const defaults = editionDefaults(configuredOf(source));
  const merged = mergeKnown(defaults, source);
  const deadlineReadable = !Number.isNaN(Date.parse(merged.registrationDeadline));
  const datesReadable = Object.values(merged.dates).every((date) => ISO_DATE.test(date));
  if (deadlineReadable && datesReadable) return merged;
  console.warn('Ignoring unreadable edition dates from the runtime config; using the default dates');
  return {
    ...merged,
    registrationDeadline: deadlineReadable ? merged.registrationDeadline : defaults.registrationDeadline,
    dates: datesReadable ? merged.dates : defaults.dates,
  };
}

/** The calendar day (YYYY-MM-DD) of an instant in the edition's time zone. */
export function localDate(instant: string, offsetMinutes: number): string {
  return new Date(Date.parse(instant) + offsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** Texts that quote the edition, derived in one place. */
export function editionTexts(edition: EditionSettings = getEditionSettings()) {
  const windows = edition.registrationWindows;
  return {
    deadline: formatOrdinalDate(localDate(edition.registrationDeadline, edition.timeZoneOffsetMinutes)),
    feeRange: `₹${edition.fees.min}-₹${edition.fees.max}`,
    mainsExamDate: formatLongDate(edition.dates.mainsExam),
    mainsRegistration: `${formatShortDate(windows.mains.opens)} - ${formatLongDate(windows.mains.closes)}`,
    advancedExamDate: formatLongDate(edition.dates.advancedExam),
    advancedRegistration: `${formatShortDate(windows.advanced.opens)} - ${formatLongDate(windows.advanced.closes)}`,
    superAdvancedExam: formatMonth(edition.superAdvancedExamMonth),
  };
}
