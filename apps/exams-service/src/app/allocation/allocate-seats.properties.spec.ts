/**
 * The allocation's promises, checked over random centre layouts, candidates and earlier seats
 * (allocation.fixture.ts): capacity, one seat per candidate, true reasons, tiers, fairness, the
 * spread of schools, roll numbers, determinism and stability.
 */
import type { RoomUse } from '@kbe/contracts';
import fc from 'fast-check';
import { allocateSeats, type AllocationCandidate, type AllocationCentre, type AllocationInput, type AllocationResult, type NewSeat } from './allocate-seats';
import { candidateOf, centreOf, shuffled, worldArbitrary } from './allocation.fixture';
import { districtOf, nearestDistricts, normalisePlaceName } from './maharashtra-districts';
import { isValidRollNumber } from './roll-number';

const RUNS = { numRuns: 300 };
const roomKey = (centreCode: string, date: string, startTime: string, room: string) => `${centreCode}|${date}|${startTime}|${room}`;

/** Which tier a centre is for a candidate (0 own taluka, 1 own district, 2.. the nearest districts), or null when not allowed. Written apart from the engine on purpose. */
function tierOf(candidate: AllocationCandidate, centre: AllocationCentre): number | null {
  const own = districtOf(candidate.district);
  const theirs = districtOf(centre.district);
  const sameTaluka = normalisePlaceName(candidate.taluka) === normalisePlaceName(centre.taluka);
  if (!own) {
    if (theirs || normalisePlaceName(candidate.district) !== normalisePlaceName(centre.district)) return null;
    return sameTaluka ? 0 : 1;
  }
  if (!theirs) return null;
  if (own.number === theirs.number) return sameTaluka ? 0 : 1;
  return 2 + nearestDistricts(own).indexOf(theirs);
}

/** Free seats left per centre and sitting time for a category, from the rooms the result reports. */
function freeAfter(result: AllocationResult): Map<string, number> {
  const free = new Map<string, number>();
  for (const room of result.rooms) {
    const key = `${room.centreCode}|${room.date}|${room.startTime}|${room.category}`;
    free.set(key, (free.get(key) ?? 0) + Math.max(0, room.capacity - room.used));
  }
  return free;
}

/** The sittings of the level at the centre for a category, with the free seats left in each. */
function sittingsFor(input: AllocationInput, free: Map<string, number>, centre: AllocationCentre, category: string) {
  return centre.sittings
    .filter((sitting) => sitting.level === input.level && sitting.category === category)
    .map((sitting) => ({ sitting, free: free.get(`${centre.code}|${sitting.date}|${sitting.startTime}|${category}`) ?? 0 }));
}

