/** Centres, candidates and seats for the allocation's tests and benchmark. */
import { KBE_CATEGORIES, type ExamLevel, type KbeCategory, type Sitting } from '@kbe/contracts';
import fc from 'fast-check';
import { allocateSeats, type AllocationCandidate, type AllocationCentre, type AllocationInput, type ExistingSeat } from './allocate-seats';

export function sittingOf(partial: Partial<Sitting> = {}): Sitting {
  return { level: 'Mains', category: 'Prime', date: '2026-01-18', startTime: '10:00', reportingTime: '09:15', ...partial };
}

export function centreOf(partial: Partial<AllocationCentre> & Pick<AllocationCentre, 'code'>): AllocationCentre {
  return {
    number: 1,
    name: `Centre ${partial.code}`,
    address: `${partial.code} Road`,
    district: 'Pune',
    taluka: 'Haveli',
    rooms: [{ name: 'R1', capacity: 10 }],
    sittings: [sittingOf()],
    ...partial,
  };
}

export function candidateOf(partial: Partial<AllocationCandidate> & Pick<AllocationCandidate, 'candidateCode'>): AllocationCandidate {
  return { category: 'Prime', district: 'Pune', taluka: 'Haveli', schoolCode: 'SCH1', ...partial };
}

export function existingSeatOf(partial: Partial<ExistingSeat> & Pick<ExistingSeat, 'candidateCode' | 'centreCode'>): ExistingSeat {
  return { room: 'R1', seatInRoom: 1, date: '2026-01-18', startTime: '10:00', sequence: 1, manual: false, ...partial };
}

/** Districts of the random worlds: a few neighbours, one far away, aliases, and one that is not Maharashtra's. */
export const WORLD_DISTRICTS = ['Pune', 'Satara', 'Poona', 'Mumbai City', 'Mumbai Suburban', 'Nagpur', 'Ahmednagar', 'Ahilyanagar', 'Belagavi'];
export const WORLD_TALUKAS = ['Haveli', 'Mulshi', 'Karad'];
export const WORLD_SCHOOLS = ['S1', 'S2', 'S3', 'S4'];
const SLOTS = [
  { date: '2026-01-18', startTime: '10:00', reportingTime: '09:15' },
  { date: '2026-01-18', startTime: '14:00', reportingTime: '13:15' },
  { date: '2026-01-25', startTime: '10:00', reportingTime: '09:15' },
] as const;

/** A centre's sittings: at each time, none, one (all rooms or some) or two sharing the rooms out. */
const sittingsArbitrary = (roomNames: string[]): fc.Arbitrary<Sitting[]> =>
  fc
    .tuple(
      ...SLOTS.map((slot) =>
        fc.oneof(
          fc.constant<Sitting[]>([]),
          fc.record({ level: fc.constantFrom<ExamLevel>('Mains', 'Mains', 'Mains', 'Advanced'), category: fc.constantFrom(...KBE_CATEGORIES), some: fc.boolean() }).map(({ level, category, some }) => [
            sittingOf({ ...slot, level, category, ...(some ? { rooms: roomNames.slice(0, Math.max(1, roomNames.length - 1)) } : {}) }),
          ]),
          fc.tuple(fc.constantFrom(...KBE_CATEGORIES), fc.constantFrom(...KBE_CATEGORIES), fc.integer({ min: 1, max: 3 })).map(([first, second, cut]) =>
            roomNames.length < 2
              ? [sittingOf({ ...slot, category: first })]
              : [
                  sittingOf({ ...slot, category: first, rooms: roomNames.slice(0, Math.min(cut, roomNames.length - 1)) }),
                  sittingOf({ ...slot, category: second, rooms: roomNames.slice(Math.min(cut, roomNames.length - 1)) }),
                ],
          ),
        ),
      ),
    )
    .map((perSlot) => perSlot.flat());

const centreArbitrary = (index: number): fc.Arbitrary<AllocationCentre> =>
  fc
    .record({
      district: fc.constantFrom(...WORLD_DISTRICTS),
      taluka: fc.constantFrom(...WORLD_TALUKAS),
      capacities: fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 1, maxLength: 4 }),
    })
    .chain(({ district, taluka, capacities }) => {
      // Rooms listed in a shuffled order of names, so "the centre's order" is not alphabetical.
      const rooms = capacities.map((capacity, i) => ({ name: `Room ${String.fromCharCode(68 - i)}`, capacity }));
      return sittingsArbitrary(rooms.map((room) => room.name)).map((sittings) =>
        centreOf({ code: `CEN${String(index).padStart(2, '0')}`, number: index + 1, district, taluka, rooms, sittings }),
      );
    });

