import { Inject, Injectable } from '@nestjs/common';
import { isMentorCode, type PortalRole } from '@kbe/contracts';
import { MENTOR_REPOSITORY, type MentorRepository } from '../mentors/mentor.repository';
import { SCHOOL_REPOSITORY, type SchoolRepository } from '../schools/school.repository';

/** A school or a mentor as the portal signs them in. */
export interface PortalAccountRecord {
  role: PortalRole;
  code: string;
  /** The school's name, or the mentor's. */
  name: string;
  schoolCode: string;
  /** The registered mobile the sign-in code goes to. */
  phoneNumber: string;
  /** A mentor an admin has set inactive may not sign in; a school is always active. */
  active: boolean;
}

/** Finds the school or mentor of a code (by `_id`: both are keyed by their codes). */
@Injectable()
export class PortalAccounts {
  constructor(
    @Inject(SCHOOL_REPOSITORY) private readonly schools: SchoolRepository,
    @Inject(MENTOR_REPOSITORY) private readonly mentors: MentorRepository,
  ) {}

  /** `code` normalised (trimmed, upper case); null when no school or mentor has it. */
  async find(code: string): Promise<PortalAccountRecord | null> {
    if (isMentorCode(code)) {
      const mentor = await this.mentors.findByCode(code);
      return mentor && { role: 'mentor', code, name: mentor.name, schoolCode: mentor.schoolCode, phoneNumber: mentor.contact, active: mentor.isActive };
    }
    const school = await this.schools.findByCode(code);
    return school && { role: 'school', code, name: school.schoolName, schoolCode: code, phoneNumber: school.contact, active: true };
  }

  async schoolName(schoolCode: string): Promise<string> {
    return (await this.schools.findByCode(schoolCode))?.schoolName ?? '';
  }
}
