// Type-only: importing @kbe/contracts at runtime would pull zod (~90 KB gzipped) into the
// first page load of the public site. content.spec.ts checks the defaults stay equal.
import type { EditionSettings as ContractEditionSettings } from '@kbe/contracts';
import { formatLongDate, formatMonth, formatOrdinalDate, formatShortDate } from './date-format.util';
import { mergeKnown, readRuntimeConfig } from './runtime-config';

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
  year: 2025,
  registrationDeadline: '2025-10-30T23:59:59.999+05:30',
  timeZoneOffsetMinutes: 330,
  fees: { min: 270, max: 360 },
  dates: { mainsExam: '2025-03-19', advancedExam: '2025-05-21', hallTicketHandout: '2025-11-05' },
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

/** The edition in force: defaults merged with the runtime overrides. */
export function getEditionSettings(): EditionSettings {
  return mergeKnown(DEFAULT_EDITION, readRuntimeConfig().edition);
}

/** The calendar day (YYYY-MM-DD) of an instant in the edition's time zone. */
function localDate(instant: string, offsetMinutes: number): string {
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
