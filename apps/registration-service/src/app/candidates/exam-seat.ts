import { parseExamTime, type Seat } from '@kbe/contracts';

/** A seat exams-service allocated, as the candidate record keeps it (the hall ticket prints it). */
export type ExamSeatRecord = Omit<Seat, 'candidateCode'>;

/** The record's fields a seat sets: the seat itself, and the seat number, centre and exam time the lists and hall ticket show. */
export function examSeatFields(seat: Seat): { examSeat: ExamSeatRecord; seatNumber: string; center: string; examTime: Date | null } {
  const { candidateCode: _candidateCode, ...examSeat } = seat;
  return {
    examSeat,
    seatNumber: seat.rollNumber,
    center: seat.centreName,
    // sittings are timed in India
    examTime: parseExamTime(`${seat.date}T${seat.startTime}:00+05:30`),
  };
}

/** Whether a stored seat already says what `seat` says. */
export function sameSeat(stored: ExamSeatRecord | null | undefined, seat: Seat): boolean {
  if (!stored) return false;
  const { candidateCode: _candidateCode, ...wanted } = seat;
  return (Object.keys(wanted) as (keyof ExamSeatRecord)[]).every((key) => stored[key] === wanted[key]);
}
