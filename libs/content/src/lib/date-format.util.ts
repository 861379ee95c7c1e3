import { MONTHS, ordinal } from '@kbe/contracts/zod-free';

function parts(isoDate: string): { day: number; month: string; year: number } {
  const [year, month, day] = isoDate.slice(0, 10).split('-').map(Number);
  return { day, month: MONTHS[month - 1], year };
}

/** '2025-10-30' -> '30 October 2025' (calendar date as written, no time zone shift). */
export function formatLongDate(isoDate: string): string {
  const { day, month, year } = parts(isoDate);
  return `${day} ${month} ${year}`;
}

/** '2025-10-30' -> '30th October 2025'. */
export function formatOrdinalDate(isoDate: string): string {
  const { day, month, year } = parts(isoDate);
  return `${ordinal(day)} ${month} ${year}`;
}

/** '2025-02-15' -> '15 Feb'. */
export function formatShortDate(isoDate: string): string {
  const { day, month } = parts(isoDate);
  return `${day} ${month.slice(0, 3)}`;
}

/** '2025-07' -> 'July 2025'. */
export function formatMonth(isoMonth: string): string {
  const [year, month] = isoMonth.split('-').map(Number);
  return `${MONTHS[month - 1]} ${year}`;
}
