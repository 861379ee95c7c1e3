/**
 * The seat allocation of one level: which centre, sitting, room and seat each candidate takes, and
 * their roll numbers. Pure and deterministic: no clock, no randomness, no database.
 *
 * Rules:
 * 1. Existing seats of the level (by an earlier allocation or by hand) are kept exactly as they
 *    are and hold their seat numbers; their candidates are not seated again.
 * 2. A candidate needs a sitting of (level, their category). Centres are tried in tiers:
 *    a. centres in the candidate's own taluka (same district, same taluka after normalising);
 *    b. any centre in their district;
 *    c. the centres of the other districts, nearest headquarters first (`nearestDistricts`).
 *    Within a tier: centres by code, then the centre's first sitting (by date, start time) of the
 *    category with a free seat. Tiers are taken in rounds over all candidates (everyone's own
 *    taluka first, then everyone's district, then everyone's nearest district, and so on), in
 *    candidate code order within a round, so a local candidate is never pushed out by someone
 *    from further away.
 *    A district that is not one of Maharashtra's 36 (maharashtra-districts.ts) matches only centres
 *    whose district reads the same after normalising (taluka first, then district).
 * 3. Unseated, with the reason: `no-sitting-for-category` when no centre has a sitting of the
 *    level for their category; else `district-unknown` when their district is not one of the 36
 *    and no centre of that name had room; else `no-room-in-taluka-district-or-nearby`.
 * 4. Capacity is never exceeded: a room of a sitting has seats 1..capacity, each given once.
 * 5. Schools are spread. Within one centre's sitting, the new candidates are ordered so schools
 *    interleave (largest school first, round-robin over schools, each school's candidates by
 *    code) and dealt to the sitting's rooms round-robin in the centre's room order, skipping full
 *    rooms. Within a room, the new candidates take its free seat numbers in ascending order,
 *    arranged so that two consecutive numbers hold different schools whenever possible: the
 *    room's candidates grouped by school, largest school first, fill every other free seat and
 *    then the ones between. If the largest school has at most ceil(n/2) of a room's n new
 *    candidates and the room had no earlier seats, no two neighbouring seats share a school (when
 *    it has more, its surplus sits together at the end of the room).
 * 6. Roll numbers: each centre's new seats take sequences after the highest existing sequence of
 *    that centre in the level, in the order (date, start time, room as listed in the centre, seat
 *    in room); the district part is the centre's district number (99 when unknown).
 * 7. The same input in any array order gives the same output, and running again with the output
 *    added to the existing seats seats nobody new and moves nobody.
 *
 * Cost: O(candidates x tiers tried + seats log seats): free seats are indexed by centre and
 * sitting, each tier keeps a cursor past its full sittings, and each district's tier list is
 * computed once.
 */
import type { Centre, ExamLevel, KbeCategory, RoomUse, Sitting, UnseatedReason } from '@kbe/contracts';
import { MAHARASHTRA_DISTRICTS, districtOf, nearestDistricts, normalisePlaceName } from './maharashtra-districts';
import { rollNumber } from './roll-number';

/** A centre as the allocation reads it: the contract's centre with its number (1..999) for roll numbers. */
export type AllocationCentre = Pick<Centre, 'code' | 'name' | 'address' | 'district' | 'taluka' | 'rooms' | 'sittings'> & { number: number };

export interface AllocationCandidate {
  candidateCode: string;
  category: KbeCategory;
  district: string;
  taluka: string;
  schoolCode: string;
}

export interface ExistingSeat {
  candidateCode: string;
  centreCode: string;
  room: string;
  seatInRoom: number;
  date: string;
  startTime: string;
  /** The roll number's sequence within the centre. */
  sequence: number;
  /** Assigned by hand rather than by an allocation. */
  manual: boolean;
}

export interface NewSeat {
  candidateCode: string;
  centreCode: string;
  room: string;
  seatInRoom: number;
  date: string;
  startTime: string;
  reportingTime: string;
  sequence: number;
  rollNumber: string;
}

