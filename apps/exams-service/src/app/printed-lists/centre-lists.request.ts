import { EXAM_LEVELS, roomsOfSitting, type Centre, type CentreListsRequest, type ListedPaper } from '@kbe/contracts';
import { createHash } from 'node:crypto';
import type { SeatRecord } from '../seat-allocation/seat.repository';

/** Raised when what the key covers changes shape: every centre's lists are made anew. */
const KEY_VERSION = 'centre-lists/1';

type PrintedSeat = Pick<SeatRecord, 'candidateCode' | 'level' | 'room' | 'seatInRoom' | 'date' | 'startTime' | 'reportingTime' | 'sequence' | 'rollNumber'>;

/** The sitting a seat belongs to: same level, day and start, and its room among the sitting's (any case). */
function sittingOf(centre: Centre, seat: PrintedSeat) {
  return centre.sittings.find(
    (sitting) =>
      sitting.level === seat.level &&
      sitting.date === seat.date &&
      sitting.startTime === seat.startTime &&
      roomsOfSitting(centre, sitting).some((room) => room.toLowerCase() === seat.room.toLowerCase()),
  );
}

/**
 * What documents-service prints for a centre: its papers (date, start time, level) each with the
 * rooms it has seats in (the centre's room order) and their seats in roll-number order; a seat
 * whose sitting the centre no longer lists keeps its paper, without a category. Null when the
 * centre has no seats. The key is a SHA-256 of all of it, so the lists stay cached until the
 * allocation or the centre changes (attendance marks on the seats are not part of it).
 */
export function centreListsRequestOf(centre: Centre, seats: readonly PrintedSeat[]): CentreListsRequest | null {
  if (seats.length === 0) return null;
  const roomOrder = new Map(centre.rooms.map((room, i) => [room.name.toLowerCase(), i]));
  const capacity = new Map(centre.rooms.map((room) => [room.name.toLowerCase(), room.capacity]));
  const papers = new Map<string, ListedPaper>();
  for (const seat of [...seats].sort((a, b) => a.sequence - b.sequence)) {
    const category = sittingOf(centre, seat)?.category ?? null;
    const id = JSON.stringify([seat.date, seat.startTime, EXAM_LEVELS.indexOf(seat.level), category]);
    let paper = papers.get(id);
    if (!paper) {
      paper = { level: seat.level, category, date: seat.date, startTime: seat.startTime, reportingTime: seat.reportingTime, rooms: [] };
      papers.set(id, paper);
    }
    let room = paper.rooms.find((r) => r.name.toLowerCase() === seat.room.toLowerCase());
    if (!room) {
      room = { name: seat.room, capacity: capacity.get(seat.room.toLowerCase()) ?? 0, seats: [] };
      paper.rooms.push(room);
    }
    room.seats.push({ candidateCode: seat.candidateCode, rollNumber: seat.rollNumber, seatInRoom: seat.seatInRoom });
  }
  const ordered = [...papers.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, paper]) => paper);
  for (const paper of ordered) {
    // A room the centre no longer has comes last, its capacity what it holds.
    for (const room of paper.rooms) room.capacity ||= room.seats.length;
    paper.rooms.sort((a, b) => (roomOrder.get(a.name.toLowerCase()) ?? Infinity) - (roomOrder.get(b.name.toLowerCase()) ?? Infinity) || a.name.localeCompare(b.name));
  }
  const details = {
    centre: { code: centre.code, name: centre.name, address: centre.address, district: centre.district, taluka: centre.taluka },
    rooms: centre.rooms.map((room) => ({ name: room.name, capacity: room.capacity })),
    papers: ordered,
  };
  const key = createHash('sha256').update(KEY_VERSION).update('\n').update(JSON.stringify(details)).digest('hex');
  return { key, ...details };
}
