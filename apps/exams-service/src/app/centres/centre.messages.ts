/** The centres API's own messages (the fields' messages are the contract's, libs/contracts exams.schema.ts). */
export const CENTRE_MESSAGES = {
  notFound: (code: string) => `Centre ${code} not found`,
  hasSeats: (code: string) => `Centre ${code} has seats allocated: re-seat its candidates elsewhere before deleting it`,
  duplicateCode: (code: string) => `A centre with code ${code} already exists`,
  codeMismatch: (bodyCode: string, pathCode: string) => `Centre code ${bodyCode} in the body does not match ${pathCode} in the path`,
  numbersExhausted: (edition: number) => `All 999 centre numbers of the ${edition} edition are issued`,
  csvTooLarge: 'The CSV is larger than 2 MB: split it into smaller files',
  csvTooManyLines: 'The CSV has more than 5,000 lines: split it into smaller files',
  csvUnreadable: 'The CSV could not be read',
  csvNoRows: 'The CSV has no centres: a header line and at least one room line are needed',
} as const;

/** At most 2 MB of CSV and 5,000 lines (the header included) per import. */
export const CENTRE_IMPORT_LIMITS = { bytes: 2 * 1024 * 1024, lines: 5000 } as const;
