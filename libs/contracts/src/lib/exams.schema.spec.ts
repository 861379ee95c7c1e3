import { centreSchema, sittingsOverlap, type CentreInput, type Sitting } from './exams.schema';

const sitting = (fields: Partial<Sitting> = {}): Sitting => ({ level: 'Mains', category: 'Prime', date: '2027-01-17', startTime: '10:30', reportingTime: '09:45', ...fields });
const centre = (fields: Partial<CentreInput> = {}): CentreInput => ({
  code: 'nsk01',
  name: 'Nashik Centre',
  address: 'College road, Nashik',
  district: 'Nashik',
  taluka: 'Nashik',
  contact: '9876543210',
  rooms: [{ name: 'R1', capacity: 30 }, { name: 'R2', capacity: 30 }],
  sittings: [sitting()],
  ...fields,
});
const messages = (input: unknown) => {
  const result = centreSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('sittingsOverlap: a shared room, one day, one paper not ended before the other starts', () => {
  it('a Mains paper (90 minutes) holds its rooms until it ends', () => {
    expect(sittingsOverlap(sitting(), sitting({ category: 'Sec', startTime: '11:59' }), ['R1'], ['R1'])).toBe(true);
    expect(sittingsOverlap(sitting(), sitting({ category: 'Sec', startTime: '12:00' }), ['R1'], ['R1'])).toBe(false);
  });

  it('other rooms, another day, or a room named in another case', () => {
    expect(sittingsOverlap(sitting(), sitting({ category: 'Sec' }), ['R1'], ['R2'])).toBe(false);
    expect(sittingsOverlap(sitting(), sitting({ category: 'Sec', date: '2027-01-18' }), ['R1'], ['R1'])).toBe(false);
    expect(sittingsOverlap(sitting(), sitting({ category: 'Sec' }), ['R1'], ['r1'])).toBe(true);
  });
});

describe('centreSchema', () => {
  it('accepts a centre and upper-cases its code', () => {
    expect(centreSchema.parse(centre()).code).toBe('NSK01');
  });

  it('names each problem: capacity, a room twice, an unknown room, reporting after the start, overlapping sittings', () => {
    expect(messages(centre({ rooms: [{ name: 'R1', capacity: 0 }] }))).toEqual(['rooms.0.capacity: Capacity must be at least 1']);
    expect(messages(centre({ rooms: [{ name: 'R1', capacity: 5 }, { name: 'r1', capacity: 5 }] }))).toEqual(['rooms.1.name: Room r1 is listed twice']);
    expect(messages(centre({ sittings: [sitting({ rooms: ['Lab'] })] }))).toEqual(["sittings.0.rooms: Room Lab is not one of the centre's rooms"]);
    expect(messages(centre({ sittings: [sitting({ reportingTime: '10:30' })] }))).toEqual(['sittings.0.reportingTime: Reporting time must be before the start time']);
    expect(messages(centre({ sittings: [sitting(), sitting({ category: 'High', startTime: '11:00', rooms: ['R2'] })] }))).toEqual([
      'sittings.1: Sitting 2 (Mains High, 2027-01-17 11:00) overlaps sitting 1 in a shared room',
    ]);
    expect(messages(centre({ sittings: [sitting({ rooms: ['R1'] }), sitting({ category: 'High', rooms: ['R2'] })] }))).toEqual([]);
  });
});
