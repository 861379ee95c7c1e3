import { Inject, Injectable } from '@nestjs/common';
import {
  adminDashboardResponseSchema,
  adminMentorListResponseSchema,
  adminMentorResponseSchema,
  adminSchoolListResponseSchema,
  contactInboxResponseSchema,
  REGISTRATION_INTERNAL_PATHS,
  type AdminDashboardData,
  type AdminMentorDetail,
  type AdminMentorListData,
  type AdminMentorListItem,
  type AdminSchoolListData,
  type ContactInboxData,
  type MentorRegistration,
} from '@kbe/contracts';
import type { AuthenticatedAdmin } from '@kbe/server-auth';
import { Readable } from 'node:stream';
import { AuditLog, type RequestOrigin } from '../../audit/audit-log';
import { REGISTRATION_CLIENT, type Query, type RegistrationClient } from '../../common/registration.client';
import { csvLine } from '@kbe/server-csv';

const MENTOR_CSV: [string, (mentor: AdminMentorListItem) => unknown][] = [
  ['Mentor Code', (m) => m.mentorCode],
  ['Name', (m) => m.name],
  ['Email', (m) => m.email],
  ['Mobile', (m) => m.mobile],
  ['Location', (m) => m.location],
  ['School Code', (m) => m.schoolCode],
  ['Subject', (m) => m.subjectTeaching],
  ['Experience (years)', (m) => m.workExperience],
  ['Status', (m) => (m.isActive ? 'Active' : 'Inactive')],
  ['Registered At', (m) => m.createdAt],
];

/** Dashboard, mentors, schools and the contact inbox, read from registration-service's internal API. */
@Injectable()
export class DirectoryUseCase {
  constructor(
    @Inject(REGISTRATION_CLIENT) private readonly registration: RegistrationClient,
    private readonly audit: AuditLog,
  ) {}

  async dashboard(): Promise<AdminDashboardData> {
    return (await this.registration.get(REGISTRATION_INTERNAL_PATHS.dashboard, undefined, adminDashboardResponseSchema)).data;
  }

  async mentors(query: Query): Promise<AdminMentorListData> {
    return (await this.registration.get(REGISTRATION_INTERNAL_PATHS.mentors, without(query, 'sort'), adminMentorListResponseSchema)).data;
  }

  async mentor(code: string): Promise<AdminMentorDetail> {
    return (await this.registration.get(REGISTRATION_INTERNAL_PATHS.mentor(code), undefined, adminMentorResponseSchema)).data;
  }

  async addMentor(admin: AuthenticatedAdmin, origin: RequestOrigin, body: MentorRegistration): Promise<AdminMentorDetail> {
    const mentor = (await this.registration.send('POST', REGISTRATION_INTERNAL_PATHS.mentors, { body }, adminMentorResponseSchema)).data;
    await this.audit.record(admin, origin, { action: 'mentor.add', target: { type: 'mentor', id: mentor.mentorCode } });
    return mentor;
  }

  async updateMentor(admin: AuthenticatedAdmin, origin: RequestOrigin, code: string, body: MentorRegistration): Promise<AdminMentorDetail> {
    const mentor = (await this.registration.send('PUT', REGISTRATION_INTERNAL_PATHS.mentor(code), { body }, adminMentorResponseSchema)).data;
    await this.audit.record(admin, origin, { action: 'mentor.edit', target: { type: 'mentor', id: code } });
    return mentor;
  }

  async setMentorActive(admin: AuthenticatedAdmin, origin: RequestOrigin, code: string, isActive: boolean): Promise<AdminMentorDetail> {
    const mentor = (
      await this.registration.send('PATCH', REGISTRATION_INTERNAL_PATHS.mentorStatus(code), { body: { isActive } }, adminMentorResponseSchema)
    ).data;
    await this.audit.record(admin, origin, { action: 'mentor.status', target: { type: 'mentor', id: code }, details: { isActive } });
    return mentor;
  }

  /** CSV of the mentors matching the filter, page by page. */
  exportMentors(query: Query): Readable {
    const registration = this.registration;
    const filters = without(query, 'sort', 'page', 'limit');
    async function* lines() {
      yield `\uFEFF${csvLine(MENTOR_CSV.map(([title]) => title))}`;
      for (let page = 1; ; page += 1) {
        const answer = await registration.get(REGISTRATION_INTERNAL_PATHS.mentors, { ...filters, page, limit: 100 }, adminMentorListResponseSchema);
        let chunk = '';
        for (const mentor of answer.data.mentors) chunk += csvLine(MENTOR_CSV.map(([, read]) => read(mentor)));
        if (chunk) yield chunk;
        if (page >= answer.data.pagination.pages) break;
      }
    }
    return Readable.from(lines());
  }

  async schools(query: Query): Promise<AdminSchoolListData> {
    return (await this.registration.get(REGISTRATION_INTERNAL_PATHS.schools, query, adminSchoolListResponseSchema)).data;
  }

  async messages(query: Query): Promise<ContactInboxData> {
    return (await this.registration.get(REGISTRATION_INTERNAL_PATHS.contactMessages, without(query, 'search'), contactInboxResponseSchema)).data;
  }
}

/** `query` without the parameters registration-service does not take. */
function without(query: Query, ...keys: string[]): Query {
  const copy = { ...query };
  for (const key of keys) delete copy[key];
  return copy;
}