export interface AllocationInput {
  level: ExamLevel;
  centres: readonly AllocationCentre[];
  /** Candidates of this level. */
  candidates: readonly AllocationCandidate[];
  /** Seats of this level already given. */
  existing: readonly ExistingSeat[];
}

export interface AllocationResult {
  /** In roll number order: centre code, then sequence. */
  seats: NewSeat[];
  /** By candidate code. */
  unseated: { candidateCode: string; reason: UnseatedReason }[];
  /** Every room of every sitting of the level, existing seats included: centre code, sitting, room order. */
  rooms: RoomUse[];
  kept: { allocated: number; manual: number };
}

const UNKNOWN_DISTRICT_NUMBER = 99;

interface RoomSlot {
  name: string;
  /** Rank of its centre, date and start time among all sittings: with `order`, the roll numbers' order. */
  timeRank: number;
  /** Position in the centre's room list. */
  order: number;
  capacity: number;
  /** taken[n] for seat n (1-based); may be longer than capacity + 1 when existing seats sit beyond it. */
  taken: boolean[];
  used: number;
  free: number;
  /** Candidates dealt to this room in this run. */
  dealt: AllocationCandidate[];
}

interface SittingSlot {
  centre: AllocationCentre;
  sitting: Sitting;
  rooms: RoomSlot[];
  free: number;
  /** Candidates given this sitting in this run. */
  assigned: AllocationCandidate[];
}

/** Sittings of one category in one tier (a taluka or a district), centre code then date and time, with a cursor past the full ones. */
interface TierQueue {
  slots: SittingSlot[];
  next: number;
}

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

interface DistrictKey {
  /** `#` and its number when it is one of the 36, else `?` and its normalised text. */
  key: string;
  known: number | null;
}

/** District keys and normalised talukas, each text worked out once per run (candidates repeat a few hundred names). */
function placeKeys() {
  const districts = new Map<string, DistrictKey>();
  const talukas = new Map<string, string>();
  return {
    district(text: string): DistrictKey {
      let found = districts.get(text);
      if (!found) {
        const entry = districtOf(text);
        found = entry ? { key: `#${entry.number}`, known: entry.number } : { key: `?${normalisePlaceName(text)}`, known: null };
        districts.set(text, found);
      }
      return found;
    },
    taluka(district: DistrictKey, text: string): string {
      let found = talukas.get(text);
      if (found === undefined) talukas.set(text, (found = normalisePlaceName(text)));
      return `${district.key}|${found}`;
    },
  };
}

const slotKey = (centreCode: string, date: string, startTime: string, room: string) => `${centreCode}\u0000${date}\u0000${startTime}\u0000${room.toLowerCase()}`;

