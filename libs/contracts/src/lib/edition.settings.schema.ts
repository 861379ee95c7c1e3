import { z } from 'zod';

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Expected a date as YYYY-MM-DD' });

/** Validates edition settings read from env or runtime config. */
export const editionSettingsSchema = z.strictObject({
  year: z.number().int().min(2000).max(2100),
  registrationDeadline: z.iso.datetime({ offset: true, error: 'Expected an ISO date-time with offset' }),
  timeZoneOffsetMinutes: z.number().int().min(-720).max(840),
  fees: z.strictObject({ min: z.number().nonnegative(), max: z.number().nonnegative() }),
  dates: z.strictObject({ mainsExam: isoDate, advancedExam: isoDate, hallTicketHandout: isoDate }),
  corrections: z
    .strictObject({
      opensAt: z.iso.datetime({ offset: true, error: 'Expected an ISO date-time with offset' }),
      closesAt: z.iso.datetime({ offset: true, error: 'Expected an ISO date-time with offset' }),
    })
    .refine((window) => Date.parse(window.opensAt) < Date.parse(window.closesAt), {
      error: 'The correction window must close after it opens',
      path: ['closesAt'],
    }),
  seatRequiredForHallTicket: z.boolean({ error: 'Expected true or false' }),
});
