import { CENTRE_CSV_COLUMNS, EXAM_LEVELS, type CentreView, type ExamLevel, type RoomUse, type UnseatedReason } from '@kbe/contracts';

/** Why a candidate was left without a seat, in the words an organiser reads (the allocation's rule 3). */
export const UNSEATED_REASON_LABELS: Record<UnseatedReason, string> = {
  'no-sitting-for-category': 'No centre has a sitting of this level for the candidate’s category',
  'no-room-in-taluka-district-or-nearby': 'No free seat in the candidate’s taluka, district or the nearest districts',
  'district-unknown': 'The candidate’s district is not one of the 36, and no centre in a district of that name had a free seat',
};

export const LEVEL_OPTIONS: readonly { value: ExamLevel; label: string }[] = EXAM_LEVELS.map((level) => ({ value: level, label: level }));

/** `Mains Prime, 2027-01-17 10:30`: the paper a room is used for. */
export const paperOf = (room: Pick<RoomUse, 'level' | 'category' | 'date' | 'startTime'>) => `${room.level} ${room.category}, ${room.date} ${room.startTime}`;

export const totalCapacity = (centre: Pick<CentreView, 'rooms'>) => centre.rooms.reduce((sum, room) => sum + room.capacity, 0);

/** One CSV cell: quoted when it holds a comma, a quote or a line break. */
const csvCell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

const TEMPLATE_EXAMPLE: Record<(typeof CENTRE_CSV_COLUMNS)[number], string> = {
  code: 'NSK01',
  name: 'Nashik Centre',
  address: 'College road, Nashik',
  district: 'Nashik',
  taluka: 'Nashik',
  contact: '9876543210',
  room: 'R1',
  capacity: '30',
  sittings: 'Mains|Prime|2027-01-17|10:30|09:45,Mains|Sec|2027-01-17|14:00|13:15',
};

/** The import's template: the header of CENTRE_CSV_COLUMNS and one example line (one room of one centre). */
export function centreCsvTemplate(): string {
  return `${CENTRE_CSV_COLUMNS.join(',')}\n${CENTRE_CSV_COLUMNS.map((column) => csvCell(TEMPLATE_EXAMPLE[column])).join(',')}\n`;
}