export function allocateSeats(input: AllocationInput): AllocationResult {
  const { level } = input;
  const places = placeKeys();
  const centres = [...input.centres].sort((a, b) => compareText(a.code, b.code));
  const existing = [...input.existing].sort(
    (a, b) =>
      compareText(a.centreCode, b.centreCode) ||
      compareText(a.date, b.date) ||
      compareText(a.startTime, b.startTime) ||
      compareText(a.room, b.room) ||
      a.seatInRoom - b.seatInRoom ||
      compareText(a.candidateCode, b.candidateCode),
  );

  // Every room of every sitting of the level, and the queues of each tier.
  const sittings: SittingSlot[] = [];
  const roomSlots = new Map<string, RoomSlot>();
  const queues = new Map<string, TierQueue>();
  const categoriesOffered = new Set<KbeCategory>();
  const queue = (key: string): TierQueue => {
    let found = queues.get(key);
    if (!found) queues.set(key, (found = { slots: [], next: 0 }));
    return found;
  };
  let timeRank = -1;
  let lastTime = '';
  for (const centre of centres) {
    const roomOrder = new Map(centre.rooms.map((room, order) => [room.name.toLowerCase(), order]));
    const centreDistrict = places.district(centre.district).key;
    const centreTaluka = places.taluka(places.district(centre.district), centre.taluka);
    const levelSittings = centre.sittings
      .filter((sitting) => sitting.level === level)
      .sort(
        (a, b) =>
          compareText(a.date, b.date) ||
          compareText(a.startTime, b.startTime) ||
          compareText(a.category, b.category) ||
          compareText(roomsOfSittingLower(centre, a).join('\u0000'), roomsOfSittingLower(centre, b).join('\u0000')),
      );
    for (const sitting of levelSittings) {
      const time = `${centre.code}\u0000${sitting.date}\u0000${sitting.startTime}`;
      if (time !== lastTime) [timeRank, lastTime] = [timeRank + 1, time];
      const names = new Set(roomsOfSittingLower(centre, sitting));
      const rooms: RoomSlot[] = [];
      centre.rooms.forEach((room, order) => {
        if (!names.has(room.name.toLowerCase())) return;
        const key = slotKey(centre.code, sitting.date, sitting.startTime, room.name);
        // Two sittings at one time share no room (the contract refuses overlaps); first one wins if they do.
        if (roomSlots.has(key)) return;
        const slot: RoomSlot = { name: room.name, timeRank, order: roomOrder.get(room.name.toLowerCase()) ?? order, capacity: room.capacity, taken: [], used: 0, free: room.capacity, dealt: [] };
        roomSlots.set(key, slot);
        rooms.push(slot);
      });
      const slot: SittingSlot = { centre, sitting, rooms, free: 0, assigned: [] };
      sittings.push(slot);
      categoriesOffered.add(sitting.category);
      queue(`${centreTaluka}|${sitting.category}`).slots.push(slot);
      queue(`${centreDistrict}|${sitting.category}`).slots.push(slot);
    }
  }

  // Existing seats hold their numbers.
  const kept = { allocated: 0, manual: 0 };
  const alreadySeated = new Set<string>();
  const highestSequence = new Map<string, number>();
  for (const seat of existing) {
    if (seat.manual) kept.manual += 1;
    else kept.allocated += 1;
    alreadySeated.add(seat.candidateCode);
    highestSequence.set(seat.centreCode, Math.max(highestSequence.get(seat.centreCode) ?? 0, seat.sequence));
    const room = roomSlots.get(slotKey(seat.centreCode, seat.date, seat.startTime, seat.room));
    if (!room) continue;
    room.used += 1;
    if (!room.taken[seat.seatInRoom]) {
      room.taken[seat.seatInRoom] = true;
      if (seat.seatInRoom >= 1 && seat.seatInRoom <= room.capacity) room.free -= 1;
    }
  }
  for (const sitting of sittings) sitting.free = sitting.rooms.reduce((sum, room) => sum + room.free, 0);

  // Candidates to seat, by code, each with their tier list.
  const candidates = uniqueByCode(input.candidates).filter((candidate) => !alreadySeated.has(candidate.candidateCode));
  const unseated: { candidateCode: string; reason: UnseatedReason }[] = [];
  // Each district's tiers for a category (own district, then the nearest districts), worked out once.
  const tiersOfDistrict = new Map<string, (TierQueue | undefined)[]>();
  const tiersOf = (district: DistrictKey, category: KbeCategory): (TierQueue | undefined)[] => {
    const cacheKey = `${district.key}|${category}`;
    let tiers = tiersOfDistrict.get(cacheKey);
    if (!tiers) {
      const own = district.known === null ? undefined : MAHARASHTRA_DISTRICTS.find((entry) => entry.number === district.known);
      const keys = [district.key, ...(own ? nearestDistricts(own).map((other) => `#${other.number}`) : [])];
      tiers = keys.map((key) => queues.get(`${key}|${category}`));
      tiersOfDistrict.set(cacheKey, tiers);
    }
    return tiers;
  };
  interface Pending {
    candidate: AllocationCandidate;
    taluka: TierQueue | undefined;
    /** After the taluka: own district, then the nearest districts. */
    tiers: (TierQueue | undefined)[];
    known: boolean;
  }
  let pending: Pending[] = [];
  for (const candidate of candidates) {
    if (!categoriesOffered.has(candidate.category)) {
      unseated.push({ candidateCode: candidate.candidateCode, reason: 'no-sitting-for-category' });
      continue;
    }
    const district = places.district(candidate.district);
    const taluka = queues.get(`${places.taluka(district, candidate.taluka)}|${candidate.category}`);
    pending.push({ candidate, taluka, tiers: tiersOf(district, candidate.category), known: district.known !== null });
  }

  // Rounds: the own taluka for everyone, then the own district, then the nearest district, and so on.
  for (let tier = 0; pending.length > 0; tier += 1) {
    const still: Pending[] = [];
    for (const entry of pending) {
      if (tier > entry.tiers.length) {
        unseated.push({ candidateCode: entry.candidate.candidateCode, reason: entry.known ? 'no-room-in-taluka-district-or-nearby' : 'district-unknown' });
        continue;
      }
      const slot = takeFrom(tier === 0 ? entry.taluka : entry.tiers[tier - 1]);
      if (slot) slot.assigned.push(entry.candidate);
      else still.push(entry);
    }
    pending = still;
  }

  // Rooms and seat numbers within each sitting, then sequences per centre.
  const placed: { slot: SittingSlot; room: RoomSlot; seatInRoom: number; candidate: AllocationCandidate }[] = [];
  for (const slot of sittings) {
    if (slot.assigned.length === 0) continue;
    dealToRooms(slot);
    for (const room of slot.rooms) {
      if (room.dealt.length === 0) continue;
      const seats = freeSeatNumbers(room, room.dealt.length);
      spreadBySchool(room.dealt).forEach((candidate, i) => {
        const seatInRoom = seats[i] as number;
        room.taken[seatInRoom] = true;
        room.used += 1;
        placed.push({ slot, room, seatInRoom, candidate });
      });
      room.free -= room.dealt.length;
    }
  }
  // Centre code, date, start time (timeRank), room as listed in the centre, seat.
  placed.sort((a, b) => a.room.timeRank - b.room.timeRank || a.room.order - b.room.order || a.seatInRoom - b.seatInRoom);
  const seats: NewSeat[] = placed.map(({ slot, room, seatInRoom, candidate }) => {
    const { centre, sitting } = slot;
    const sequence = (highestSequence.get(centre.code) ?? 0) + 1;
    highestSequence.set(centre.code, sequence);
    return {
      candidateCode: candidate.candidateCode,
      centreCode: centre.code,
      room: room.name,
      seatInRoom,
      date: sitting.date,
      startTime: sitting.startTime,
      reportingTime: sitting.reportingTime,
      sequence,
      rollNumber: rollNumber({ level, districtNumber: places.district(centre.district).known ?? UNKNOWN_DISTRICT_NUMBER, centreNumber: centre.number, sequence }),
    };
  });

  const rooms: RoomUse[] = sittings.flatMap(({ centre, sitting, rooms: used }) =>
    used.map((room) => ({
      centreCode: centre.code,
      room: room.name,
      level,
      category: sitting.category,
      date: sitting.date,
      startTime: sitting.startTime,
      used: room.used,
      capacity: room.capacity,
    })),
  );
  unseated.sort((a, b) => compareText(a.candidateCode, b.candidateCode));
  return { seats, unseated, rooms, kept };
}

