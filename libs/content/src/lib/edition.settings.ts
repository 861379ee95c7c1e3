import {
  DEFAULT_EDITION as CONTRACT_DEFAULT_EDITION,
  formatRegistrationDeadline,
  type EditionSettings as ContractEditionSettings,
} from '@kbe/contracts';
import { formatLongDate, formatMonth, formatShortDate } from './date-format.util';
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

/** The edition in force: defaults merged with the runtime overrides. */
export function getEditionSettings(): EditionSettings {
  return mergeKnown(DEFAULT_EDITION, readRuntimeConfig().edition);
}

/** Texts that quote the edition, derived in one place. */
export function editionTexts(edition: EditionSettings = getEditionSettings()) {
  const windows = edition.registrationWindows;
  return {
    deadline: formatRegistrationDeadline(edition),
    feeRange: `₹${edition.fees.min}-₹${edition.fees.max}`,
    mainsExamDate: formatLongDate(edition.dates.mainsExam),
    mainsRegistration: `${formatShortDate(windows.mains.opens)} - ${formatLongDate(windows.mains.closes)}`,
    advancedExamDate: formatLongDate(edition.dates.advancedExam),
    advancedRegistration: `${formatShortDate(windows.advanced.opens)} - ${formatLongDate(windows.advanced.closes)}`,
    superAdvancedExam: formatMonth(edition.superAdvancedExamMonth),
  };
}
