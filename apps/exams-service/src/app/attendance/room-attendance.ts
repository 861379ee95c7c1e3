import type { RoomAttendance } from '@kbe/contracts';
import type { SeatRecord } from '../seat-allocation/seat.repository';

/** A centre's seats of one level as rooms of papers (date, start time, room), seats in seat order. */
export function roomsOf(seats: readonly SeatRecord[]): RoomAttendance[] {
  const rooms = new Map<string, RoomAttendance>();
  for (const seat of seats) {
    const key = `${seat.date} ${seat.startTime} ${seat.room}`;
    let room = rooms.get(key);
    if (!room) {
      room = { room: seat.room, date: seat.date, startTime: seat.startTime, seats: [], present: 0, absent: 0 };
      rooms.set(key, room);
    }
    room.seats.push({ rollNumber: seat.rollNumber, candidateCode: seat.candidateCode, seatInRoom: seat.seatInRoom, absent: seat.absent ?? null });
    if (seat.absent === true) room.absent += 1;
    if (seat.absent === false) room.present += 1;
  }
  return [...rooms.values()].map((room) => ({ ...room, seats: room.seats.sort((a, b) => a.seatInRoom - b.seatInRoom) }));
}