function roomsOfSittingLower(centre: AllocationCentre, sitting: Sitting): string[] {
  return (sitting.rooms ?? centre.rooms.map((room) => room.name)).map((name) => name.toLowerCase());
}

function uniqueByCode(candidates: readonly AllocationCandidate[]): AllocationCandidate[] {
  const sorted = [...candidates].sort((a, b) => compareText(a.candidateCode, b.candidateCode));
  return sorted.filter((candidate, i) => i === 0 || sorted[i - 1]?.candidateCode !== candidate.candidateCode);
}

/** The tier's first sitting with a free seat (taking one), or null when the tier is full. */
function takeFrom(tier: TierQueue | undefined): SittingSlot | null {
  if (!tier) return null;
  while (tier.next < tier.slots.length) {
    const slot = tier.slots[tier.next] as SittingSlot;
    if (slot.free > slot.assigned.length) return slot;
    tier.next += 1;
  }
  return null;
}

/** Deal a sitting's new candidates to its rooms, schools interleaved, round-robin over rooms with room left. */
function dealToRooms(slot: SittingSlot): void {
  const order = interleaveSchools(slot.assigned);
  const open = slot.rooms.filter((room) => room.free > 0);
  let at = 0;
  for (const candidate of order) {
    while ((open[at % open.length] as RoomSlot).dealt.length >= (open[at % open.length] as RoomSlot).free) {
      open.splice(at % open.length, 1);
      if (open.length === 0) throw new Error(`Sitting ${slot.centre.code} ${slot.sitting.date} ${slot.sitting.startTime} was given more candidates than seats`);
      at %= open.length;
    }
    const room = open[at % open.length] as RoomSlot;
    room.dealt.push(candidate);
    at = (at % open.length) + 1;
  }
}

