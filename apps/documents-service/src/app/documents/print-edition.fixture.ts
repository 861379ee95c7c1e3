import type { PrintEdition } from './print-edition';

/** The 2025 edition's printed settings, for unit tests. */
export const printEdition2025: PrintEdition = {
  year: 2025,
  registrationDeadline: '2025-10-30T23:59:59.999+05:30',
  hallTicketHandoutDate: '2025-11-05',
  hallTicketHandoutWindows: ['8 am to 1 pm', '3 pm to 6 pm'],
  certificateDate: '2025-03-19',
  signingAuthority: 'Chief Secretary, Government of Maharashtra',
  timeZoneOffsetMinutes: 330,
};
