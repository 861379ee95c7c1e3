import type { Centre } from '@kbe/contracts';

/** A stored centre: the contract's centre, the number it was issued and its timestamps. */
export interface CentreRecord extends Centre {
  number: number;
  createdAt: Date;
  updatedAt: Date;
}

/**
 * A centre's own fields in one fixed order (rooms and sittings included, a sitting's absent room
 * list left out): what is stored, and what two centres are compared by (an import changes nothing
 * when they are equal).
 */
export function centreFields(centre: Centre): Centre {
  return {
    code: centre.code,
    name: centre.name,
    address: centre.address,
    district: centre.district,
    taluka: centre.taluka,
    contact: centre.contact,
    rooms: centre.rooms.map((room) => ({ name: room.name, capacity: room.capacity })),
    sittings: centre.sittings.map((sitting) => ({
      level: sitting.level,
      category: sitting.category,
      date: sitting.date,
      startTime: sitting.startTime,
      reportingTime: sitting.reportingTime,
      ...(sitting.rooms ? { rooms: [...sitting.rooms] } : {}),
    })),
  };
}

export const sameCentre = (a: Centre, b: Centre): boolean => JSON.stringify(centreFields(a)) === JSON.stringify(centreFields(b));
