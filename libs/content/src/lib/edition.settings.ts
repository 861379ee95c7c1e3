import { formatLongDate, formatMonth, formatOrdinalDate, formatShortDate } from './date-format.util';
import { mergeKnown, readRuntimeConfig } from './runtime-config';

/**
 * One edition of the competition: every date, fee and year quoted on the site comes from here
 * (DECISIONS: edition settings). Defaults are the spec's 2025 edition; a deployment overrides
 * them at runtime through `window.__KBE_CONFIG__.edition`.
 */
export interface EditionSettings {
  year: number;
  competitionName: string;
  /** Last calendar day of registration (end of that day, IST). */
  registrationDeadline: string;
  mains: { examDate: string; registrationOpens: string; registrationCloses: string };
  advanced: { examDate: string; registrationOpens: string; registrationCloses: string };
  superAdvanced: { examMonth: string };
  fee: { min: number; max: number };
  hallTicket: { entryCardDate: string; entryCardHours: string };
  /** The yearly rhythm shown on the home page eligibility card. */
  timeline: { registration: string; preliminary: string; semiFinals: string; grandFinale: string };
}

export const DEFAULT_EDITION: EditionSettings = {
  year: 2025,
  competitionName: 'KBE Young Scientist Competition',
  registrationDeadline: '2025-10-30',
  mains: { examDate: '2025-03-19', registrationOpens: '2025-02-15', registrationCloses: '2025-03-15' },
  advanced: { examDate: '2025-05-21', registrationOpens: '2025-03-15', registrationCloses: '2025-05-15' },
  superAdvanced: { examMonth: '2025-07' },
  fee: { min: 270, max: 360 },
  hallTicket: { entryCardDate: '2025-11-05', entryCardHours: '8 am to 1 pm and 3 pm to 6 pm' },
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

/** Texts that quote the edition, derived in one place. */
export function editionTexts(edition: EditionSettings = getEditionSettings()) {
  return {
    deadline: formatOrdinalDate(edition.registrationDeadline),
    feeRange: `₹${edition.fee.min}-₹${edition.fee.max}`,
    mainsExamDate: formatLongDate(edition.mains.examDate),
    mainsRegistration: `${formatShortDate(edition.mains.registrationOpens)} - ${formatLongDate(edition.mains.registrationCloses)}`,
    advancedExamDate: formatLongDate(edition.advanced.examDate),
    advancedRegistration: `${formatShortDate(edition.advanced.registrationOpens)} - ${formatLongDate(edition.advanced.registrationCloses)}`,
    superAdvancedExam: formatMonth(edition.superAdvanced.examMonth),
  };
}
