import type { Seat } from '@kbe/contracts';

/** A seat as exams-service hands it over (NSK01, Room 1, seat 1 of a Mains paper), with `fields` changed. */
export const examSeatOf = (candidateCode: string, fields: Partial<Seat> = {}): Seat => ({
  candidateCode,
  rollNumber: 'M-21-001-0001-4',
  level: 'Mains',
  centreCode: 'NSK01',
  centreName: 'Nashik Centre 1',
  centreAddress: 'College Road, Nashik 422005',
  room: 'Room 1',
  seatInRoom: 1,
  date: '2027-01-17',
  startTime: '10:30',
  reportingTime: '09:45',
  ...fields,
});
