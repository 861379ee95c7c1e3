import type { Centre } from '@kbe/contracts';
import { centreListsRequestOf } from './centre-lists.request';

const centre: Centre = {
  code: 'NSK01',
  name: 'Nashik Centre',
  address: 'College road',
  district: 'Nashik',
  taluka: 'Nashik',
  contact: '9876543210',
  rooms: [
    { name: 'R2', capacity: 20 },
    { name: 'R1', capacity: 30 },
  ],
  sittings: [{ level: 'Mains', category: 'Prime', date: '2027-01-17', startTime: '10:30', reportingTime: '09:45' }],
};
const seat = (n: number, room: string, fields: object = {}) => ({
  candidateCode: `KBE70000${n}CLA`,
  level: 'Mains' as const,
  room,
  seatInRoom: n,
  date: '2027-01-17',
  startTime: '10:30',
  reportingTime: '09:45',
  sequence: n,
  rollNumber: `M-21-001-000${n}-0`,
  ...fields,
});

describe('centreListsRequestOf', () => {
  it('is null without seats', () => {
    expect(centreListsRequestOf(centre, [])).toBeNull();
  });

  it("groups by paper, rooms in the centre's order, seats in roll order; a seat whose sitting is gone keeps its paper without a category", () => {
    const request = centreListsRequestOf(centre, [seat(3, 'R2'), seat(1, 'r1'), seat(2, 'R1'), seat(4, 'R1', { startTime: '14:00' })]);
    expect(request?.papers.map((p) => [p.startTime, p.category, p.rooms.map((r) => [r.name, r.capacity, r.seats.map((s) => s.seatInRoom)])])).toEqual([
      ['10:30', 'Prime', [['R2', 20, [3]], ['r1', 30, [1, 2]]]],
      ['14:00', null, [['R1', 30, [4]]]],
    ]);
  });

  it('keys the lists by what they print: the same seats in any order give the same key, a moved seat or a renamed centre another', () => {
    const key = centreListsRequestOf(centre, [seat(1, 'R1'), seat(2, 'R1')])?.key;
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(centreListsRequestOf(centre, [seat(2, 'R1'), seat(1, 'R1')])?.key).toBe(key);
    expect(centreListsRequestOf(centre, [seat(1, 'R1'), seat(2, 'R2')])?.key).not.toBe(key);
    expect(centreListsRequestOf({ ...centre, name: 'Another' }, [seat(1, 'R1'), seat(2, 'R1')])?.key).not.toBe(key);
  });
});