/** Schools by size (largest first, then code), each school's candidates by code. */
function schoolsBySize(candidates: readonly AllocationCandidate[]): AllocationCandidate[][] {
  const bySchool = new Map<string, AllocationCandidate[]>();
  for (const candidate of candidates) {
    const list = bySchool.get(candidate.schoolCode);
    if (list) list.push(candidate);
    else bySchool.set(candidate.schoolCode, [candidate]);
  }
  return [...bySchool.entries()]
    .sort(([codeA, a], [codeB, b]) => b.length - a.length || compareText(codeA, codeB))
    .map(([, list]) => list.sort((a, b) => compareText(a.candidateCode, b.candidateCode)));
}

/** One of each school in turn (largest school first), until all are out. */
export function interleaveSchools(candidates: readonly AllocationCandidate[]): AllocationCandidate[] {
  let schools = schoolsBySize(candidates);
  const order: AllocationCandidate[] = [];
  for (let round = 0; schools.length > 0; round += 1) {
    for (const school of schools) order.push(school[round] as AllocationCandidate);
    // Largest first, so the schools still going are a prefix.
    const going = schools.findIndex((school) => school.length <= round + 1);
    if (going !== -1) schools = schools.slice(0, going);
  }
  return order;
}

/**
 * The order in which a room's new candidates take its free seats: grouped by school, largest first,
 * filling positions 0, 2, 4, ... then 1, 3, 5, ... so neighbours differ whenever the largest school
 * has at most half (rounded up). When it has more, its surplus goes last, so its pupils who must
 * sit side by side do so in one run at the end rather than in several.
 */
export function spreadBySchool(candidates: readonly AllocationCandidate[]): AllocationCandidate[] {
  const [largest = [], ...others] = schoolsBySize(candidates);
  const half = Math.ceil(candidates.length / 2);
  const grouped = [...largest.slice(0, half), ...others.flat(), ...largest.slice(half)];
  const result = new Array<AllocationCandidate>(grouped.length);
  let position = 0;
  for (const candidate of grouped) {
    result[position] = candidate;
    position += 2;
    if (position >= grouped.length) position = 1;
  }
  return result;
}

/** The lowest `count` free seat numbers of a room. */
function freeSeatNumbers(room: RoomSlot, count: number): number[] {
  const numbers: number[] = [];
  for (let seat = 1; seat <= room.capacity && numbers.length < count; seat += 1) {
    if (!room.taken[seat]) numbers.push(seat);
  }
  if (numbers.length < count) throw new Error(`Room ${room.name} was dealt more candidates than free seats`);
  return numbers;
}
