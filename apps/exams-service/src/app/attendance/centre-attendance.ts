import { Inject, Injectable, NotFoundException, UnprocessableEntityException } from '@nestjs/common';
import type { AttendanceImportResult, ExamLevel, RoomAttendance } from '@kbe/contracts';
import { CENTRE_REPOSITORY, type CentreRepository } from '../centres/centre.repository';
import { SEAT_REPOSITORY, type SeatRecord, type SeatRepository } from '../seat-allocation/seat.repository';
import { readAttendanceCsv, type AttendanceCsvProblem } from './attendance-csv.reader';
import { ATTENDANCE_MESSAGES } from './attendance.messages';
import { roomsOf } from './room-attendance';

/**
 * Attendance of a centre's papers: who sat and who was absent, per room. Results count only those
 * who sat. Marks are on the seats (`absent`, null until recorded) and may be corrected any time
 * before results are imported.
 */
@Injectable()
export class CentreAttendance {
  constructor(
    @Inject(CENTRE_REPOSITORY) private readonly centres: CentreRepository,
    @Inject(SEAT_REPOSITORY) private readonly seats: SeatRepository,
  ) {}

  /** The centre's rooms of the level with each seat's mark. */
  async rooms(code: string, level: ExamLevel): Promise<RoomAttendance[]> {
    return roomsOf(await this.seatsOf(code, level));
  }

  /** One room's absentees: the listed roll numbers were absent, every other seat of the room sat. */
  async markRoom(code: string, level: ExamLevel, roomName: string, absentRollNumbers: readonly string[]): Promise<RoomAttendance> {
    const inRoom = (await this.seatsOf(code, level)).filter((seat) => seat.room.toLowerCase() === roomName.toLowerCase());
    if (inRoom.length === 0) throw new NotFoundException(ATTENDANCE_MESSAGES.roomHasNoSeats(roomName, level, code));
    const rolls = new Set(inRoom.map((seat) => seat.rollNumber));
    const strangers = absentRollNumbers.filter((roll) => !rolls.has(roll));
    if (strangers.length > 0) throw new UnprocessableEntityException(ATTENDANCE_MESSAGES.notInRoom(inRoom[0]?.room ?? roomName, strangers));
    const absent = new Set(absentRollNumbers);
    const at = new Date();
    await this.seats.recordAttendance(level, inRoom.map((seat) => ({ candidateCode: seat.candidateCode, absent: absent.has(seat.rollNumber) })), at);
    const [room] = roomsOf(inRoom.map((seat) => ({ ...seat, absent: absent.has(seat.rollNumber), attendanceRecordedAt: at })));
    if (!room) throw new NotFoundException(ATTENDANCE_MESSAGES.roomHasNoSeats(roomName, level, code));
    return room;
  }

  /** The invigilators' list for the centre: checked line by line; stored only when every line is right. */
  async import(code: string, level: ExamLevel, csv: string, dryRun: boolean): Promise<AttendanceImportResult> {
    const seats = new Map((await this.seatsOf(code, level)).map((seat) => [seat.rollNumber, seat]));
    const { lines, problems } = readAttendanceCsv(csv);
    const firstLineOf = new Map<string, number>();
    const marks: { seat: SeatRecord; absent: boolean }[] = [];
    for (const line of lines) {
      const seat = seats.get(line.rollNumber);
      const earlier = firstLineOf.get(line.rollNumber);
      if (!seat) problems.push(problem(line.line, 'rollNumber', ATTENDANCE_MESSAGES.notAtCentre(code, level)));
      else if (earlier !== undefined) problems.push(problem(line.line, 'rollNumber', ATTENDANCE_MESSAGES.duplicate(earlier)));
      else marks.push({ seat, absent: line.absent });
      firstLineOf.set(line.rollNumber, earlier ?? line.line);
    }
    const changed = marks.filter((mark) => mark.seat.absent !== mark.absent);
    const result = { dryRun, marked: changed.length, unchanged: marks.length - changed.length, problems: problems.sort((a, b) => a.line - b.line) };
    if (dryRun) return result;
    // all or nothing: a list with a wrong line is fixed and sent again, never half applied
    if (problems.length > 0) return { ...result, marked: 0, unchanged: 0 };
    await this.seats.recordAttendance(level, changed.map((mark) => ({ candidateCode: mark.seat.candidateCode, absent: mark.absent })), new Date());
    return result;
  }

  private async seatsOf(code: string, level: ExamLevel): Promise<SeatRecord[]> {
    if (!(await this.centres.findByCode(code))) throw new NotFoundException(ATTENDANCE_MESSAGES.centreNotFound(code));
    return this.seats.ofCentre(level, code);
  }
}

const problem = (line: number, field: string, message: string): AttendanceCsvProblem => ({ line, field, message });
