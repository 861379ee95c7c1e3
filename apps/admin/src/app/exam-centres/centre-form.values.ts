import { EXAM_LEVELS, KBE_CATEGORIES, type CentreInput, type CentreView, type ExamLevel, type FieldError, type KbeCategory } from '@kbe/contracts';

/** What the admin types, as typed: numbers and room lists stay text until the contract reads them. */
export interface RoomRow {
  /** Stable across removals, for React and the fields' ids. */
  key: number;
  name: string;
  capacity: string;
}

export interface SittingRow {
  key: number;
  level: ExamLevel;
  category: KbeCategory;
  date: string;
  startTime: string;
  reportingTime: string;
  /** Room names separated by commas; empty: every room of the centre. */
  rooms: string;
}

export interface CentreFormValues {
  code: string;
  name: string;
  address: string;
  district: string;
  taluka: string;
  contact: string;
  rooms: RoomRow[];
  sittings: SittingRow[];
}

export type CentreDetailField = 'code' | 'name' | 'address' | 'district' | 'taluka' | 'contact';

let nextKey = 1;
const key = () => nextKey++;

export const emptyRoom = (): RoomRow => ({ key: key(), name: '', capacity: '' });

export const emptySitting = (): SittingRow => ({ key: key(), level: EXAM_LEVELS[0], category: KBE_CATEGORIES[0], date: '', startTime: '', reportingTime: '', rooms: '' });

export function centreFormValues(centre?: CentreView): CentreFormValues {
  if (!centre) return { code: '', name: '', address: '', district: '', taluka: '', contact: '', rooms: [emptyRoom()], sittings: [] };
  return {
    code: centre.code,
    name: centre.name,
    address: centre.address,
    district: centre.district,
    taluka: centre.taluka,
    contact: centre.contact,
    rooms: centre.rooms.map((room) => ({ key: key(), name: room.name, capacity: String(room.capacity) })),
    sittings: centre.sittings.map((sitting) => ({
      key: key(),
      level: sitting.level,
      category: sitting.category,
      date: sitting.date,
      startTime: sitting.startTime,
      reportingTime: sitting.reportingTime,
      rooms: (sitting.rooms ?? []).join(', '),
    })),
  };
}

/** A capacity as the contract reads it: a number when one was typed (its rules then speak), else nothing. */
const capacityOf = (text: string): number | undefined => (text.trim() === '' ? undefined : Number(text.trim()));

/** A centre as typed: a capacity left empty stays absent, so the contract's own message names it. */
export type CentreDraft = Omit<CentreInput, 'rooms'> & { rooms: { name: string; capacity: number | undefined }[] };

/** What `centreSchema` checks; once it passes, its output is the body the API receives. */
export function centreDraftOf(values: CentreFormValues): CentreDraft {
  return {
    code: values.code,
    name: values.name,
    address: values.address,
    district: values.district,
    taluka: values.taluka,
    contact: values.contact.trim(),
    rooms: values.rooms.map((room) => ({ name: room.name, capacity: capacityOf(room.capacity) })),
    sittings: values.sittings.map((sitting) => {
      const rooms = sitting.rooms
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
      return {
        level: sitting.level,
        category: sitting.category,
        date: sitting.date,
        startTime: sitting.startTime,
        reportingTime: sitting.reportingTime,
        ...(rooms.length > 0 ? { rooms } : {}),
      };
    }),
  };
}

/**
 * Errors by the contract's dotted path (`name`, `rooms.0.capacity`, `sittings.1` for an overlap),
 * the first message of each. A sitting's room list reports on `sittings.N.rooms` whichever name it is.
 */
export function errorsByPath(errors: readonly Pick<FieldError, 'field' | 'message'>[]): Record<string, string> {
  const byPath: Record<string, string> = {};
  for (const { field, message } of errors) {
    const path = field.replace(/^(sittings\.\d+\.rooms)\.\d+$/, '$1');
    byPath[path] ??= message;
  }
  return byPath;
}
