import { allocateSeats, interleaveSchools, spreadBySchool, type AllocationInput } from './allocate-seats';
import { candidateOf, centreOf, existingSeatOf, sittingOf } from './allocation.fixture';
import { isValidRollNumber, rollNumber } from './roll-number';

const run = (partial: Partial<AllocationInput>) => allocateSeats({ level: 'Mains', centres: [], candidates: [], existing: [], ...partial });
const centreOfSeat = (result: ReturnType<typeof allocateSeats>) => Object.fromEntries(result.seats.map((seat) => [seat.candidateCode, seat.centreCode]));

describe('allocateSeats', () => {
  describe('centre preference', () => {
    const centres = [
      centreOf({ code: 'PUN02', district: 'Pune', taluka: 'Mulshi', rooms: [{ name: 'R1', capacity: 1 }] }),
      centreOf({ code: 'PUN01', district: 'Pune', taluka: 'Haveli', rooms: [{ name: 'R1', capacity: 1 }] }),
      centreOf({ code: 'SAT01', district: 'Satara', taluka: 'Karad', rooms: [{ name: 'R1', capacity: 1 }] }),
      centreOf({ code: 'NAG01', district: 'Nagpur', taluka: 'Nagpur', rooms: [{ name: 'R1', capacity: 5 }] }),
    ];

    it('seats a candidate in their own taluka first, then their district, then the nearest district', () => {
      const result = run({ centres, candidates: ['C1', 'C2', 'C3', 'C4'].map((candidateCode) => candidateOf({ candidateCode, district: 'Pune', taluka: 'Haveli' })) });
      // Pune's nearest district is Satara (about 110 km); Nagpur is about 700 km away.
      expect(centreOfSeat(result)).toEqual({ C1: 'PUN01', C2: 'PUN02', C3: 'SAT01', C4: 'NAG01' });
    });

    it('reads taluka and district names loosely (case, spaces, aliases)', () => {
      const result = run({ centres, candidates: [candidateOf({ candidateCode: 'C1', district: ' poona district', taluka: 'MULSHI ' })] });
      expect(centreOfSeat(result)).toEqual({ C1: 'PUN02' });
    });

    it('does not let a candidate from farther away take a local candidate\'s seat, whatever their codes', () => {
      const result = run({
        centres,
        candidates: [
          candidateOf({ candidateCode: 'A-SATARA', district: 'Satara', taluka: 'Wai' }),
          candidateOf({ candidateCode: 'B-SATARA', district: 'Satara', taluka: 'Wai' }),
          candidateOf({ candidateCode: 'Z-KARAD', district: 'Satara', taluka: 'Karad' }),
        ],
      });
      // A and B come first by code, but Z is from the centre's own taluka.
      expect(centreOfSeat(result)).toEqual({ 'Z-KARAD': 'SAT01', 'A-SATARA': 'PUN01', 'B-SATARA': 'PUN02' });
    });

    it('within a tier takes centres by code, then the earliest sitting with room', () => {
      const twoSittings = centreOf({
        code: 'PUN05',
        rooms: [{ name: 'R1', capacity: 1 }],
        sittings: [sittingOf({ date: '2026-01-25' }), sittingOf({ date: '2026-01-18', startTime: '14:00', reportingTime: '13:30' }), sittingOf({ date: '2026-01-18' })],
      });
      const other = centreOf({ code: 'PUN09', rooms: [{ name: 'R1', capacity: 1 }] });
      const result = run({ centres: [other, twoSittings], candidates: ['C1', 'C2', 'C3', 'C4'].map((candidateCode) => candidateOf({ candidateCode })) });
      expect(result.seats.map((seat) => [seat.candidateCode, seat.centreCode, seat.date, seat.startTime])).toEqual([
        ['C1', 'PUN05', '2026-01-18', '10:00'],
        ['C2', 'PUN05', '2026-01-18', '14:00'],
        ['C3', 'PUN05', '2026-01-25', '10:00'],
        ['C4', 'PUN09', '2026-01-18', '10:00'],
      ]);
    });

    it('uses only sittings of the level and the candidate\'s category', () => {
      const centre = centreOf({
        code: 'PUN01',
        sittings: [sittingOf({ level: 'Advanced', category: 'Sec' }), sittingOf({ category: 'Prime', startTime: '14:00', reportingTime: '13:00' }), sittingOf({ category: 'Sec', date: '2026-01-19' })],
      });
      const result = run({ centres: [centre], candidates: [candidateOf({ candidateCode: 'C1', category: 'Sec' }), candidateOf({ candidateCode: 'C2', category: 'Prime' })] });
      expect(result.seats.map((seat) => [seat.candidateCode, seat.date, seat.startTime])).toEqual([
        ['C2', '2026-01-18', '14:00'],
        ['C1', '2026-01-19', '10:00'],
      ]);
    });

    it('seats a candidate from a district outside the table only at centres of that very name', () => {
      const belagavi = centreOf({ code: 'BEL01', district: 'Belagavi', taluka: 'Chikodi', rooms: [{ name: 'R1', capacity: 1 }] });
      const result = run({
        centres: [belagavi, ...centres],
        candidates: [candidateOf({ candidateCode: 'C1', district: 'belagavi', taluka: 'Athani' }), candidateOf({ candidateCode: 'C2', district: 'Belagavi' })],
      });
      expect(centreOfSeat(result)).toEqual({ C1: 'BEL01' });
      expect(result.unseated).toEqual([{ candidateCode: 'C2', reason: 'district-unknown' }]);
    });

    it('never sends a candidate of a known district to a centre whose district is unknown', () => {
      const result = run({ centres: [centreOf({ code: 'BEL01', district: 'Belagavi' })], candidates: [candidateOf({ candidateCode: 'C1', district: 'Kolhapur' })] });
      expect(result.unseated).toEqual([{ candidateCode: 'C1', reason: 'no-room-in-taluka-district-or-nearby' }]);
    });
  });

  describe('reasons for not seating', () => {
    it('says no-sitting-for-category when no centre holds the category at the level', () => {
      const result = run({
        centres: [centreOf({ code: 'PUN01', sittings: [sittingOf({ category: 'Prime' }), sittingOf({ level: 'Advanced', category: 'High', startTime: '14:00', reportingTime: '13:00' })] })],
        candidates: [candidateOf({ candidateCode: 'C1', category: 'High' }), candidateOf({ candidateCode: 'C2', category: 'High', district: 'Nowhere' })],
      });
      expect(result.unseated).toEqual([
        { candidateCode: 'C1', reason: 'no-sitting-for-category' },
        { candidateCode: 'C2', reason: 'no-sitting-for-category' },
      ]);
    });

    it('says no-room-in-taluka-district-or-nearby when every allowed seat is taken', () => {
      const result = run({
        centres: [centreOf({ code: 'PUN01', rooms: [{ name: 'R1', capacity: 2 }] })],
        candidates: ['C1', 'C2', 'C3'].map((candidateCode) => candidateOf({ candidateCode, district: 'Gadchiroli' })),
      });
      expect(result.seats.map((seat) => seat.candidateCode)).toEqual(['C1', 'C2']);
      expect(result.unseated).toEqual([{ candidateCode: 'C3', reason: 'no-room-in-taluka-district-or-nearby' }]);
    });

    it('says district-unknown when the district is not Maharashtra\'s and no centre carries its name', () => {
      const result = run({ centres: [centreOf({ code: 'PUN01' })], candidates: [candidateOf({ candidateCode: 'C1', district: 'Atlantis' })] });
      expect(result.unseated).toEqual([{ candidateCode: 'C1', reason: 'district-unknown' }]);
    });
  });

  describe('rooms and seats', () => {
    it('never exceeds a room and numbers its seats from 1', () => {
      const centre = centreOf({ code: 'PUN01', rooms: [{ name: 'R1', capacity: 2 }, { name: 'R2', capacity: 1 }] });
      const result = run({ centres: [centre], candidates: ['C1', 'C2', 'C3', 'C4'].map((candidateCode) => candidateOf({ candidateCode, schoolCode: candidateCode })) });
      expect(result.seats.map((seat) => [seat.room, seat.seatInRoom])).toEqual([
        ['R1', 1],
        ['R1', 2],
        ['R2', 1],
      ]);
      expect(result.unseated).toEqual([{ candidateCode: 'C4', reason: 'no-room-in-taluka-district-or-nearby' }]);
      expect(result.rooms).toEqual([
        { centreCode: 'PUN01', room: 'R1', level: 'Mains', category: 'Prime', date: '2026-01-18', startTime: '10:00', used: 2, capacity: 2 },
        { centreCode: 'PUN01', room: 'R2', level: 'Mains', category: 'Prime', date: '2026-01-18', startTime: '10:00', used: 1, capacity: 1 },
      ]);
    });

    it('uses only the rooms a sitting names, in the centre\'s order, and reports every room of every sitting of the level', () => {
      const centre = centreOf({
        code: 'PUN01',
        rooms: [{ name: 'Lab', capacity: 3 }, { name: 'Hall', capacity: 3 }, { name: 'Library', capacity: 3 }],
        sittings: [sittingOf({ rooms: ['library', 'Lab'] }), sittingOf({ category: 'Sec', rooms: ['Hall'] }), sittingOf({ level: 'Advanced', date: '2026-02-01' })],
      });
      const result = run({ centres: [centre], candidates: ['C1', 'C2', 'C3'].map((candidateCode) => candidateOf({ candidateCode, schoolCode: candidateCode })) });
      expect(result.seats.map((seat) => `${seat.room} ${seat.seatInRoom}`)).toEqual(['Lab 1', 'Lab 2', 'Library 1']);
      expect(result.rooms.map((room) => `${room.category} ${room.room} ${room.used}/${room.capacity}`)).toEqual(['Prime Lab 2/3', 'Prime Library 1/3', 'Sec Hall 0/3']);
    });

    it('deals schools round-robin over rooms, largest school first', () => {
      const candidates = [
        ...['A1', 'A2', 'A3', 'A4'].map((candidateCode) => candidateOf({ candidateCode, schoolCode: 'SCH-A' })),
        ...['B1', 'B2'].map((candidateCode) => candidateOf({ candidateCode, schoolCode: 'SCH-B' })),
        candidateOf({ candidateCode: 'C1', schoolCode: 'SCH-C' }),
      ];
      expect(interleaveSchools(candidates).map((candidate) => candidate.candidateCode)).toEqual(['A1', 'B1', 'C1', 'A2', 'B2', 'A3', 'A4']);
      const centre = centreOf({ code: 'PUN01', rooms: [{ name: 'R1', capacity: 4 }, { name: 'R2', capacity: 2 }, { name: 'R3', capacity: 4 }] });
      const result = run({ centres: [centre], candidates });
      const byRoom = (room: string) => result.seats.filter((seat) => seat.room === room).map((seat) => seat.candidateCode);
      // Dealt A1 B1 C1 | A2 B2 A3 | A4 (R2 full after two): R1 holds A1 A2 A4, R2 B1 B2, R3 C1 A3.
      expect(byRoom('R1').sort()).toEqual(['A1', 'A2', 'A4']);
      expect(byRoom('R2').sort()).toEqual(['B1', 'B2']);
      expect(byRoom('R3').sort()).toEqual(['A3', 'C1']);
    });

    it('puts pupils of one school on alternate seats of a room', () => {
      const candidates = [
        ...['A1', 'A2', 'A3'].map((candidateCode) => candidateOf({ candidateCode, schoolCode: 'SCH-A' })),
        ...['B1', 'B2'].map((candidateCode) => candidateOf({ candidateCode, schoolCode: 'SCH-B' })),
      ];
      expect(spreadBySchool(candidates).map((candidate) => candidate.candidateCode)).toEqual(['A1', 'B1', 'A2', 'B2', 'A3']);
      const result = run({ centres: [centreOf({ code: 'PUN01', rooms: [{ name: 'R1', capacity: 5 }] })], candidates });
      expect(result.seats.map((seat) => seat.candidateCode)).toEqual(['A1', 'B1', 'A2', 'B2', 'A3']);
    });

    it('still seats a school\'s pupils side by side when it has more than half the room', () => {
      const candidates = ['A1', 'A2', 'A3', 'B1'].map((candidateCode) => candidateOf({ candidateCode, schoolCode: candidateCode.slice(0, 1) }));
      const result = run({ centres: [centreOf({ code: 'PUN01', rooms: [{ name: 'R1', capacity: 4 }] })], candidates });
      expect(result.seats.map((seat) => seat.candidateCode)).toEqual(['A1', 'B1', 'A2', 'A3']);
    });
  });

  describe('existing seats', () => {
    const centre = centreOf({ code: 'PUN01', number: 14, district: 'Pune', rooms: [{ name: 'R1', capacity: 4 }, { name: 'R2', capacity: 2 }] });

    it('keeps them, fills around them, continues the centre\'s sequence and counts them as kept', () => {
      const existing = [
        existingSeatOf({ candidateCode: 'OLD1', centreCode: 'PUN01', room: 'R1', seatInRoom: 2, sequence: 7 }),
        existingSeatOf({ candidateCode: 'OLD2', centreCode: 'PUN01', room: 'R2', seatInRoom: 1, sequence: 3, manual: true }),
      ];
      const result = run({ centres: [centre], existing, candidates: ['OLD1', 'C1', 'C2', 'C3'].map((candidateCode) => candidateOf({ candidateCode, schoolCode: candidateCode })) });
      expect(result.seats.map((seat) => [seat.candidateCode, seat.room, seat.seatInRoom, seat.sequence])).toEqual([
        ['C1', 'R1', 1, 8],
        ['C3', 'R1', 3, 9],
        ['C2', 'R2', 2, 10],
      ]);
      expect(result.kept).toEqual({ allocated: 1, manual: 1 });
      expect(result.rooms.map((room) => room.used)).toEqual([3, 2]);
    });

    it('counts a sequence of another sitting of the centre too', () => {
      const withTwo = { ...centre, sittings: [sittingOf(), sittingOf({ date: '2026-01-19' })] };
      const existing = [existingSeatOf({ candidateCode: 'OLD1', centreCode: 'PUN01', date: '2026-01-19', sequence: 40 })];
      const result = run({ centres: [withTwo], existing, candidates: [candidateOf({ candidateCode: 'C1' })] });
      expect(result.seats).toMatchObject([{ candidateCode: 'C1', date: '2026-01-18', sequence: 41 }]);
    });

    it('does not fill a room past a seat taken by hand', () => {
      const small = centreOf({ code: 'PUN01', rooms: [{ name: 'R1', capacity: 1 }] });
      const result = run({ centres: [small], existing: [existingSeatOf({ candidateCode: 'OLD1', centreCode: 'PUN01', manual: true })], candidates: [candidateOf({ candidateCode: 'C1' })] });
      expect(result.seats).toEqual([]);
      expect(result.unseated).toEqual([{ candidateCode: 'C1', reason: 'no-room-in-taluka-district-or-nearby' }]);
    });
  });

  describe('roll numbers', () => {
    it('prints the level, the centre\'s district and number, and the sequence', () => {
      const centres = [centreOf({ code: 'PUN01', number: 14, district: 'Poona' }), centreOf({ code: 'BEL01', number: 3, district: 'Belagavi', taluka: 'Athani' })];
      const candidates = [candidateOf({ candidateCode: 'C1' }), candidateOf({ candidateCode: 'C2', district: 'Belagavi', taluka: 'Athani' })];
      const result = allocateSeats({ level: 'Advanced', centres: centres.map((centre) => ({ ...centre, sittings: [sittingOf({ level: 'Advanced' })] })), candidates, existing: [] });
      expect(result.seats.map((seat) => seat.rollNumber)).toEqual([
        rollNumber({ level: 'Advanced', districtNumber: 99, centreNumber: 3, sequence: 1 }),
        rollNumber({ level: 'Advanced', districtNumber: 26, centreNumber: 14, sequence: 1 }),
      ]);
      expect(result.seats[1]?.rollNumber).toMatch(/^A-26-014-0001-\d$/);
      for (const seat of result.seats) expect(isValidRollNumber(seat.rollNumber)).toBe(true);
    });

    it('numbers a centre\'s new seats by sitting, then room as listed in the centre, then seat', () => {
      const centre = centreOf({
        code: 'PUN01',
        rooms: [{ name: 'Z-room', capacity: 1 }, { name: 'A-room', capacity: 1 }],
        sittings: [sittingOf({ date: '2026-01-19', category: 'Sec' }), sittingOf()],
      });
      const candidates = [candidateOf({ candidateCode: 'C1', category: 'Sec' }), candidateOf({ candidateCode: 'C2', schoolCode: 'X' }), candidateOf({ candidateCode: 'C3', schoolCode: 'Y' })];
      const result = run({ centres: [centre], candidates });
      expect(result.seats.map((seat) => `${seat.sequence} ${seat.date} ${seat.room}`)).toEqual(['1 2026-01-18 Z-room', '2 2026-01-18 A-room', '3 2026-01-19 Z-room']);
    });

    it('carries the sitting\'s reporting time', () => {
      const result = run({ centres: [centreOf({ code: 'PUN01', sittings: [sittingOf({ reportingTime: '08:45' })] })], candidates: [candidateOf({ candidateCode: 'C1' })] });
      expect(result.seats[0]).toMatchObject({ startTime: '10:00', reportingTime: '08:45' });
    });
  });

  it('answers nothing for nothing', () => {
    expect(run({})).toEqual({ seats: [], unseated: [], rooms: [], kept: { allocated: 0, manual: 0 } });
  });

  it('seats a candidate listed twice once', () => {
    const result = run({ centres: [centreOf({ code: 'PUN01' })], candidates: [candidateOf({ candidateCode: 'C1' }), candidateOf({ candidateCode: 'C1' })] });
    expect(result.seats.map((seat) => seat.candidateCode)).toEqual(['C1']);
  });
});
