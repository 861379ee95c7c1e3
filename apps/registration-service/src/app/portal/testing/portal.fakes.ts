import { DEFAULT_OTP_POLICY, OtpService, type OtpChallenge, type OtpStore } from '@kbe/server-otp';
import type { MentorRecord, MentorRepository } from '../../mentors/mentor.repository';
import type { SchoolRecord, SchoolRepository } from '../../schools/school.repository';
import { PortalAccounts } from '../portal-accounts';
import type { PortalSessionRecord, PortalSessionStore } from '../portal-session.store';

/** The OTP store in memory, as the Mongo one behaves (by key). */
export class MemoryOtpStore implements OtpStore {
  readonly challenges = new Map<string, OtpChallenge>();
  readonly sends = new Map<string, number>();

  async find(id: string) {
    return this.challenges.get(id) ?? null;
  }
  async put(challenge: OtpChallenge, replacing: Date | null) {
    const current = this.challenges.get(challenge.id);
    if ((current?.sentAt.getTime() ?? null) !== (replacing?.getTime() ?? null)) return false;
    this.challenges.set(challenge.id, { ...challenge });
    return true;
  }
  async takeAttempt(id: string, sentAt: Date, maxAttempts: number) {
    const current = this.challenges.get(id);
    if (!current || current.sentAt.getTime() !== sentAt.getTime() || current.attempts >= maxAttempts) return null;
    current.attempts += 1;
    return { ...current };
  }
  async remove(id: string, sentAt: Date) {
    const current = this.challenges.get(id);
    if (!current || current.sentAt.getTime() !== sentAt.getTime()) return false;
    return this.challenges.delete(id);
  }
  async countSend(key: string, max: number) {
    const count = this.sends.get(key) ?? 0;
    if (count >= max) return false;
    this.sends.set(key, count + 1);
    return true;
  }
  async uncountSend(key: string) {
    this.sends.set(key, Math.max(0, (this.sends.get(key) ?? 0) - 1));
  }
}

export class MemoryPortalSessionStore implements PortalSessionStore {
  readonly sessions = new Map<string, PortalSessionRecord>();

  async create(session: PortalSessionRecord) {
    this.sessions.set(session.tokenHash, { ...session });
  }
  async find(tokenHash: string) {
    return this.sessions.get(tokenHash) ?? null;
  }
  async remove(tokenHash: string) {
    return this.sessions.delete(tokenHash);
  }
}

export const SCHOOL: SchoolRecord = {
  schoolCode: 'SCH-7KQ2XM',
  schoolName: 'Nashik Model School',
  udiseCode: '27201234567',
  contact: '9876543210',
  schoolType: 'Secondary',
  address: { area: 'a', locality: 'l', street: 's', village: 'v', town: 't', city: 'Nashik', state: 'Maharashtra', pin: '422013' },
  principal: { name: 'S. Kulkarni', contact: '9123456780' },
  createdAt: new Date('2026-10-01T00:00:00Z'),
} as SchoolRecord;

export function mentorRecord(mentorCode: string, fields: Partial<MentorRecord> = {}): MentorRecord {
  return {
    mentorCode,
    schoolCode: SCHOOL.schoolCode,
    name: 'Anita Deshmukh',
    address: '12 College Road',
    location: 'Nashik',
    contact: '9988776655',
    subjectTeaching: 'Physics',
    workExperience: 7,
    activitiesParticipated: 'Science fair',
    opinionOnISRO: 'Inspiring',
    isActive: true,
    createdAt: new Date('2026-10-02T00:00:00Z'),
    ...fields,
  };
}

/** Accounts over a fixed set of schools and mentors. */
export function portalAccountsOf(schools: SchoolRecord[], mentors: MentorRecord[]): PortalAccounts {
  return new PortalAccounts(
    { findByCode: async (code: string) => schools.find((school) => school.schoolCode === code) ?? null } as unknown as SchoolRepository,
    {
      findByCode: async (code: string) => mentors.find((mentor) => mentor.mentorCode === code) ?? null,
      findBySchool: async (code: string) => mentors.filter((mentor) => mentor.schoolCode === code),
    } as unknown as MentorRepository,
  );
}

/** A real OtpService over the memory store, on `clock`, with codes 482913, 482914, ... */
export function otpServiceOn(clock: { now(): Date }, store = new MemoryOtpStore()): OtpService {
  let next = 482913;
  return new OtpService(store, { policy: DEFAULT_OTP_POLICY, hashKey: Buffer.from('test-key'), clock, random: () => next++ });
}