describe('allocateSeats, over random worlds', () => {
  it('never exceeds a room, never gives a seat twice, and counts rooms truly', () => {
    fc.assert(
      fc.property(worldArbitrary, (input) => {
        const result = allocateSeats(input);
        const capacity = new Map<string, number>();
        for (const centre of input.centres) for (const room of centre.rooms) capacity.set(`${centre.code}|${room.name}`, room.capacity);
        const taken = new Set<string>();
        const used = new Map<string, number>();
        for (const seat of [...input.existing, ...result.seats]) {
          const key = roomKey(seat.centreCode, seat.date, seat.startTime, seat.room);
          expect(taken.has(`${key}|${seat.seatInRoom}`)).toBe(false);
          taken.add(`${key}|${seat.seatInRoom}`);
          used.set(key, (used.get(key) ?? 0) + 1);
        }
        for (const seat of result.seats) {
          expect(seat.seatInRoom).toBeGreaterThanOrEqual(1);
          expect(seat.seatInRoom).toBeLessThanOrEqual(capacity.get(`${seat.centreCode}|${seat.room}`) ?? 0);
        }
        for (const room of result.rooms) {
          expect(room.used).toBe(used.get(roomKey(room.centreCode, room.date, room.startTime, room.room)) ?? 0);
          expect(room.used).toBeLessThanOrEqual(room.capacity);
          expect(room.level).toBe(input.level);
        }
        // Every new seat is in a reported room.
        const reported = new Set(result.rooms.map((room) => roomKey(room.centreCode, room.date, room.startTime, room.room)));
        for (const seat of result.seats) expect(reported.has(roomKey(seat.centreCode, seat.date, seat.startTime, seat.room))).toBe(true);
      }),
      RUNS,
    );
  });

  it('seats each candidate once or says why not, leaves existing seats alone and counts them as kept', () => {
    fc.assert(
      fc.property(worldArbitrary, (input) => {
        const result = allocateSeats(input);
        const existing = new Set(input.existing.map((seat) => seat.candidateCode));
        const seated = result.seats.map((seat) => seat.candidateCode);
        const unseated = result.unseated.map((entry) => entry.candidateCode);
        expect(new Set(seated).size).toBe(seated.length);
        expect(new Set(unseated).size).toBe(unseated.length);
        for (const code of [...seated, ...unseated]) expect(existing.has(code)).toBe(false);
        expect([...seated, ...unseated].sort()).toEqual(input.candidates.map((candidate) => candidate.candidateCode).filter((code) => !existing.has(code)).sort());
        expect(result.kept).toEqual({ allocated: input.existing.filter((seat) => !seat.manual).length, manual: input.existing.filter((seat) => seat.manual).length });
      }),
      RUNS,
    );
  });

  it('gives each new seat in a sitting of the level and the candidate category, at a centre they may go to', () => {
    fc.assert(
      fc.property(worldArbitrary, (input) => {
        const result = allocateSeats(input);
        const centres = new Map(input.centres.map((centre) => [centre.code, centre]));
        const candidates = new Map(input.candidates.map((candidate) => [candidate.candidateCode, candidate]));
        for (const seat of result.seats) {
          const centre = centres.get(seat.centreCode) as AllocationCentre;
          const candidate = candidates.get(seat.candidateCode) as AllocationCandidate;
          const sitting = centre.sittings.find((entry) => entry.date === seat.date && entry.startTime === seat.startTime && (entry.rooms ?? centre.rooms.map((room) => room.name)).includes(seat.room));
          expect(sitting).toMatchObject({ level: input.level, category: candidate.category, reportingTime: seat.reportingTime });
          expect(tierOf(candidate, centre)).not.toBeNull();
        }
      }),
      RUNS,
    );
  });

  it('gives a true reason for every candidate left unseated', () => {
    fc.assert(
      fc.property(worldArbitrary, (input) => {
        const result = allocateSeats(input);
        const free = freeAfter(result);
        const candidates = new Map(input.candidates.map((candidate) => [candidate.candidateCode, candidate]));
        for (const { candidateCode, reason } of result.unseated) {
          const candidate = candidates.get(candidateCode) as AllocationCandidate;
          const offered = input.centres.flatMap((centre) => sittingsFor(input, free, centre, candidate.category));
          if (reason === 'no-sitting-for-category') {
            expect(offered).toEqual([]);
            continue;
          }
          expect(offered.length).toBeGreaterThan(0);
          expect(reason).toBe(districtOf(candidate.district) ? 'no-room-in-taluka-district-or-nearby' : 'district-unknown');
          for (const centre of input.centres) {
            if (tierOf(candidate, centre) === null) continue;
            for (const entry of sittingsFor(input, free, centre, candidate.category)) expect(entry.free).toBe(0);
          }
        }
      }),
      RUNS,
    );
  });

  it('prefers the taluka over the district over the nearest districts, and never lets a farther candidate take a nearer one\'s seat', () => {
    fc.assert(
      fc.property(worldArbitrary, (input) => {
        const result = allocateSeats(input);
        const free = freeAfter(result);
        const centres = new Map(input.centres.map((centre) => [centre.code, centre]));
        const candidates = new Map(input.candidates.map((candidate) => [candidate.candidateCode, candidate]));
        const newBySitting = new Map<string, AllocationCandidate[]>();
        for (const seat of result.seats) {
          const centre = centres.get(seat.centreCode) as AllocationCentre;
          const candidate = candidates.get(seat.candidateCode) as AllocationCandidate;
          const key = `${seat.centreCode}|${seat.date}|${seat.startTime}|${candidate.category}`;
          newBySitting.set(key, [...(newBySitting.get(key) ?? []), candidate]);
          const tier = tierOf(candidate, centre) as number;
          for (const other of input.centres) {
            const otherTier = tierOf(candidate, other);
            if (otherTier === null || otherTier >= tier) continue;
            // A nearer tier has no seat left for them...
            for (const entry of sittingsFor(input, free, other, candidate.category)) expect(entry.free).toBe(0);
          }
        }
        // ...and nobody seated there in this run came from farther away than they would have.
        for (const seat of result.seats) {
          const candidate = candidates.get(seat.candidateCode) as AllocationCandidate;
          const tier = tierOf(candidate, centres.get(seat.centreCode) as AllocationCentre) as number;
          for (const other of input.centres) {
            const otherTier = tierOf(candidate, other);
            if (otherTier === null || otherTier >= tier) continue;
            for (const { sitting } of sittingsFor(input, free, other, candidate.category)) {
              for (const rival of newBySitting.get(`${other.code}|${sitting.date}|${sitting.startTime}|${candidate.category}`) ?? []) {
                expect(tierOf(rival, other)).toBeLessThanOrEqual(otherTier);
              }
            }
          }
        }
      }),
      RUNS,
    );
  });

  it('deals a sitting\'s new candidates evenly over its rooms, a room getting fewer only when it is full', () => {
    fc.assert(
      fc.property(worldArbitrary, (input) => {
        const result = allocateSeats(input);
        const newPerRoom = new Map<string, number>();
        for (const seat of result.seats) {
          const key = roomKey(seat.centreCode, seat.date, seat.startTime, seat.room);
          newPerRoom.set(key, (newPerRoom.get(key) ?? 0) + 1);
        }
        const roomUse = new Map(result.rooms.map((room) => [roomKey(room.centreCode, room.date, room.startTime, room.room), room]));
        const bySitting = input.centres.flatMap((centre) =>
          centre.sittings
            .filter((sitting) => sitting.level === input.level)
            .map((sitting) => (sitting.rooms ?? centre.rooms.map((room) => room.name)).map((name) => roomUse.get(roomKey(centre.code, sitting.date, sitting.startTime, name)) as RoomUse)),
        );
        for (const rooms of bySitting) {
          const counts = rooms.map((room) => ({ room, added: newPerRoom.get(roomKey(room.centreCode, room.date, room.startTime, room.room)) ?? 0 }));
          if (counts.every(({ added }) => added === 0)) continue;
          for (const a of counts) for (const b of counts) if (a.added >= b.added + 2) expect(b.room.used).toBe(b.room.capacity);
        }
      }),
      RUNS,
    );
  });

  it('keeps neighbouring seats apart for one school whenever a fresh room allows it', () => {
    fc.assert(
      fc.property(worldArbitrary, (input) => {
        const result = allocateSeats(input);
        const schoolOf = new Map(input.candidates.map((candidate) => [candidate.candidateCode, candidate.schoolCode]));
        const hadSeats = new Set(input.existing.map((seat) => roomKey(seat.centreCode, seat.date, seat.startTime, seat.room)));
        const byRoom = new Map<string, NewSeat[]>();
        for (const seat of result.seats) {
          const key = roomKey(seat.centreCode, seat.date, seat.startTime, seat.room);
          byRoom.set(key, [...(byRoom.get(key) ?? []), seat]);
        }
        for (const [key, seats] of byRoom) {
          if (hadSeats.has(key)) continue;
          const numbers = seats.map((seat) => seat.seatInRoom).sort((a, b) => a - b);
          expect(numbers).toEqual(numbers.map((_, i) => i + 1));
          const schools = new Map<string, number>();
          for (const seat of seats) schools.set(schoolOf.get(seat.candidateCode) as string, (schools.get(schoolOf.get(seat.candidateCode) as string) ?? 0) + 1);
          if (Math.max(...schools.values()) > Math.ceil(seats.length / 2)) continue;
          const bySeat = new Map(seats.map((seat) => [seat.seatInRoom, schoolOf.get(seat.candidateCode)]));
          for (let n = 1; n < seats.length; n += 1) expect(bySeat.get(n)).not.toBe(bySeat.get(n + 1));
        }
      }),
      RUNS,
    );
  });

  it('numbers new seats after each centre\'s highest sequence, contiguously, in sitting, room and seat order, with valid unique roll numbers', () => {
    fc.assert(
      fc.property(worldArbitrary, (input) => {
        const result = allocateSeats(input);
        const rolls = result.seats.map((seat) => seat.rollNumber);
        expect(new Set(rolls).size).toBe(rolls.length);
        for (const roll of rolls) expect(isValidRollNumber(roll)).toBe(true);
        for (const centre of input.centres) {
          const seats = result.seats.filter((seat) => seat.centreCode === centre.code);
          const highest = Math.max(0, ...input.existing.filter((seat) => seat.centreCode === centre.code).map((seat) => seat.sequence));
          expect(seats.map((seat) => seat.sequence)).toEqual(seats.map((_, i) => highest + i + 1));
          const roomOrder = (name: string) => centre.rooms.findIndex((room) => room.name === name);
          const inOrder = [...seats].sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime) || roomOrder(a.room) - roomOrder(b.room) || a.seatInRoom - b.seatInRoom);
          expect(inOrder).toEqual(seats);
          const district = String(districtOf(centre.district)?.number ?? 99).padStart(2, '0');
          for (const seat of seats) {
            expect(seat.rollNumber.startsWith(`${input.level === 'Mains' ? 'M' : 'A'}-${district}-${String(centre.number).padStart(3, '0')}-${String(seat.sequence).padStart(4, '0')}-`)).toBe(true);
          }
        }
      }),
      RUNS,
    );
  });

  it('answers the same whatever the order of centres, sittings, candidates and existing seats', () => {
    fc.assert(
      fc.property(worldArbitrary, fc.integer({ min: 1, max: 2 ** 31 }), (input, seed) => {
        expect(allocateSeats(shuffled(input, seed))).toEqual(allocateSeats(input));
      }),
      RUNS,
    );
  });

  it('seats nobody new and moves nobody when run again on its own output', () => {
    fc.assert(
      fc.property(worldArbitrary, (input) => {
        const first = allocateSeats(input);
        const again = allocateSeats({
          ...input,
          existing: [...input.existing, ...first.seats.map(({ candidateCode, centreCode, room, seatInRoom, date, startTime, sequence }) => ({ candidateCode, centreCode, room, seatInRoom, date, startTime, sequence, manual: false }))],
        });
        expect(again.seats).toEqual([]);
        expect(again.unseated).toEqual(first.unseated);
        expect(again.rooms).toEqual(first.rooms);
        expect(again.kept.allocated + again.kept.manual).toBe(input.existing.length + first.seats.length);
      }),
      RUNS,
    );
  });

  it('spreads the schools of one full room, seat by seat, whenever no school has more than half', () => {
    const room = fc
      .array(fc.constantFrom('S1', 'S2', 'S3', 'S4', 'S5'), { minLength: 1, maxLength: 60 })
      .filter((schools) => Math.max(...schoolCounts(schools)) <= Math.ceil(schools.length / 2));
    fc.assert(
      fc.property(room, fc.integer({ min: 0, max: 20 }), (schools, spare) => {
        const candidates = schools.map((schoolCode, i) => candidateOf({ candidateCode: `C${String((i * 37) % 101).padStart(3, '0')}${i}`, schoolCode }));
        const result = allocateSeats({ level: 'Mains', centres: [centreOf({ code: 'PUN01', rooms: [{ name: 'Hall', capacity: schools.length + spare }] })], candidates, existing: [] });
        const schoolOf = new Map(candidates.map((candidate) => [candidate.candidateCode, candidate.schoolCode]));
        const bySeat = new Map(result.seats.map((seat) => [seat.seatInRoom, schoolOf.get(seat.candidateCode)]));
        expect([...bySeat.keys()].sort((a, b) => a - b)).toEqual(schools.map((_, i) => i + 1));
        for (let n = 1; n < schools.length; n += 1) expect(bySeat.get(n)).not.toBe(bySeat.get(n + 1));
      }),
      RUNS,
    );
  });
});

function schoolCounts(schools: string[]): number[] {
  const counts = new Map<string, number>();
  for (const school of schools) counts.set(school, (counts.get(school) ?? 0) + 1);
  return [...counts.values()];
}
