import { validMentor, validSchool } from '@kbe/contracts/testing';
import type { Connection } from 'mongoose';

export interface SeedSchool {
  code: string;
  name: string;
  phone: string;
}

export interface SeedMentor {
  code: string;
  school: string;
  name: string;
  phone: string;
  active: boolean;
}

/**
 * Schools and mentors stored as registration would store them (with codes a test chooses), for
 * the portal's integration specs: each school's contact and each mentor's phone receive the codes.
 * `udisePrefix` keeps the UDISE codes of two specs apart (10 digits, a school's index appended).
 */
export async function seedPortalAccounts(connection: Connection, schools: readonly SeedSchool[], mentors: readonly SeedMentor[], udisePrefix: string): Promise<void> {
  const school = validSchool();
  await connection.collection('schools').insertMany(
    schools.map((s, i) => ({
      ...school,
      _id: s.code as never,
      schoolCode: s.code,
      schoolName: s.name,
      udiseCode: `${udisePrefix}${i}`,
      contact: s.phone,
      nameSearch: s.name.toLowerCase(),
      createdAt: new Date(),
      eventId: `school-${s.code}`,
      eventQueued: true,
    })),
  );
  const mentor = validMentor();
  await connection.collection('mentors').insertMany(
    mentors.map((m) => ({
      ...mentor,
      _id: m.code as never,
      mentorCode: m.code,
      schoolCode: m.school,
      name: m.name,
      contact: m.phone,
      location: 'Nashik',
      isActive: m.active,
      nameSearch: m.name.toLowerCase(),
      fingerprint: `fp-${m.code}`,
      createdAt: new Date(),
      eventId: `mentor-${m.code}`,
      eventQueued: true,
    })),
  );
}