const candidatesArbitrary = fc
  .array(
    fc.record({
      category: fc.constantFrom<KbeCategory>(...KBE_CATEGORIES),
      district: fc.constantFrom(...WORLD_DISTRICTS, 'pune district', 'Mumbai'),
      taluka: fc.constantFrom(...WORLD_TALUKAS, 'haveli '),
      schoolCode: fc.constantFrom(...WORLD_SCHOOLS),
    }),
    { maxLength: 70, size: 'large' },
  )
  .map((list) => list.map((candidate, i) => ({ candidateCode: `C${String(i).padStart(4, '0')}`, ...candidate })));

export interface World {
  input: AllocationInput;
}

/**
 * A random world: 1 to 6 centres, up to 70 candidates, and existing seats made the way they come
 * about (an earlier allocation of some of the candidates, some of them then unseated, some marked manual).
 */
export const worldArbitrary: fc.Arbitrary<AllocationInput> = fc
  .record({
    level: fc.constantFrom<ExamLevel>('Mains', 'Mains', 'Mains', 'Advanced'),
    centres: fc.integer({ min: 1, max: 6 }).chain((count) => fc.tuple(...Array.from({ length: count }, (_, i) => centreArbitrary(i)))),
    candidates: candidatesArbitrary,
    earlier: fc.array(fc.boolean(), { minLength: 70, maxLength: 70 }),
    keep: fc.array(fc.constantFrom('keep', 'manual', 'drop'), { minLength: 70, maxLength: 70 }),
  })
  .map(({ level, centres, candidates, earlier, keep }) => {
    const first = allocateSeats({ level, centres, candidates: candidates.filter((_, i) => earlier[i]), existing: [] });
    const existing: ExistingSeat[] = first.seats.flatMap((seat, i) =>
      keep[i] === 'drop' ? [] : [{ candidateCode: seat.candidateCode, centreCode: seat.centreCode, room: seat.room, seatInRoom: seat.seatInRoom, date: seat.date, startTime: seat.startTime, sequence: seat.sequence, manual: keep[i] === 'manual' }],
    );
    return { level, centres, candidates, existing };
  });

/** The same input with every array (centres, their sittings, candidates, existing seats) in another order. */
export function shuffled(input: AllocationInput, seed: number): AllocationInput {
  let state = seed >>> 0 || 1;
  const random = () => {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    return state / 2 ** 32;
  };
  const mix = <T>(list: readonly T[]): T[] => {
    const copy = [...list];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
    }
    return copy;
  };
  return {
    level: input.level,
    centres: mix(input.centres).map((centre) => ({ ...centre, sittings: mix(centre.sittings) })),
    candidates: mix(input.candidates),
    existing: mix(input.existing),
  };
}

/** A state-sized input: `centreCount` centres of `roomsPerCentre` rooms over the 36 districts, `candidateCount` Mains candidates. */
export function largeInput(candidateCount: number, centreCount: number, roomsPerCentre: number): AllocationInput {
  const districts = ['Pune', 'Nashik', 'Nagpur', 'Thane', 'Solapur', 'Kolhapur', 'Satara', 'Sangli', 'Latur', 'Beed', 'Jalgaon', 'Akola', 'Amravati', 'Wardha', 'Raigad', 'Ratnagiri', 'Dhule', 'Nanded', 'Parbhani', 'Jalna', 'Hingoli', 'Washim', 'Yavatmal', 'Chandrapur', 'Gadchiroli', 'Gondia', 'Bhandara', 'Buldhana', 'Nandurbar', 'Palghar', 'Mumbai City', 'Mumbai Suburban', 'Ahilyanagar', 'Chhatrapati Sambhajinagar', 'Dharashiv', 'Sindhudurg'];
  const talukas = ['North', 'South', 'East', 'West'];
  const centres = Array.from({ length: centreCount }, (_, i) =>
    centreOf({
      code: `C${String(i).padStart(4, '0')}`,
      number: (i % 999) + 1,
      district: districts[i % districts.length] as string,
      taluka: talukas[i % talukas.length] as string,
      rooms: Array.from({ length: roomsPerCentre }, (_, r) => ({ name: `R${r + 1}`, capacity: 20 })),
      sittings: KBE_CATEGORIES.map((category, k) => sittingOf({ category, date: `2026-01-${String(18 + k).padStart(2, '0')}` })),
    }),
  );
  const candidates = Array.from({ length: candidateCount }, (_, i) =>
    candidateOf({
      candidateCode: `KBE${String(i * 7919 % 1_000_003).padStart(7, '0')}`,
      category: KBE_CATEGORIES[i % 3] as KbeCategory,
      district: districts[(i * 13) % districts.length] as string,
      taluka: talukas[(i * 7) % talukas.length] as string,
      schoolCode: `SCH${(i * 31) % 900}`,
    }),
  );
  return { level: 'Mains', centres, candidates, existing: [] };
}
