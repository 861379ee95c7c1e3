/**
 * Maharashtra's 36 districts as the seat allocation and the roll numbers use them.
 *
 * Numbers: 01..36 in the alphabetical order of the districts' official English names as of 2024
 * (Ahilyanagar, Chhatrapati Sambhajinagar and Dharashiv under their new names). Roll numbers
 * print them, so they are frozen: a later renaming adds an alias and keeps the number. A district
 * made later would take 37.
 *
 * Places: the approximate latitude and longitude of each district's headquarters (the collector's
 * town), to two decimals, enough to order the districts by distance.
 */
export interface MaharashtraDistrict {
  /** 1..36, stable. */
  number: number;
  /** The official English name. */
  name: string;
  /** Other spellings and former names, as people write them. */
  aliases: readonly string[];
  headquarters: string;
  latitude: number;
  longitude: number;
}

const district = (number: number, name: string, headquarters: string, latitude: number, longitude: number, aliases: string[] = []): MaharashtraDistrict =>
  Object.freeze({ number, name, headquarters, latitude, longitude, aliases: Object.freeze(aliases) });

export const MAHARASHTRA_DISTRICTS: readonly MaharashtraDistrict[] = Object.freeze([
  district(1, 'Ahilyanagar', 'Ahilyanagar', 19.09, 74.74, ['Ahmednagar', 'Ahmadnagar', 'Ahmed Nagar', 'Ahilya Nagar']),
  district(2, 'Akola', 'Akola', 20.7, 77.0),
  district(3, 'Amravati', 'Amravati', 20.93, 77.75, ['Amraoti', 'Amrawati']),
  district(4, 'Beed', 'Beed', 18.99, 75.76, ['Bid', 'Bhir', 'Bir']),
  district(5, 'Bhandara', 'Bhandara', 21.17, 79.65),
  district(6, 'Buldhana', 'Buldhana', 20.53, 76.18, ['Buldana']),
  district(7, 'Chandrapur', 'Chandrapur', 19.96, 79.3, ['Chanda']),
  district(8, 'Chhatrapati Sambhajinagar', 'Chhatrapati Sambhajinagar', 19.88, 75.34, ['Aurangabad', 'Sambhajinagar', 'Chh. Sambhajinagar', 'Chhatrapati Sambhaji Nagar']),
  district(9, 'Dharashiv', 'Dharashiv', 18.18, 76.04, ['Osmanabad']),
  district(10, 'Dhule', 'Dhule', 20.9, 74.77, ['Dhulia']),
  district(11, 'Gadchiroli', 'Gadchiroli', 20.18, 80.0),
  district(12, 'Gondia', 'Gondia', 21.46, 80.2, ['Gondiya']),
  district(13, 'Hingoli', 'Hingoli', 19.72, 77.15),
  district(14, 'Jalgaon', 'Jalgaon', 21.01, 75.56),
  district(15, 'Jalna', 'Jalna', 19.84, 75.88, ['Jalana']),
  district(16, 'Kolhapur', 'Kolhapur', 16.7, 74.24),
  district(17, 'Latur', 'Latur', 18.4, 76.57),
  // "Mumbai" alone is taken for the city district; the suburban district is next in distance.
  district(18, 'Mumbai City', 'Mumbai (Fort)', 18.94, 72.83, ['Mumbai', 'Bombay', 'Bombay City', 'Mumbai Shahar']),
  district(19, 'Mumbai Suburban', 'Bandra', 19.06, 72.84, ['Mumbai Suburb', 'Mumbai Suburbs', 'Mumbai Upnagar', 'Bombay Suburban']),
  district(20, 'Nagpur', 'Nagpur', 21.15, 79.09),
  district(21, 'Nanded', 'Nanded', 19.15, 77.31),
  district(22, 'Nandurbar', 'Nandurbar', 21.37, 74.24),
  district(23, 'Nashik', 'Nashik', 20.0, 73.79, ['Nasik']),
  district(24, 'Palghar', 'Palghar', 19.7, 72.77),
  district(25, 'Parbhani', 'Parbhani', 19.27, 76.77),
  district(26, 'Pune', 'Pune', 18.52, 73.86, ['Poona']),
  district(27, 'Raigad', 'Alibag', 18.64, 72.87, ['Raigarh', 'Kolaba']),
  district(28, 'Ratnagiri', 'Ratnagiri', 16.99, 73.3),
  district(29, 'Sangli', 'Sangli', 16.85, 74.58),
  district(30, 'Satara', 'Satara', 17.68, 74.0),
  district(31, 'Sindhudurg', 'Oros (Sindhudurgnagari)', 16.08, 73.68),
  district(32, 'Solapur', 'Solapur', 17.66, 75.91, ['Sholapur']),
  district(33, 'Thane', 'Thane', 19.22, 72.98, ['Thana']),
  district(34, 'Wardha', 'Wardha', 20.74, 78.6),
  district(35, 'Washim', 'Washim', 20.11, 77.13, ['Vashim']),
  district(36, 'Yavatmal', 'Yavatmal', 20.39, 78.12, ['Yeotmal']),
]);

/**
 * A place name reduced for comparison: lower case, accents dropped, the words "district" and
 * "dist" dropped, and then only letters and digits kept ("Ahilya Nagar District" -> "ahilyanagar").
 */
export function normalisePlaceName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\b(district|dist|dt)\b\.?/g, ' ')
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, '');
}

const byKey = new Map<string, MaharashtraDistrict>();
for (const entry of MAHARASHTRA_DISTRICTS) {
  for (const name of [entry.name, ...entry.aliases]) {
    const key = normalisePlaceName(name);
    const earlier = byKey.get(key);
    if (earlier && earlier !== entry) throw new Error(`District name ${name} is claimed by ${earlier.name} and ${entry.name}`);
    byKey.set(key, entry);
  }
}

/** The district a name (official, former or another spelling) refers to, or null. */
export function districtOf(name: string): MaharashtraDistrict | null {
  return byKey.get(normalisePlaceName(name)) ?? null;
}

const EARTH_RADIUS_KM = 6371;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance between two headquarters (haversine), in km. */
export function distanceKm(a: Pick<MaharashtraDistrict, 'latitude' | 'longitude'>, b: Pick<MaharashtraDistrict, 'latitude' | 'longitude'>): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

type Place = Pick<MaharashtraDistrict, 'number' | 'latitude' | 'longitude'>;

/** Places other than `from`, nearest first, equal distances by number. */
export function orderByDistance<T extends Place>(from: Place, places: readonly T[]): T[] {
  return places
    .filter((other) => other.number !== from.number)
    .map((other) => ({ other, km: distanceKm(from, other) }))
    .sort((a, b) => a.km - b.km || a.other.number - b.other.number)
    .map(({ other }) => other);
}

const nearestCache = new Map<number, readonly MaharashtraDistrict[]>();

/** The other 35 districts, nearest headquarters first (ties by number). */
export function nearestDistricts(entry: MaharashtraDistrict): readonly MaharashtraDistrict[] {
  let nearest = nearestCache.get(entry.number);
  if (!nearest) nearestCache.set(entry.number, (nearest = Object.freeze(orderByDistance(entry, MAHARASHTRA_DISTRICTS))));
  return nearest;
}
