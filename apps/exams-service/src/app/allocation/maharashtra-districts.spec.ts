import { MAHARASHTRA_DISTRICTS, distanceKm, districtOf, nearestDistricts, normalisePlaceName, orderByDistance } from './maharashtra-districts';

const named = (name: string) => {
  const entry = districtOf(name);
  if (!entry) throw new Error(`${name} is not a district`);
  return entry;
};

describe('Maharashtra districts', () => {
  it('lists 36 districts numbered 1 to 36 in the alphabetical order of their official names', () => {
    expect(MAHARASHTRA_DISTRICTS).toHaveLength(36);
    expect(MAHARASHTRA_DISTRICTS.map((entry) => entry.number)).toEqual(Array.from({ length: 36 }, (_, i) => i + 1));
    const names = MAHARASHTRA_DISTRICTS.map((entry) => entry.name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
    expect(names[0]).toBe('Ahilyanagar');
    expect(names[35]).toBe('Yavatmal');
  });

  it('places every headquarters inside Maharashtra', () => {
    for (const entry of MAHARASHTRA_DISTRICTS) {
      expect(entry.latitude).toBeGreaterThan(15.6);
      expect(entry.latitude).toBeLessThan(22.1);
      expect(entry.longitude).toBeGreaterThan(72.6);
      expect(entry.longitude).toBeLessThan(80.9);
    }
  });

  it.each([
    ['Ahmednagar', 'Ahilyanagar'],
    ['Ahilyanagar', 'Ahilyanagar'],
    ['Aurangabad', 'Chhatrapati Sambhajinagar'],
    ['Chhatrapati Sambhajinagar', 'Chhatrapati Sambhajinagar'],
    ['Chh. Sambhajinagar', 'Chhatrapati Sambhajinagar'],
    ['Osmanabad', 'Dharashiv'],
    ['Dharashiv', 'Dharashiv'],
    ['Mumbai City', 'Mumbai City'],
    ['Mumbai Suburban', 'Mumbai Suburban'],
    ['Beed', 'Beed'],
    ['Bid', 'Beed'],
    ['Gondia', 'Gondia'],
    ['Gondiya', 'Gondia'],
    ['Raigad', 'Raigad'],
    ['Raigarh', 'Raigad'],
    ['Nasik', 'Nashik'],
    ['Poona', 'Pune'],
  ])('reads %s as %s', (written, official) => {
    expect(districtOf(written)?.name).toBe(official);
  });

  it('ignores case, spaces, punctuation and the word district', () => {
    expect(districtOf('  PUNE  ')?.number).toBe(26);
    expect(districtOf('pune district')?.number).toBe(26);
    expect(districtOf('Dist. Pune')?.number).toBe(26);
    expect(districtOf('mumbai-suburban')?.number).toBe(19);
    expect(districtOf('Ahilya Nagar')?.number).toBe(1);
    expect(districtOf('Chhatrapati  Sambhaji-nagar')?.number).toBe(8);
    expect(normalisePlaceName('Haveli (Pune) District')).toBe('havelipune');
  });

  it('answers null for a place that is not a district of Maharashtra', () => {
    expect(districtOf('Belagavi')).toBeNull();
    expect(districtOf('')).toBeNull();
    expect(districtOf('District')).toBeNull();
  });

  it('orders the other districts by the distance of their headquarters', () => {
    const pune = named('Pune');
    const nearest = nearestDistricts(pune);
    expect(nearest).toHaveLength(35);
    expect(nearest).not.toContain(pune);
    const distances = nearest.map((other) => distanceKm(pune, other));
    expect([...distances].sort((a, b) => a - b)).toEqual(distances);
    expect(nearest[nearest.length - 1]?.name).toBe('Gondia');
    expect(nearestDistricts(named('Mumbai City'))[0]?.name).toBe('Mumbai Suburban');
    expect(nearestDistricts(named('Nagpur')).slice(0, 2).map((entry) => entry.name).sort()).toEqual(['Bhandara', 'Wardha']);
  });

  it('measures great-circle distances in km (Pune to Mumbai about 120 km)', () => {
    const km = distanceKm(named('Pune'), named('Mumbai City'));
    expect(km).toBeGreaterThan(110);
    expect(km).toBeLessThan(130);
    expect(distanceKm(named('Pune'), named('Pune'))).toBe(0);
  });

  it('breaks equal distances by district number', () => {
    const here = { number: 50, latitude: 20, longitude: 75 };
    // One degree of longitude east and west of a point are equally far; the lower number comes first.
    const places = [
      { number: 7, latitude: 20, longitude: 76 },
      { number: 3, latitude: 20, longitude: 74 },
      { number: 9, latitude: 20.5, longitude: 75 },
    ];
    expect(orderByDistance(here, places).map((place) => place.number)).toEqual([9, 3, 7]);
  });
});
